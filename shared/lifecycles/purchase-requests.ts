/**
 * A purchase request's machine, inside one company: raised pending, it is approved once no
 * level its amount requires under the site's rules is left (at once when none is: the
 * server's move), rejected by an approver of its next level (with a reason), or cancelled by
 * whoever raised it while it waits. Which levels and which approvers are the shared rule's
 * (shared/approval-levels.ts), not the machine's.
 */
import type { Lifecycle } from '../lifecycle';

const PURCHASE_REQUEST_STATES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type PurchaseRequestStatus = (typeof PURCHASE_REQUEST_STATES)[number];

/** Who moves a request: the approver of its next level, the member who raised it, the server. */
export type PurchaseRequestActor = 'approver' | 'requester' | 'system';

export const purchaseRequestLifecycle = {
  states: PURCHASE_REQUEST_STATES,
  initial: 'pending',
  terminal: ['approved', 'rejected', 'cancelled'],
  transitions: [
    { from: ['pending'], to: 'approved', actor: 'approver', action: 'approve' },
    // Raised needing no level under the site's rules, or every level it needed approved.
    { from: ['pending'], to: 'approved', actor: 'system', action: 'approve', cascade: true },
    { from: ['pending'], to: 'rejected', actor: 'approver', action: 'reject' },
    { from: ['pending'], to: 'cancelled', actor: 'requester', action: 'cancel' },
  ],
} as const satisfies Lifecycle<PurchaseRequestStatus, PurchaseRequestActor>;
