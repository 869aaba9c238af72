/**
 * Paying a tax invoice by card (mada, Visa, Mastercard, Apple Pay) on the gateway's hosted
 * page (gateway/checkout.ts holds the contract):
 * - payInvoice: the invoice's buyer only (anyone who may not read it gets a 404, its seller
 *   a 403), not a credit note; the amount is what is left with recorded transfers counted
 *   (payable(..., 'recorded'), the overpayment rule), in halalas; nothing left is a 409;
 * - settleInvoice, the 'invoice' settler: under the invoice's row lock (lockInvoice, as
 *   the payer reads it), the overpayment rule again with the payment's amount (a transfer
 *   recorded or confirmed since the checkout began may have used up the balance: the
 *   settlement refuses and the checkout refunds the card), then one confirmed payment of
 *   method card, gateway moyasar and the gateway's payment id, the invoice's change and a
 *   notification to the seller: money the gateway verified needs no seller's confirmation;
 * - invoiceRefunded, its refund applier: what the gateway gave back of that payment (from
 *   its dashboard too) is recorded on the payment row (refunded, never beyond its amount),
 *   so the invoice owes it again and the statement shows the refund; buyer and seller are told.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { forbidden, notAnInvoice, notFound, notTheBuyer, nothingToPay, overpayment } from '../../../shared/errors';
import { halalas, payable } from '../../../shared/payments';
import { riyadhDay } from '../../../shared/riyadh';
import type { Config } from '../../config';
import type { SessionUser } from '../../auth/session-user';
import { notify } from '../notifications/notify';
import { invoicePolicy } from '../invoices/policy';
import { changed, lockInvoice } from './locks';
import { startCheckout, type Checkout, type RefundApplier } from '../card-gateway/checkout';
import type { GatewayPayment } from '../card-gateway/moyasar';
import { creditedSql, paidSql } from '../invoices/payment-facts';
import { assertPayableInException } from './exception';
import type { CardPayStart } from '../../../shared/schemas/card';
import { displayName } from '../../db/party-name';
import { recordAudit } from '../audit/record';

/** POST /api/invoices/{id}/pay: the buyer goes to the gateway's page for what is left. */
export async function payInvoice(
  knex: Knex,
  config: Pick<Config, 'moyasar' | 'publicUrl'>,
  user: SessionUser,
  invoiceId: string,
  body: CardPayStart,
  now: Date,
): Promise<{ payment_url: string }> {
  const inv = await invoicePolicy
    .visible(knex('invoices as inv').where('inv.id', invoiceId), user)
    .first('inv.id', 'inv.kind', 'inv.number', 'inv.buyer_id', 'inv.total', knex.raw(`${creditedSql('inv')} as credited, ${paidSql('inv', 'confirmed')} as paid, ${paidSql('inv', 'recorded')} as pending`));
  if (!inv) throw notFound('Invoice');
  if (inv.buyer_id !== user.account_id) throw notTheBuyer("Only the invoice's buyer pays it");
  if (inv.kind === 'credit_note') throw notAnInvoice('A credit note is not paid');
  const left = halalas(payable({ total: Number(inv.total), credited: Number(inv.credited), paid: Number(inv.paid), pending: Number(inv.pending) }, 'recorded'));
  if (left <= 0) throw nothingToPay();
  await assertPayableInException(knex, user, inv.id, body.accept_exception, now);
  const { payment_url } = await startCheckout(knex, config, {
    purpose: 'invoice',
    payer_id: user.account_id,
    started_by: user.id,
    amount: left,
    description: `Invoice ${inv.number}`,
    invoice_id: inv.id,
    return_path: `/invoices/${inv.id}`,
  });
  return { payment_url };
}

/** The 'invoice' settler: one confirmed card payment of the invoice, under its row lock. */
export async function settleInvoice(trx: Knex.Transaction, checkout: Checkout, payment: GatewayPayment, now: Date): Promise<void> {
  // The payer as a reader of the invoice: its buyer, and the invoice still cleared.
  const inv = await lockInvoice(trx, { account_id: checkout.payer_id } as SessionUser, checkout.invoice_id!);
  if (inv.buyer_id !== checkout.payer_id) throw forbidden("Only the invoice's buyer pays it");
  const left = payable(inv, 'recorded');
  if (payment.amount > halalas(left)) throw overpayment(left);
  const id = crypto.randomUUID();
  const amount = payment.amount / 100;
  await trx('payments').insert({
    id,
    invoice_id: inv.id,
    payer_id: inv.buyer_id,
    payee_id: inv.seller_id,
    method: 'card',
    amount,
    currency: payment.currency,
    paid_on: riyadhDay(now),
    reference: [payment.source.company, payment.source.number].filter(Boolean).join(' ') || payment.id,
    status: 'confirmed',
    gateway: 'moyasar',
    gateway_payment_id: payment.id,
    recorded_by: checkout.started_by,
    decided_at: now.toISOString(),
  });
  // The gateway's confirmed payment, settled by its webhook or the return: the system's act, for the buyer's company.
  await recordAudit(trx, {
    actor: null,
    company_id: inv.buyer_id,
    action: 'payment.card_paid',
    record_type: 'payment',
    record_id: id,
    changes: { invoice_id: [null, inv.id], status: [null, 'confirmed'], amount: [null, amount], gateway_payment_id: [null, payment.id] },
  });
  await changed(trx, inv);
  await notify(trx, {
    to: [inv.seller_id],
    kind: 'payment.card_paid',
    params: { number: inv.number, company: await displayName(trx, inv.buyer_id), amount, invoice_id: inv.id, payment_id: id },
  });
}


/** The 'invoice' refund applier: the card payment's row records the refunded total, under the invoice's row lock. */
export const invoiceRefunded: RefundApplier = async (trx, checkout, payment, refunded, now) => {
  const inv = await lockInvoice(trx, { account_id: checkout.payer_id } as SessionUser, checkout.invoice_id!);
  const row = await trx('payments').where({ gateway: 'moyasar', gateway_payment_id: payment.id }).first('id', 'amount', 'refunded');
  if (!row) return;
  const total = Math.min(refunded / 100, Number(row.amount));
  const more = Math.round((total - Number(row.refunded)) * 100) / 100;
  if (more <= 0) return;
  await trx('payments').where({ id: row.id }).update({ refunded: total, refunded_at: now.toISOString() });
  // A refund the gateway reports: the system's record of it, for the seller's company whose money went back.
  await recordAudit(trx, { actor: null, company_id: inv.seller_id, action: 'payment.card_refund', record_type: 'payment', record_id: row.id, changes: { refunded: [Number(row.refunded), total] } });
  await changed(trx, inv);
  await notify(trx, {
    to: [inv.buyer_id, inv.seller_id],
    kind: 'payment.card_refunded',
    params: { number: inv.number, amount: more, invoice_id: inv.id, payment_id: row.id },
  });
};
