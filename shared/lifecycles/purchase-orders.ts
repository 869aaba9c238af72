/**
 * A purchase order's machine, between its two sides: the seller answers an issued order;
 * the buyer may cancel it until it is delivered (unless money or goods moved on it, the
 * order's cancel blocker); the seller marks it delivered and the buyer closes it.
 */
import type { Lifecycle } from '../lifecycle';

const PURCHASE_ORDER_STATES = ['issued', 'accepted', 'declined', 'delivered', 'closed', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATES)[number];

/** Which side of an order a party is on. */
export const PURCHASE_ORDER_SIDES = ['buyer', 'seller'] as const;
export type PurchaseOrderSide = (typeof PURCHASE_ORDER_SIDES)[number];

export const purchaseOrderLifecycle = {
  states: PURCHASE_ORDER_STATES,
  initial: 'issued',
  terminal: ['declined', 'closed', 'cancelled'],
  transitions: [
    { from: ['issued'], to: 'accepted', actor: 'seller', action: 'accept' },
    { from: ['issued'], to: 'declined', actor: 'seller', action: 'decline' },
    { from: ['issued', 'accepted'], to: 'cancelled', actor: 'buyer', action: 'cancel' },
    { from: ['accepted'], to: 'delivered', actor: 'seller', action: 'deliver' },
    { from: ['delivered'], to: 'closed', actor: 'buyer', action: 'close' },
  ],
} as const satisfies Lifecycle<PurchaseOrderStatus, PurchaseOrderSide>;

/** The actions on an order, each one move: the name of its button, its route and its sync mutation. */
export type PurchaseOrderAction = (typeof purchaseOrderLifecycle.transitions)[number]['action'];
