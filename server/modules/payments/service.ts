/**
 * Bank transfers against tax invoices, each rule in one function used by REST and the sync
 * push alike:
 * - who: the invoice's buyer records a payment, its seller confirms or disputes it; anyone
 *   who may not read the invoice gets a 404, as for one that does not exist;
 * - the balance: only confirmed payments change it (shared/payments.ts);
 * - overpayment (payable): recorded and confirmed payments with a new one may not exceed
 *   the total less cleared credit notes; a confirmation re-checks confirmed ones with it,
 *   since a credit note may have come in between;
 * - each write takes the invoice's row lock first, so a record and a confirmation at the
 *   same moment see each other's result and the balance changes once;
 * - a transfer's date is not after today in Riyadh (it is recorded once made);
 * - its receipt photo is the buyer's own (receipts.ts), uploaded after the record names it;
 * - the client-chosen id: the same payment sent again answers the stored one; the id on
 *   another payment is a conflict;
 * - a payment that is a row of a transfer across invoices (transfers.ts) is answered with
 *   its transfer, as a whole.
 */
import type { Knex } from 'knex';
import { assertTransition } from '../../../shared/lifecycle';
import { paymentLifecycle, type PaymentState } from '../../../shared/lifecycles/invoices';
import { conflict, notAnInvoice, notFound, notTheBuyer, notTheSeller, overpayment, paymentAnswered, validationFailed } from '../../../shared/errors';
import { halalas, payable } from '../../../shared/payments';
import { riyadhDay } from '../../../shared/riyadh';
import type { Payment, PaymentDispute, PaymentRecord } from '../../../shared/schemas/payment';
import type { SessionUser } from '../../auth/session-user';
import { notify } from '../notifications/notify';
import { invoicePolicy } from '../invoices/policy';
import { paymentQuery, readPayments } from './queries';
import { changed, lockInvoice } from './locks';

/** The card settlement (card.ts) takes the same row lock. */
import { assertReceiptOf } from './receipts';
import { assertPayableInException } from './exception';
import { answerTransfer } from './transfers';
import { displayName } from '../../db/party-name';
import { recordAudit } from '../audit/record';

async function readPayment(db: Knex, id: string): Promise<Payment> {
  const [payment] = await readPayments(paymentQuery(db).where('p.id', id));
  return payment;
}

/** GET /api/invoices/{id}/payments: oldest first. */
export async function listPayments(db: Knex, user: SessionUser, invoiceId: string): Promise<Payment[]> {
  const inv = await invoicePolicy.visible(db('invoices as inv').where('inv.id', invoiceId), user).first('inv.id');
  if (!inv) throw notFound('Invoice');
  return readPayments(paymentQuery(db).where('p.invoice_id', invoiceId).orderBy([{ column: 'p.created_at' }, { column: 'p.id' }]));
}

/** POST /api/invoices/{id}/payments and sync payment.record: the buyer's transfer, waiting for the seller. */
export async function recordPayment(trx: Knex.Transaction, user: SessionUser, invoiceId: string, body: PaymentRecord, now: Date): Promise<{ payment: Payment; created: boolean }> {
  const inv = await lockInvoice(trx, user, invoiceId);
  const existing = await trx('payments').where({ id: body.id }).first('invoice_id', 'payer_id', 'amount', 'reference');
  if (existing) {
    const same = existing.invoice_id === invoiceId && existing.payer_id === user.account_id && halalas(Number(existing.amount)) === halalas(body.amount) && existing.reference === body.reference;
    if (!same) throw conflict('This payment id belongs to another payment');
    return { payment: await readPayment(trx, body.id), created: false };
  }
  if (inv.buyer_id !== user.account_id) throw notTheBuyer("Only the invoice's buyer records a payment of it");
  if (inv.kind === 'credit_note') throw notAnInvoice('A credit note is not paid');
  if (body.paid_on > riyadhDay(now)) throw validationFailed('A transfer is recorded once it is made: the date cannot be after today', [{ path: 'paid_on', message: 'after today', code: 'after_today' }]);
  const left = payable(inv, 'recorded');
  if (halalas(body.amount) > halalas(left)) throw overpayment(left);
  await assertPayableInException(trx, user, inv.id, body.accept_exception, now);
  await assertReceiptOf(trx, inv.buyer_id, body.receipt_id);
  await trx('payments').insert({
    id: body.id,
    invoice_id: inv.id,
    payer_id: inv.buyer_id,
    payee_id: inv.seller_id,
    method: 'transfer',
    amount: body.amount,
    paid_on: body.paid_on,
    reference: body.reference,
    receipt_id: body.receipt_id ?? null,
    recorded_by: user.id,
  });
  await recordAudit(trx, {
    actor: user,
    action: 'payment.record',
    record_type: 'payment',
    record_id: body.id,
    changes: { invoice_id: [null, inv.id], status: [null, 'recorded'], amount: [null, body.amount], paid_on: [null, body.paid_on], reference: [null, body.reference] },
  });
  await changed(trx, inv);
  await notify(trx, {
    to: [inv.seller_id],
    kind: 'payment.recorded',
    params: { number: inv.number, company: await displayName(trx, inv.buyer_id), amount: body.amount, invoice_id: inv.id, payment_id: body.id },
  });
  return { payment: await readPayment(trx, body.id), created: true };
}

/** The transfer a payment is a row of (answered as a whole), or null. */
const transferOf = async (trx: Knex.Transaction, id: string): Promise<string | null> => (await trx('payments').where({ id }).first('transfer_id'))?.transfer_id ?? null;

/**
 * The payment and its invoice locked, for the seller's answer; the buyer may read but not
 * answer. `invoiceId`: the invoice a queued answer names (sync), a 404 when it is not the payment's.
 */
async function forAnswer(trx: Knex.Transaction, user: SessionUser, id: string, invoiceId?: string) {
  const found = await trx('payments').where({ id }).first('invoice_id');
  if (!found || (invoiceId !== undefined && found.invoice_id !== invoiceId)) throw notFound('Payment');
  const inv = await lockInvoice(trx, user, found.invoice_id);
  if (inv.seller_id !== user.account_id) throw notTheSeller("Only the invoice's seller confirms or disputes a payment");
  const payment = await trx('payments').where({ id }).forUpdate().first('id', 'status', 'amount');
  return { inv, payment: { ...payment, amount: Number(payment.amount) } as { id: string; status: string; amount: number } };
}

/** POST /api/payments/{id}/confirm and sync payment.confirm: the seller received it; only now it lowers the balance. Confirming twice is one confirmation. */
export async function confirmPayment(trx: Knex.Transaction, user: SessionUser, id: string, now: Date, invoiceId?: string): Promise<Payment> {
  const transferId = await transferOf(trx, id);
  if (transferId) return (await answerTransfer(trx, user, transferId, { status: 'confirmed' }, now, id)).payments.find((p) => p.id === id)!;
  const { inv, payment } = await forAnswer(trx, user, id, invoiceId);
  if (payment.status === 'confirmed') return readPayment(trx, id);
  assertTransition(paymentLifecycle, payment.status as PaymentState, 'confirmed', 'payee', () => paymentAnswered(`A ${payment.status} payment cannot be confirmed`));
  const left = payable(inv, 'confirmed');
  if (halalas(payment.amount) > halalas(left)) throw overpayment(left);
  await trx('payments').where({ id }).update({ status: 'confirmed', decided_by: user.id, decided_at: now.toISOString() });
  await recordAudit(trx, { actor: user, action: 'payment.confirm', record_type: 'payment', record_id: id, changes: { status: [payment.status, 'confirmed'] } });
  await changed(trx, inv);
  await notify(trx, {
    to: [inv.buyer_id],
    kind: 'payment.confirmed',
    params: { number: inv.number, company: await displayName(trx, inv.seller_id), amount: payment.amount, invoice_id: inv.id, payment_id: id },
  });
  return readPayment(trx, id);
}

/** POST /api/payments/{id}/dispute {reason} and sync payment.dispute: the seller did not receive it; the balance stays. */
export async function disputePayment(trx: Knex.Transaction, user: SessionUser, id: string, body: PaymentDispute, now: Date, invoiceId?: string): Promise<Payment> {
  const transferId = await transferOf(trx, id);
  if (transferId) return (await answerTransfer(trx, user, transferId, { status: 'disputed', reason: body.reason }, now, id)).payments.find((p) => p.id === id)!;
  const { inv, payment } = await forAnswer(trx, user, id, invoiceId);
  if (payment.status === 'disputed') return readPayment(trx, id);
  assertTransition(paymentLifecycle, payment.status as PaymentState, 'disputed', 'payee', () => paymentAnswered(`A ${payment.status} payment cannot be disputed`));
  await trx('payments').where({ id }).update({ status: 'disputed', dispute_reason: body.reason, decided_by: user.id, decided_at: now.toISOString() });
  await recordAudit(trx, { actor: user, action: 'payment.dispute', record_type: 'payment', record_id: id, changes: { status: [payment.status, 'disputed'], dispute_reason: [null, body.reason] } });
  await changed(trx, inv);
  await notify(trx, {
    to: [inv.buyer_id],
    kind: 'payment.disputed',
    params: { number: inv.number, company: await displayName(trx, inv.seller_id), amount: payment.amount, reason: body.reason, invoice_id: inv.id, payment_id: id },
  });
  return readPayment(trx, id);
}
