/**
 * What the change feed sends for plans (to everyone) and for the caller's subscription.
 * A subscription's id is its user's id: only the caller's own ever loads, presented as
 * GET /api/subscription/my presents it.
 */
import type { LoaderTable } from '../sync/contracts';
import { listPlans } from './plans';
import { getMySubscription } from './service';

export const loaders: LoaderTable = {
  plan: (knex, _user, ids) => listPlans(knex, ids),
  subscription: async (knex, user, ids, now) =>
    ids.includes(user.account_id) ? [{ id: user.account_id, ...(await getMySubscription(knex, user, now)) }] : [],
};
