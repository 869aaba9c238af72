/**
 * Plan limits: checked on the server when a product or
 * an instant order is created. A user without a current paid period or trial is on the
 * free plan. 999 means unlimited. Counted: the supplier's products that are not deleted,
 * and the contractor's instant orders that are still active. Both "current" and "still
 * active" are judged at the app's `now`, which every caller passes from its clock.
 *
 * A module of its own, apart from the plans' billing: the areas that count against a plan
 * (products, photos, instant orders) sit below billing, which builds on invoices.
 */
import type { Knex } from 'knex';
import { UNLIMITED } from '../../../shared/constants';
import { planLimitReached } from '../../../shared/errors';
import { FREE_PLAN_ID } from '../../../shared/schemas/subscription';
import { lockForTransaction } from '../../db/transaction-locks';
import { runningSql, stillActiveSql } from '../../db/time-rules';

export type LimitedThing = 'products' | 'instant_orders';

/** The plan id of the user's current paid period or trial, if any. */
function effectivePlanQuery(knex: Knex, userId: string, now: Date) {
  return knex('subscriptions').where({ user_id: userId }).where(runningSql(knex, now)).first('plan_id');
}

export async function effectivePlanId(knex: Knex, userId: string, now: Date): Promise<string> {
  const sub = await effectivePlanQuery(knex, userId, now);
  return sub?.plan_id ?? FREE_PLAN_ID;
}

function usageQuery(knex: Knex, userId: string, thing: LimitedThing, now: Date) {
  const q =
    thing === 'products'
      ? knex('products').where({ supplier_id: userId }).whereNull('deleted_at')
      : // An active order past expires_at is expired even before the sweep writes it.
        knex('instant_orders as o').where({ 'o.contractor_id': userId }).where(stillActiveSql(knex, now)).whereNull('o.deleted_at');
  return q.count('*');
}

export async function usageCount(knex: Knex, userId: string, thing: LimitedThing, now: Date): Promise<number> {
  const row = await usageQuery(knex, userId, thing, now).first();
  return Number(row?.count ?? 0);
}

/** Serialises a user's creations of one limited thing, so two at once cannot both pass the count. */
export async function lockPlanLimit(trx: Knex.Transaction, userId: string, thing: LimitedThing): Promise<void> {
  await lockForTransaction(trx, `plan-limit:${thing}:${userId}`);
}

/** The plan's limit and the count against it, read by planLimitColumns. */
export interface PlanLimitState {
  limit_max: number | string;
  limit_used: number | string;
}

/**
 * The plan's limit and the user's count as two columns (limit_max, limit_used) for any
 * statement to select: the effective plan's limit, and the count only when the plan has a
 * limit. Selected beside a write (a CTE), the count sees the rows as they were before it.
 */
export function planLimitColumns(knex: Knex, userId: string, thing: LimitedThing, now: Date): Knex.Raw {
  const column = thing === 'products' ? 'max_products' : 'max_instant_orders';
  const max = knex('subscription_plans')
    .where('id', knex.raw('coalesce((?), ?)', [effectivePlanQuery(knex, userId, now), FREE_PLAN_ID]))
    .first(column);
  return knex.raw('(?) as limit_max, case when (?) >= ? then 0 else (?) end as limit_used', [max, max, UNLIMITED, usageQuery(knex, userId, thing, now)]);
}

/** Throws 409 plan_limit_reached when `adding` more would pass the plan's limit, from the columns of planLimitColumns. */
export function assertLimitState(state: PlanLimitState, thing: LimitedThing, adding = 1): void {
  const max = Number(state.limit_max);
  if (max >= UNLIMITED) return;
  if (Number(state.limit_used) + adding > max) {
    throw planLimitReached(`Your plan allows ${max} ${thing === 'products' ? 'products' : 'active instant orders'}`);
  }
}

/**
 * Throws 409 plan_limit_reached when one more would pass the plan's limit: takes the
 * user's lock for this thing, then reads the limit and the count in one statement.
 */
export async function assertWithinPlanLimit(trx: Knex.Transaction, userId: string, thing: LimitedThing, now: Date): Promise<void> {
  await lockPlanLimit(trx, userId, thing);
  const { rows } = await trx.raw('select ?', [planLimitColumns(trx, userId, thing, now)]);
  assertLimitState(rows[0], thing);
}
