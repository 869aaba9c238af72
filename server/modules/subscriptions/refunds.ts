/**
 * A plan's payment given back to the card: the period it bought is taken back.
 *
 * - takeBackPeriod: the subscription ends where the refunded payment's period began
 *   (the earlier paid period it extended, if that still runs), or is free at once; the
 *   subscriber is told the amount. Cancelling within the refund window (billing.ts) and a
 *   refund the gateway reports (planRefunded) end the same way.
 * - planRefunded, the 'plan' refund applier: the gateway's event of a plan payment it has
 *   refunded, from its dashboard too. The refunded total is recorded on plan_payments once
 *   (a refund the app asked for was recorded before it was asked, so its event changes
 *   nothing). A full refund of the payment that bought the running period takes that
 *   period back and the plan is not renewed; an older payment's, or part of one, is
 *   recorded only: what it bought has been used, or the running period was paid for again.
 */
import type { Knex } from 'knex';
import { recordChanges } from '../../db/changes';
import { invoicePolicy } from '../invoices/policy';
import { notify } from '../notifications/notify';
import type { RefundApplier } from '../card-gateway/checkout';
import { getPlan } from './plans';
import { lockSubscription, saved } from './service';

interface RefundedPlanPayment {
  plan_id: string;
  /** halalas */
  amount: number;
  period_start: Date | string;
}

/**
 * Records that `refunded` halalas of a plan payment went back to the card (null: none, a
 * refund claimed and then refused): on plan_payments, and on the card payment of its tax
 * invoice once it has one, so the invoice and the subscriber's statement show it.
 */
export async function recordPlanRefund(trx: Knex.Transaction, paymentId: string, refunded: number | null, now: Date): Promise<void> {
  const at = refunded ? now.toISOString() : null;
  await trx('plan_payments').where({ payment_id: paymentId }).update({ refunded_amount: refunded, refunded_at: at });
  const paid = await trx('payments as p')
    .join('invoices as inv', 'inv.id', 'p.invoice_id')
    .where({ 'p.gateway': 'moyasar', 'p.gateway_payment_id': paymentId })
    .first('p.id', 'p.amount', 'inv.id as invoice_id', 'inv.seller_id', 'inv.buyer_id');
  if (!paid) return;
  await trx('payments')
    .where({ id: paid.id })
    .update({ refunded: Math.min((refunded ?? 0) / 100, Number(paid.amount)), refunded_at: at });
  await recordChanges(trx, [{ entity: 'invoice', id: paid.invoice_id, audiences: invoicePolicy.audiences(paid) }]);
}

/** Takes back the refunded payment's period of the user's subscription (row locked by the caller) and tells them. */
export async function takeBackPeriod(trx: Knex.Transaction, userId: string, payment: RefundedPlanPayment, now: Date): Promise<void> {
  const extended = new Date(payment.period_start).getTime() > now.getTime();
  await trx('subscriptions')
    .where({ user_id: userId })
    .update(extended ? { current_period_end: payment.period_start } : { status: 'expired', current_period_end: now.toISOString() });
  const plan = await getPlan(trx, payment.plan_id);
  await notify(trx, {
    to: [userId],
    kind: 'subscription.refunded',
    params: { plan: plan.name, plan_id: plan.id, amount: payment.amount / 100 },
  });
}

export const planRefunded: RefundApplier = async (trx, checkout, payment, refunded, now) => {
  await lockSubscription(trx, checkout.payer_id, now);
  const row = await trx('plan_payments')
    .where({ payment_id: payment.id, user_id: checkout.payer_id })
    .first<{ plan_id: string; amount: number; refunded_amount: number | null; period_start: Date; period_end: Date } | undefined>('plan_id', 'amount', 'refunded_amount', 'period_start', 'period_end');
  if (!row || (row.refunded_amount ?? 0) >= refunded) return;
  await recordPlanRefund(trx, payment.id, refunded, now);
  if (refunded < row.amount) return;
  const running = await trx('subscriptions')
    .where({ user_id: checkout.payer_id, plan_id: row.plan_id, status: 'active' })
    .where('current_period_end', row.period_end)
    .where('current_period_end', '>', now.toISOString())
    .first('user_id');
  if (!running) return;
  await trx('subscriptions').where({ user_id: checkout.payer_id }).update({ cancelled_at: now.toISOString() });
  await takeBackPeriod(trx, checkout.payer_id, row, now);
  await saved(trx, checkout.payer_id, now);
};
