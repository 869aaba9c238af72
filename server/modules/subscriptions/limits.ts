/**
 * Plan limits (SPEC section 9, DESIGN section 7): checked on the server when a product or
 * an instant order is created. A user without a current paid period or trial is on the
 * free plan. 999 means unlimited. Counted: the supplier's products that are not deleted,
 * and the contractor's instant orders that are still active.
 */
import type { Knex } from 'knex';
import { planLimitReached } from '../../../shared/errors';

export const UNLIMITED = 999;
export type LimitedThing = 'products' | 'instant_orders';

/** The plan id of the user's current paid period or trial, if any. */
function effectivePlanQuery(knex: Knex, userId: string) {
  return knex('subscriptions')
    .where({ user_id: userId })
    .whereIn('status', ['active', 'trialing'])
    .andWhere((q) => q.whereNull('current_period_end').orWhere('current_period_end', '>', knex.fn.now()))
    .first('plan_id');
}

export async function effectivePlanId(knex: Knex, userId: string): Promise<string> {
  const sub = await effectivePlanQuery(knex, userId);
  return sub?.plan_id ?? 'free';
}

export async function usageCount(knex: Knex, userId: string, thing: LimitedThing): Promise<number> {
  const q =
    thing === 'products'
      ? knex('products').where({ supplier_id: userId }).whereNull('deleted_at')
      : // An active order past expires_at is expired even before the sweep writes it.
        knex('instant_orders')
          .where({ contractor_id: userId, status: 'active' })
          .where('expires_at', '>', knex.fn.now())
          .whereNull('deleted_at');
  const row = await q.count<{ count: number | string }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

/** Serialises a user's creations of one limited thing, so two at once cannot both pass the count. */
export async function lockPlanLimit(trx: Knex.Transaction, userId: string, thing: LimitedThing): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`plan-limit:${thing}:${userId}`]);
}

/**
 * Throws 409 plan_limit_reached when one more would pass the plan's limit. `locked`: the
 * caller already holds lockPlanLimit; `including`: rows the caller already wrote in this
 * transaction that the count will see.
 */
export async function assertWithinPlanLimit(
  trx: Knex.Transaction,
  userId: string,
  thing: LimitedThing,
  opts: { locked?: boolean; including?: number } = {},
): Promise<void> {
  if (!opts.locked) await lockPlanLimit(trx, userId, thing);
  const column = thing === 'products' ? 'max_products' : 'max_instant_orders';
  // The effective plan and its limit in one statement.
  const plan = await trx('subscription_plans')
    .where('id', trx.raw("coalesce((?), 'free')", [effectivePlanQuery(trx, userId)]))
    .first(column);
  const max = Number(plan[column]);
  if (max >= UNLIMITED) return;
  if ((await usageCount(trx, userId, thing)) - (opts.including ?? 0) >= max) {
    throw planLimitReached(`Your plan allows ${max} ${thing === 'products' ? 'products' : 'active instant orders'}`);
  }
}
