/**
 * A user's subscription: free until they pay for a paid plan for a month or a year
 * (billing.ts, through the card gateway), or start the one 14-day trial of basic (only
 * from the free plan, free of charge). A period or trial that has ended counts as free, as
 * limits.ts counts it: /my says `expired` and the free plan, without anyone having to
 * write that down first.
 *
 * Each change locks the user's subscription row, is logged for the user's sync and tells
 * them in a notification. Whether a period runs, when a trial ends and how long a payment
 * stays refundable are shared/subscription-periods.ts's rules, at the app's `now` (the
 * caller's clock), so the test clock moves them.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { FREE_PLAN_ID, subscriptionWithoutRow, type Usage, type UserSubscription } from '../../../shared/schemas/subscription';
import { FREE_TRIAL_DAYS, FREE_TRIAL_PLAN } from '../../../shared/constants';
import { isRunning, refundableUntil, trialEnd } from '../../../shared/subscription-periods';
import { trialNotAvailable } from '../../../shared/errors';
import { recordChange } from '../../db/changes';
import { refundWindowOpenSql } from '../../db/time-rules';
import { notify } from '../notifications/notify';
import { effectivePlanId, usageCount } from '../plan-limits/limits';
import { getPlan } from './plans';
import { assertBillingOwner, subscriptionPolicy } from './policy';

interface SubscriptionRow {
  plan_id: string;
  cancelled_at: Date | null;
  billing_cycle: 'monthly' | 'yearly' | null;
  status: 'active' | 'trialing' | 'expired';
  current_period_end: Date | null;
  free_trial_used: boolean;
  trial_ends_at: Date | null;
  /** whether the period or trial is still running at `now` (isRunning, the test limits.ts makes) */
  running: boolean;
}

async function subscriptionRow(db: Knex, userId: string, now: Date): Promise<SubscriptionRow | undefined> {
  const row: Omit<SubscriptionRow, 'running'> | undefined = await db('subscriptions')
    .where({ user_id: userId })
    .first('plan_id', 'billing_cycle', 'status', 'current_period_end', 'free_trial_used', 'trial_ends_at', 'cancelled_at');
  return row && { ...row, running: isRunning(row, now) };
}

/** The last payment of the running period that cancelling at `now` would refund, if any. */
export function refundablePayment(db: Knex, userId: string, now: Date) {
  return db('plan_payments')
    .where({ user_id: userId })
    .whereNull('refunded_at')
    .where('period_end', '>', now.toISOString())
    .where(refundWindowOpenSql(db, 'created_at', now))
    .orderBy('created_at', 'desc')
    .first<{ payment_id: string; amount: number; plan_id: string; period_start: Date; created_at: Date } | undefined>(
      'payment_id',
      'amount',
      'plan_id',
      'period_start',
      'created_at',
    );
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** GET /api/subscription/my: free (active) without a row; an ended period or trial is expired and free. */
export async function getMySubscription(db: Knex, user: SessionUser, now: Date): Promise<UserSubscription> {
  return subscriptionOf(db, user.account_id, now);
}

/** The subscription of a user (an account), as GET /api/subscription/my presents it. */
async function subscriptionOf(db: Knex, userId: string, now: Date): Promise<UserSubscription> {
  const row = await subscriptionRow(db, userId, now);
  if (!row) return subscriptionWithoutRow(await getPlan(db, FREE_PLAN_ID));
  const planId = row.running ? row.plan_id : FREE_PLAN_ID;
  const refundable = row.running && !row.cancelled_at ? await refundablePayment(db, userId, now) : undefined;
  return {
    subscription_plan: planId as UserSubscription['subscription_plan'],
    billing_cycle: row.running ? row.billing_cycle : null,
    status: row.running ? row.status : 'expired',
    current_period_end: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
    free_trial_used: row.free_trial_used,
    trial_ends_at: row.trial_ends_at ? new Date(row.trial_ends_at).toISOString() : null,
    cancelled_at: row.running ? iso(row.cancelled_at) : null,
    refundable_until: refundable ? iso(refundableUntil(refundable.created_at)) : null,
    plan: await getPlan(db, planId),
  };
}

/** GET /api/subscription/usage: counts as the limits count them, next to the plan's limits. */
export async function getUsage(db: Knex, user: SessionUser, now: Date): Promise<Usage> {
  const planId = await effectivePlanId(db, user.account_id, now);
  const plan = await getPlan(db, planId);
  const [projects] = await db('projects')
    .where({ government_id: user.account_id })
    .whereNull('deleted_at')
    .count<{ count: number | string }[]>('* as count');
  return {
    products_count: await usageCount(db, user.account_id, 'products', now),
    projects_count: Number(projects?.count ?? 0),
    instant_orders_count: await usageCount(db, user.account_id, 'instant_orders', now),
    plan_id: plan.id,
    max_products: plan.max_products,
    max_instant_orders: plan.max_instant_orders,
  };
}

/** The user's row, created free if missing, locked until the transaction ends. */
export async function lockSubscription(trx: Knex.Transaction, userId: string, now: Date): Promise<SubscriptionRow> {
  await trx('subscriptions').insert({ user_id: userId }).onConflict('user_id').ignore();
  await trx('subscriptions').where({ user_id: userId }).forUpdate().first('user_id');
  return (await subscriptionRow(trx, userId, now))!;
}

/** Logs the user's changed subscription for their sync and answers it as /my does. */
export async function saved(trx: Knex.Transaction, userId: string, now: Date): Promise<UserSubscription> {
  await recordChange(trx, 'subscription', userId, subscriptionPolicy.audiences({ user_id: userId }));
  return subscriptionOf(trx, userId, now);
}

/** POST /api/subscription/free-trial: 14 days of basic from `now`, once, only from the free plan. */
export async function startFreeTrial(trx: Knex.Transaction, user: SessionUser, now: Date): Promise<UserSubscription> {
  assertBillingOwner(user);
  const row = await lockSubscription(trx, user.account_id, now);
  if (row.free_trial_used) throw trialNotAvailable('The free trial has already been used');
  if (row.running && row.plan_id !== FREE_PLAN_ID) {
    throw trialNotAvailable('The free trial is only for users on the free plan');
  }
  const ends = trialEnd(now).toISOString();
  await trx('subscriptions').where({ user_id: user.account_id }).update({
    plan_id: FREE_TRIAL_PLAN,
    billing_cycle: null,
    status: 'trialing',
    free_trial_used: true,
    trial_ends_at: ends,
    current_period_end: ends,
  });
  const plan = await getPlan(trx, FREE_TRIAL_PLAN);
  await notify(trx, {
    to: [user.account_id],
    kind: 'subscription.trial_started',
    params: {
      plan: plan.name,
      plan_id: plan.id,
      days: FREE_TRIAL_DAYS,
      date: ends.slice(0, 10),
    },
  });
  return saved(trx, user.account_id, now);
}
