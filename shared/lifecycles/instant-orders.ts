/**
 * The machines of instant orders: the contractor's order, open for offers while active,
 * and the suppliers' responses to it; accepting one response rejects the others, and
 * cancelling or expiring the order rejects them all.
 */
import type { Lifecycle } from '../lifecycle';

const INSTANT_ORDER_STATES = ['active', 'fulfilled', 'cancelled', 'expired'] as const;
export type InstantOrderStatus = (typeof INSTANT_ORDER_STATES)[number];

export const instantOrderLifecycle: Lifecycle<InstantOrderStatus> = {
  states: INSTANT_ORDER_STATES,
  initial: 'active',
  terminal: ['fulfilled', 'cancelled', 'expired'],
  openFor: 'active',
  transitions: [
    { from: ['active'], to: 'fulfilled', actor: 'owner', action: 'accept' },
    { from: ['active'], to: 'cancelled', actor: 'owner', action: 'cancel' },
    { from: ['active'], to: 'expired', actor: 'system', action: 'expire' },
  ],
};

const INSTANT_ORDER_RESPONSE_STATES = ['submitted', 'accepted', 'rejected'] as const;
export type InstantOrderResponseStatus = (typeof INSTANT_ORDER_RESPONSE_STATES)[number];

export const instantOrderResponseLifecycle: Lifecycle<InstantOrderResponseStatus> = {
  states: INSTANT_ORDER_RESPONSE_STATES,
  initial: 'submitted',
  terminal: ['accepted', 'rejected'],
  transitions: [
    { from: ['submitted'], to: 'accepted', actor: 'owner', action: 'accept' },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'accept', cascade: true },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'cancel', cascade: true },
    { from: ['submitted'], to: 'rejected', actor: 'system', action: 'expire', cascade: true },
  ],
};
