/**
 * Plans that are paid for: what a plan costs, what a verified payment buys, and cancelling.
 * Billing is the company owner's (assertBillingOwner), as the tax profile and e-invoicing
 * are: a member or a driver neither buys, cancels (and so refunds) nor starts a trial.
 *
 * - Prices: a plan's price_monthly or price_yearly (SAR, the 17 % yearly saving as the
 *   plans table has it) is what the subscriber pays, 15 % VAT included (the pricing page
 *   says so; the platform's tax invoice states the VAT inside it: plan-invoices.ts). The
 *   gateway counts halalas.
 * - A verified payment (the gateway module has fetched it back with the secret key and
 *   matched its status, amount, currency and checkout) buys one period: from now, or from
 *   the end of the running period when it renews the same paid plan. plan_payments keys it
 *   by the gateway's payment id, so a callback and a webhook (or a replay) activate once.
 * - Cancelling within REFUND_WINDOW_DAYS of the last payment refunds it through the gateway
 *   and takes its period back (free at once, or the earlier paid period it extended);
 *   later, the plan runs to its period's end and is not renewed. Either way cancelled_at is
 *   set, so the sweep sends no reminder to renew.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { BILLING_CYCLES, PAID_PLAN_IDS, type BillingCycle } from '../../../shared/constants';
import { FREE_PLAN_ID, type CancelledSubscription, type Subscribe, type SubscriptionPlan } from '../../../shared/schemas/subscription';
import { gatewayRefused, gatewayUnavailable, noPaidPlan } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import type { Config } from '../../config';
import { notify } from '../notifications/notify';
import { startCheckout, type Settler } from '../card-gateway/checkout';
import { GatewayRefusal, moyasar } from '../card-gateway/moyasar';
import { chargeableGross } from '../../../shared/vat';
import { getPlan } from './plans';
import { assertBillingOwner } from './policy';
import { recordPlanRefund, takeBackPeriod } from './refunds';
import { lockSubscription, refundablePayment, saved } from './service';

/**
 * What the subscriber pays for a period of the plan, in halalas (VAT included): the price,
 * or a halala less when its tax invoice could not state it exactly (shared/vat.ts
 * chargeableGross; 2,978.00 SAR is such a price).
 */
export function planAmount(plan: Pick<SubscriptionPlan, 'price_monthly' | 'price_yearly'>, cycle: BillingCycle): number {
  return chargeableGross(Math.round((cycle === 'yearly' ? plan.price_yearly : plan.price_monthly) * 100));
}

const periodLength = (cycle: BillingCycle) => (cycle === 'yearly' ? '1 year' : '1 month');

/** What a plan's checkout bought (card_checkouts.details). */
const planOrderSchema = z.object({ plan_id: z.enum(PAID_PLAN_IDS), billing_cycle: z.enum(BILLING_CYCLES) });

/**
 * POST /api/subscription/subscribe: a checkout on the card gateway for a period of the
 * plan, answering where to pay. Nothing about the subscription changes until the payment
 * is verified (settlePlanPayment).
 */
export async function startPlanCheckout(knex: Knex, config: Pick<Config, 'moyasar' | 'publicUrl'>, user: SessionUser, input: Subscribe): Promise<{ payment_url: string }> {
  assertBillingOwner(user);
  const plan = await getPlan(knex, input.planId);
  const order: z.infer<typeof planOrderSchema> = { plan_id: input.planId, billing_cycle: input.billingCycle };
  const { payment_url } = await startCheckout(knex, config, {
    purpose: 'plan',
    payer_id: user.account_id,
    started_by: user.id,
    amount: planAmount(plan, input.billingCycle),
    description: `Binaa ${plan.name} plan (${input.billingCycle})`,
    details: order,
    return_path: '/pricing',
  });
  return { payment_url };
}

/**
 * The gateway's settler for 'plan': it runs once the gateway module has fetched the payment
 * back with the secret key and matched its status (paid), amount, currency and checkout
 * (whose payer and details name the user, plan and cycle), with the checkout locked.
 */
export const settlePlanPayment: Settler = async (trx, checkout, payment, now) => {
  const order = planOrderSchema.parse(checkout.details);
  await lockSubscription(trx, checkout.payer_id, now);
  if (await applyPlanPayment(trx, { payment_id: payment.id, amount: payment.amount, currency: payment.currency, user_id: checkout.payer_id, ...order }, now)) {
    await saved(trx, checkout.payer_id, now);
  }
};

/** A payment the gateway module verified against its checkout, and what the checkout bought. */
interface VerifiedPlanPayment {
  /** the gateway's payment id */
  payment_id: string;
  /** halalas */
  amount: number;
  currency: string;
  user_id: string;
  plan_id: string;
  billing_cycle: BillingCycle;
}

/**
 * Activates (or renews) the plan a verified payment bought, once per payment id (false for
 * one counted already). The caller holds the user's subscription row (lockSubscription).
 */
async function applyPlanPayment(trx: Knex.Transaction, payment: VerifiedPlanPayment, now: Date): Promise<boolean> {
  const counted = await trx('plan_payments').where({ payment_id: payment.payment_id }).first('payment_id');
  if (counted) return false;
  const plan = await getPlan(trx, payment.plan_id);
  const length = periodLength(payment.billing_cycle);
  // A renewal of the running paid plan starts where it ends; anything else (free, a trial,
  // another plan, an ended period) starts `now`. The calendar month or year is added in SQL.
  const at = now.toISOString();
  const start = `case when status = 'active' and plan_id = ? and current_period_end > ?::timestamptz then current_period_end else ?::timestamptz end`;
  const [period]: Array<{ period_start: Date; period_end: Date }> = await trx('subscriptions')
    .where({ user_id: payment.user_id })
    .select(trx.raw(`${start} as period_start`, [plan.id, at, at]))
    .select(trx.raw(`${start} + ?::interval as period_end`, [plan.id, at, at, length]));
  await trx('plan_payments').insert({
    payment_id: payment.payment_id,
    user_id: payment.user_id,
    plan_id: plan.id,
    billing_cycle: payment.billing_cycle,
    amount: payment.amount,
    currency: payment.currency,
    period_start: period.period_start,
    period_end: period.period_end,
  });
  await trx('subscriptions').where({ user_id: payment.user_id }).update({
    plan_id: plan.id,
    billing_cycle: payment.billing_cycle,
    status: 'active',
    current_period_end: period.period_end,
    cancelled_at: null,
  });
  await notify(trx, {
    to: [payment.user_id],
    kind: 'subscription.subscribed',
    params: { plan: plan.name, plan_id: plan.id, billing_cycle: payment.billing_cycle },
  });
  return true;
}

/**
 * POST /api/subscription/cancel: cancels the running paid plan.
 * - After the refund window: one transaction; the plan runs to its period's end and is not
 *   renewed.
 * - Within it, in three steps, so no transaction stays open while the gateway is asked
 *   (the gateway's refund event comes back to our webhook meanwhile): the refund is
 *   claimed (the payment marked refunded and the plan cancelled, so a second cancel finds
 *   nothing to cancel); the gateway refunds the payment; its period is taken back (free
 *   at once, or the earlier paid period it extended) and the subscriber told. If the
 *   gateway refuses or does not answer, and the payment is not refunded there after all,
 *   the claim is undone and nothing has changed.
 */
export async function cancelSubscription(knex: Knex, config: Pick<Config, 'moyasar'>, user: SessionUser, now: Date): Promise<CancelledSubscription> {
  assertBillingOwner(user);
  const userId = user.account_id;
  const step = await knex.transaction(async (trx) => {
    await lockSubscription(trx, userId, now);
    const row = await trx('subscriptions')
      .where({ user_id: userId, status: 'active' })
      .whereNot('plan_id', FREE_PLAN_ID)
      .where('current_period_end', '>', now.toISOString())
      .whereNull('cancelled_at')
      .first<{ plan_id: string; current_period_end: Date } | undefined>('plan_id', 'current_period_end');
    if (!row) throw noPaidPlan();
    const payment = await refundablePayment(trx, userId, now);
    await trx('subscriptions').where({ user_id: userId }).update({ cancelled_at: now.toISOString() });
    if (payment) {
      await recordPlanRefund(trx, payment.payment_id, payment.amount, now);
      return { kind: 'refund' as const, payment };
    }
    const plan = await getPlan(trx, row.plan_id);
    await notify(trx, {
      to: [userId],
      kind: 'subscription.cancelled',
      params: { plan: plan.name, plan_id: plan.id, date: new Date(row.current_period_end).toISOString().slice(0, 10) },
    });
    return { kind: 'done' as const, answer: { refunded: null, subscription: await saved(trx, userId, now) } };
  });
  if (step.kind === 'done') return step.answer;

  const { payment } = step;
  try {
    await refundOnGateway(config, payment.payment_id, payment.amount);
  } catch (err) {
    await knex.transaction(async (trx) => {
      await lockSubscription(trx, userId, now);
      await recordPlanRefund(trx, payment.payment_id, null, now);
      await trx('subscriptions').where({ user_id: userId }).update({ cancelled_at: null });
    });
    throw err;
  }

  return knex.transaction(async (trx) => {
    await lockSubscription(trx, userId, now);
    await takeBackPeriod(trx, userId, payment, now);
    return { refunded: payment.amount / 100, subscription: await saved(trx, userId, now) };
  });
}

/**
 * Refunds `amount` halalas of a payment on the gateway. A refusal or no answer is an
 * error, unless the gateway has the payment refunded by that much after all (an answer
 * lost on the way back, then asked again).
 */
async function refundOnGateway(config: Pick<Config, 'moyasar'>, paymentId: string, amount: number): Promise<void> {
  const gateway = moyasar(config);
  try {
    await gateway.refund(paymentId, amount);
  } catch (err) {
    const now = await gateway.fetchPayment(paymentId).catch(() => null);
    if (now && now.refunded >= amount) return;
    if (err instanceof GatewayRefusal) throw gatewayRefused(`The card gateway refused the refund: ${err.body.message ?? err.body.type ?? err.status}`);
    throw gatewayUnavailable();
  }
}
