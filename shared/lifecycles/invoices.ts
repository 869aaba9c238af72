/**
 * The machines of money: a tax invoice (or credit note) waits for ZATCA, whose answer
 * settles it (cleared or reported: accepted; rejected: as if never issued); a payment
 * recorded by the buyer is confirmed or disputed by the seller it was paid to (a card
 * payment the gateway confirmed is stored confirmed at once).
 */
import type { Lifecycle } from '../lifecycle';

/**
 * pending: signed and chained, not yet sent (ZATCA did not answer; it is sent again);
 * cleared: ZATCA cleared a standard tax invoice or note, and the buyer sees it; reported:
 * ZATCA accepted a simplified one (B2C, reported rather than cleared), and the buyer sees
 * it; rejected: ZATCA refused it, with its messages (the seller corrects what they name and
 * issues again).
 */
const INVOICE_STATES = ['pending', 'cleared', 'reported', 'rejected'] as const;
export type InvoiceStatus = (typeof INVOICE_STATES)[number];

export const invoiceLifecycle: Lifecycle<InvoiceStatus> = {
  states: INVOICE_STATES,
  initial: 'pending',
  terminal: ['cleared', 'reported', 'rejected'],
  transitions: [
    { from: ['pending'], to: 'cleared', actor: 'system', action: 'clear' },
    { from: ['pending'], to: 'reported', actor: 'system', action: 'report' },
    { from: ['pending'], to: 'rejected', actor: 'system', action: 'reject' },
  ],
};

/** recorded: the buyer says they paid; confirmed: the seller received it (only then it counts); disputed: the seller did not, with a reason. */
const PAYMENT_STATES = ['recorded', 'confirmed', 'disputed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const paymentLifecycle = {
  states: PAYMENT_STATES,
  initial: 'recorded',
  terminal: ['confirmed', 'disputed'],
  transitions: [
    { from: ['recorded'], to: 'confirmed', actor: 'payee', action: 'confirm' },
    { from: ['recorded'], to: 'disputed', actor: 'payee', action: 'dispute' },
  ],
} as const satisfies Lifecycle<PaymentState, 'payee'>;
