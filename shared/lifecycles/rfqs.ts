/**
 * The machines of requests for quotation. An RFQ is open until its closing time, then
 * closed: closed is never stored, it is read from the clock (rfqPhase in shared/rfq.ts).
 * The buyer awards it, open or closed, once, or cancels it until then. A quote is
 * submitted until the award, which makes it won (some of its lines awarded) or lost; a
 * cancelled RFQ's quotes are lost.
 */
import type { Lifecycle } from '../lifecycle';

const RFQ_STATES = ['open', 'closed', 'awarded', 'cancelled'] as const;
export type RfqStatus = (typeof RFQ_STATES)[number];

export const rfqLifecycle: Lifecycle<RfqStatus> = {
  states: RFQ_STATES,
  initial: 'open',
  terminal: ['awarded', 'cancelled'],
  derived: ['closed'],
  openFor: 'open',
  transitions: [
    { from: ['open'], to: 'closed', actor: 'system', action: 'close' },
    { from: ['open', 'closed'], to: 'awarded', actor: 'owner', action: 'award' },
    { from: ['open', 'closed'], to: 'cancelled', actor: 'owner', action: 'cancel' },
  ],
};

const RFQ_QUOTE_STATES = ['submitted', 'won', 'lost'] as const;
export type RfqQuoteStatus = (typeof RFQ_QUOTE_STATES)[number];

export const rfqQuoteLifecycle: Lifecycle<RfqQuoteStatus> = {
  states: RFQ_QUOTE_STATES,
  initial: 'submitted',
  terminal: ['won', 'lost'],
  transitions: [
    { from: ['submitted'], to: 'won', actor: 'owner', action: 'award', cascade: true },
    { from: ['submitted'], to: 'lost', actor: 'owner', action: 'award', cascade: true },
    { from: ['submitted'], to: 'lost', actor: 'owner', action: 'cancel', cascade: true },
  ],
};
