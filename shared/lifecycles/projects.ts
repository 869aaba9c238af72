/**
 * The machines of tenders: a project (a government's tender), the bids on it and the
 * objections to its award. A bid is accepted or rejected by the award, never one by one;
 * an objection is answered once by the government, during the award's standstill.
 */
import type { Lifecycle } from '../lifecycle';

const PROJECT_STATES = ['open', 'in_progress', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATES)[number];

export const projectLifecycle: Lifecycle<ProjectStatus> = {
  states: PROJECT_STATES,
  initial: 'open',
  terminal: ['completed', 'cancelled'],
  openFor: 'open',
  transitions: [
    { from: ['open'], to: 'in_progress', actor: 'owner', action: 'award' },
    { from: ['in_progress'], to: 'completed', actor: 'owner', action: 'complete' },
    { from: ['open', 'in_progress'], to: 'cancelled', actor: 'owner', action: 'cancel' },
  ],
};

const BID_STATES = ['submitted', 'accepted', 'rejected', 'withdrawn'] as const;
export type BidStatus = (typeof BID_STATES)[number];

export const bidLifecycle: Lifecycle<BidStatus> = {
  states: BID_STATES,
  initial: 'submitted',
  terminal: ['accepted', 'rejected', 'withdrawn'],
  transitions: [
    { from: ['submitted'], to: 'accepted', actor: 'owner', action: 'award' },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'award', cascade: true },
    { from: ['submitted'], to: 'withdrawn', actor: 'author', action: 'withdraw' },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'cancel', cascade: true },
  ],
};

const OBJECTION_STATES = ['open', 'upheld', 'rejected'] as const;
export type ObjectionStatus = (typeof OBJECTION_STATES)[number];

/** An objection to an award: its author is the bidder, its owner the project's government, who answers it. */
export const objectionLifecycle: Lifecycle<ObjectionStatus> = {
  states: OBJECTION_STATES,
  initial: 'open',
  terminal: ['upheld', 'rejected'],
  transitions: [
    // Upholding one objection answers every other one open on the same award alike.
    { from: ['open'], to: 'upheld', actor: 'owner', action: 'decide' },
    { from: ['open'], to: 'rejected', actor: 'owner', action: 'decide' },
  ],
};
