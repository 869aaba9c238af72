/**
 * A dispute's machine, between the order's two sides: the buyer opens it on received
 * lines; the seller accepts it with a remedy (a credit note for the value, or a
 * redelivery that reopens the quantity on the order) or rejects it with a reason. While it
 * is open the seller has until its deadline (3 working days in Riyadh); past it the seller
 * is reminded and the admin sees it. Every move happens once.
 */
import type { Lifecycle } from '../lifecycle';
import type { PurchaseOrderSide } from './purchase-orders';

const DISPUTE_STATES = ['open', 'accepted', 'rejected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATES)[number];

export const disputeLifecycle = {
  states: DISPUTE_STATES,
  initial: 'open',
  terminal: ['accepted', 'rejected'],
  transitions: [
    { from: ['open'], to: 'accepted', actor: 'seller', action: 'accept' },
    { from: ['open'], to: 'rejected', actor: 'seller', action: 'reject' },
  ],
} as const satisfies Lifecycle<DisputeStatus, PurchaseOrderSide>;
