/**
 * One bank transfer across several invoices of the same seller (migration 20261128000720
 * states the model): the buyer records it with an amount allocated to each invoice, the
 * seller confirms or disputes it as a whole. The rules of a single payment (service.ts)
 * hold per invoice: only the buyer records, only the seller answers, a 404 for an invoice
 * the caller may not read, overpayment checked per invoice, the date not after today, the
 * receipt the buyer's own. Every invoice's row lock is taken in invoice id order, so a
 * transfer and another write over the same invoices never wait on each other in a circle.
 *
 * Each row's id is the one its allocation names (a client that shows the rows offline
 * chooses them) or else derived from the transfer's and its invoice's (a name-based UUID),
 * so the same transfer sent again is the same rows; the transfer's id on other rows, or a
 * row id taken by another payment, is a conflict.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { conflict, notAnInvoice, notFound, notTheBuyer, notTheSeller, overpayment, paymentAnswered, validationFailed } from '../../../shared/errors';
import { halalas, payable } from '../../../shared/payments';
import { riyadhDay } from '../../../shared/riyadh';
import type { Transfer, TransferRecord } from '../../../shared/schemas/payment';
import type { SessionUser } from '../../auth/session-user';
import { notify } from '../notifications/notify';
import { changed, lockInvoice, type LockedInvoice } from './locks';
import { paymentQuery, readPayments } from './queries';
import { assertReceiptOf } from './receipts';
import { assertPayableInException } from './exception';
import { displayName } from '../../db/party-name';
import { recordAudit } from '../audit/record';

/** The id of a transfer's row for one invoice: a version 5 (name-based) UUID of the two. */
function rowId(transferId: string, invoiceId: string): string {
  const h = createHash('sha1').update(`binaa-transfer:${transferId}:${invoiceId}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The invoices, each under its row lock, taken in id order. */
async function lockInOrder(trx: Knex.Transaction, user: SessionUser, ids: readonly string[]): Promise<LockedInvoice[]> {
  const locked: LockedInvoice[] = [];
  for (const id of [...ids].sort()) locked.push(await lockInvoice(trx, user, id));
  return locked;
}

async function readTransfer(db: Knex, id: string): Promise<Transfer> {
  return { id, payments: await readPayments(paymentQuery(db).where('p.transfer_id', id).orderBy('p.invoice_id')) };
}

/** POST /api/payments/transfers: the buyer's one transfer across invoices of one seller, waiting for the seller. */
export async function recordTransfer(trx: Knex.Transaction, user: SessionUser, body: TransferRecord, now: Date): Promise<{ transfer: Transfer; created: boolean }> {
  const invoices = await lockInOrder(trx, user, body.allocations.map((a) => a.invoice_id));
  const stored: Array<{ invoice_id: string; payer_id: string; amount: string; reference: string }> = await trx('payments')
    .where({ transfer_id: body.id })
    .select('invoice_id', 'payer_id', 'amount', 'reference');
  if (stored.length) {
    const sent = new Map(body.allocations.map((a) => [a.invoice_id, halalas(a.amount)]));
    const same = stored.length === sent.size && stored.every((r) => r.payer_id === user.account_id && r.reference === body.reference && sent.get(r.invoice_id) === halalas(Number(r.amount)));
    if (!same) throw conflict('This transfer id belongs to another transfer');
    return { transfer: await readTransfer(trx, body.id), created: false };
  }
  const sellers = new Set(invoices.map((inv) => inv.seller_id));
  if (sellers.size > 1 || (body.seller !== undefined && !sellers.has(body.seller))) {
    throw validationFailed('One transfer pays invoices of one seller', [{ path: 'allocations', message: 'invoices of several sellers', code: 'several_sellers' }]);
  }
  if (invoices.some((inv) => inv.buyer_id !== user.account_id)) throw notTheBuyer("Only the invoices' buyer records a payment of them");
  if (invoices.some((inv) => inv.kind === 'credit_note')) throw notAnInvoice('A credit note is not paid');
  if (body.paid_on > riyadhDay(now)) throw validationFailed('A transfer is recorded once it is made: the date cannot be after today', [{ path: 'paid_on', message: 'after today', code: 'after_today' }]);
  const amounts = new Map(body.allocations.map((a) => [a.invoice_id, a.amount]));
  const idOf = new Map(body.allocations.map((a) => [a.invoice_id, a.payment_id ?? rowId(body.id, a.invoice_id)]));
  for (const inv of invoices) {
    const left = payable(inv, 'recorded');
    if (halalas(amounts.get(inv.id)!) > halalas(left)) throw overpayment(left);
  }
  for (const inv of invoices) await assertPayableInException(trx, user, inv.id, body.accept_exception, now);
  const [first] = invoices;
  await assertReceiptOf(trx, first.buyer_id, body.receipt_id);
  const clash = await trx('payments').whereIn('id', [...idOf.values()]).first('id');
  if (clash) throw conflict('This transfer id belongs to another transfer');
  await trx('payments').insert(
    invoices.map((inv) => ({
      id: idOf.get(inv.id),
      transfer_id: body.id,
      invoice_id: inv.id,
      payer_id: inv.buyer_id,
      payee_id: inv.seller_id,
      method: 'transfer',
      amount: amounts.get(inv.id),
      paid_on: body.paid_on,
      reference: body.reference,
      receipt_id: body.receipt_id ?? null,
      recorded_by: user.id,
    })),
  );
  for (const inv of invoices) {
    const amount = amounts.get(inv.id)!;
    await recordAudit(trx, {
      actor: user,
      action: 'payment.record',
      record_type: 'payment',
      record_id: idOf.get(inv.id)!,
      changes: { invoice_id: [null, inv.id], transfer_id: [null, body.id], status: [null, 'recorded'], amount: [null, amount], paid_on: [null, body.paid_on], reference: [null, body.reference] },
    });
  }
  const company = await displayName(trx, first.buyer_id);
  for (const inv of invoices) {
    await changed(trx, inv);
    await notify(trx, {
      to: [inv.seller_id],
      kind: 'payment.recorded',
      params: { number: inv.number, company, amount: amounts.get(inv.id)!, invoice_id: inv.id, payment_id: idOf.get(inv.id)! },
    });
  }
  return { transfer: await readTransfer(trx, body.id), created: true };
}

type Answer = { status: 'confirmed' } | { status: 'disputed'; reason: string };

/**
 * POST /api/payments/transfers/{id}/confirm and /dispute, and the answer to any one of its
 * rows (`asked`: that row's id, so whoever may not read its invoice gets a 404 for it): the
 * seller answers the transfer as a whole. Answering it again the same way is the same answer.
 */
export async function answerTransfer(trx: Knex.Transaction, user: SessionUser, id: string, answer: Answer, now: Date, asked?: string): Promise<Transfer> {
  const rows: Array<{ id: string; invoice_id: string; status: string; amount: string }> = await trx('payments').where({ transfer_id: id }).select('id', 'invoice_id', 'status', 'amount');
  if (!rows.length) throw notFound(asked ? 'Payment' : 'Transfer');
  const invoices = await lockInOrder(trx, user, rows.map((r) => r.invoice_id));
  if (invoices.some((inv) => inv.seller_id !== user.account_id)) throw notTheSeller("Only the invoices' seller confirms or disputes a payment");
  // Read again under the locks: another answer may have come in between.
  const current: Array<{ id: string; invoice_id: string; status: string; amount: string }> = await trx('payments').where({ transfer_id: id }).select('id', 'invoice_id', 'status', 'amount');
  if (current.every((r) => r.status === answer.status)) return readTransfer(trx, id);
  const other = current.find((r) => r.status !== 'recorded');
  if (other) throw paymentAnswered(`A ${other.status} payment cannot be ${answer.status}`);
  const amountOf = new Map(current.map((r) => [r.invoice_id, Number(r.amount)]));
  const rowOf = new Map(current.map((r) => [r.invoice_id, r.id]));
  if (answer.status === 'confirmed') {
    for (const inv of invoices) {
      const left = payable(inv, 'confirmed');
      if (halalas(amountOf.get(inv.id)!) > halalas(left)) throw overpayment(left);
    }
  }
  await trx('payments')
    .where({ transfer_id: id })
    .update({ status: answer.status, dispute_reason: answer.status === 'disputed' ? answer.reason : null, decided_by: user.id, decided_at: now.toISOString() });
  for (const row of current) {
    await recordAudit(trx, {
      actor: user,
      action: answer.status === 'confirmed' ? 'payment.confirm' : 'payment.dispute',
      record_type: 'payment',
      record_id: row.id,
      changes: { status: [row.status, answer.status], dispute_reason: [null, answer.status === 'disputed' ? answer.reason : null] },
    });
  }
  const company = await displayName(trx, invoices[0].seller_id);
  for (const inv of invoices) {
    await changed(trx, inv);
    const params = { number: inv.number, company, amount: amountOf.get(inv.id)!, invoice_id: inv.id, payment_id: rowOf.get(inv.id)! };
    await notify(
      trx,
      answer.status === 'confirmed'
        ? { to: [inv.buyer_id], kind: 'payment.confirmed', params }
        : { to: [inv.buyer_id], kind: 'payment.disputed', params: { ...params, reason: answer.reason } },
    );
  }
  return readTransfer(trx, id);
}
