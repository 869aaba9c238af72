/**
 * A purchase order's machine, between its two sides: the seller answers an issued order;
 * the buyer may cancel it until anything moved on it (a receipt, an invoice, a payment, a
 * delivery's proof: the order's cancel blocker). The buyer's goods receipts move it to
 * partially_received and received (what was accepted against what is open); the seller's
 * deliver is their word that the goods were handed over. The buyer closes it once the
 * goods are in, or closes it short: what is still open is cancelled.
 *
 * An order of a site over what its company approved (or placed on a site without a
 * request) starts awaiting_approval: the approval of its purchase request of kind order
 * issues it, a rejection there cancels it. Nothing else moves on it: the seller answers
 * only an issued order, and the buyer's way to stop it is its approvers' rejection.
 */
import type { Lifecycle } from '../lifecycle';

const PURCHASE_ORDER_STATES = ['awaiting_approval', 'issued', 'accepted', 'declined', 'partially_received', 'received', 'delivered', 'closed', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATES)[number];

/** Which side of an order a party is on. */
export const PURCHASE_ORDER_SIDES = ['buyer', 'seller'] as const;
export type PurchaseOrderSide = (typeof PURCHASE_ORDER_SIDES)[number];

export const purchaseOrderLifecycle = {
  states: PURCHASE_ORDER_STATES,
  // Every order starts waiting for its buyer's approval; one that needs none (not for a
  // site, or within what its request approved) is issued in the same transaction.
  initial: 'awaiting_approval',
  terminal: ['declined', 'closed', 'cancelled'],
  transitions: [
    // The company's approval of the order's purchase request issues it; a rejection cancels it.
    { from: ['awaiting_approval'], to: 'issued', actor: 'buyer', action: 'approve', cascade: true },
    { from: ['awaiting_approval'], to: 'cancelled', actor: 'buyer', action: 'reject', cascade: true },
    { from: ['issued'], to: 'accepted', actor: 'seller', action: 'accept' },
    { from: ['issued'], to: 'declined', actor: 'seller', action: 'decline' },
    { from: ['issued', 'accepted'], to: 'cancelled', actor: 'buyer', action: 'cancel' },
    { from: ['accepted', 'partially_received'], to: 'delivered', actor: 'seller', action: 'deliver' },
    // A receipt moves the order by what is still open after it: none, received; some, partially received.
    { from: ['accepted', 'delivered'], to: 'partially_received', actor: 'buyer', action: 'record_receipt', cascade: true },
    { from: ['accepted', 'delivered', 'partially_received'], to: 'received', actor: 'buyer', action: 'record_receipt', cascade: true },
    { from: ['delivered', 'received'], to: 'closed', actor: 'buyer', action: 'close' },
    { from: ['accepted', 'delivered', 'partially_received'], to: 'closed', actor: 'buyer', action: 'close_short' },
  ],
} as const satisfies Lifecycle<PurchaseOrderStatus, PurchaseOrderSide>;

/** The actions on an order, each one move: the name of its button, its route and its sync mutation. */
export type PurchaseOrderAction = Exclude<(typeof purchaseOrderLifecycle.transitions)[number], { cascade: true }>['action'];
