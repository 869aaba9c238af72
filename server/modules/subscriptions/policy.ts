/**
 * Who may see plans and subscriptions, and who receives their changes
 * (server/db/policy.ts): the plans are public; a subscription (its id is its user's id) is
 * its user's only.
 */
import { ownerOnly } from '../../../shared/errors';
import { managesBilling } from '../../../shared/schemas/subscription';
import type { SessionUser } from '../../auth/session-user';
import { definePolicy } from '../../db/policy';

export const planPolicy = definePolicy<object>({
  entity: 'plan',
  audience: [{ all: true }],
  rows: (db) => db('subscription_plans').select('id'),
  visible: (q) => q,
});

export const subscriptionPolicy = definePolicy<{ user_id: string }>({
  entity: 'subscription',
  audience: [{ user_in: 'user_id' }],
  rows: (db) => db('subscriptions').select('user_id as id', 'user_id'),
  /** Table: subscriptions. */
  visible: (q, user) => (user ? q.where('subscriptions.user_id', user.account_id) : q.whereRaw('false')),
});

/** Billing is the owner's (managesBilling): a member or a driver of the company is refused. */
export function assertBillingOwner(user: SessionUser): void {
  if (!managesBilling(user.member_role)) throw ownerOnly('Only the company’s owner manages its plan');
}
