/**
 * Disputes (shared/schemas/dispute.ts): the buyer's claim on lines it received, and the
 * seller's answer. One function per move for REST and the sync push alike, each under the
 * order's row lock, so two disputes at once are counted one after the other:
 * - only the buyer's company opens one, on lines of the order; a goods dispute takes at most
 *   what was received of a line less what the line's other open or accepted goods disputes
 *   hold, and a price dispute at most that of the line's price disputes (a price and a goods
 *   claim on the same units are different claims); dispute_exceeds_received names the lines;
 * - a price dispute (unit_price given) only where a live accepted invoice billed the line
 *   above that price: there is nothing to settle otherwise;
 * - the device's id makes it once; its photos are new ids (uploaded after it) or the order's
 *   buyer's own photos of this order; due in 3 working days in Riyadh;
 * - only the seller answers, once (dispute_answered): a credit note for its value against
 *   the accepted invoice billing each line (invoice_not_accepted when none does: it can
 *   redeliver instead), or a redelivery that reopens the quantity on the order (a received
 *   order reads partially_received again; a closed one takes no delivery, so it is refused
 *   there, order_not_receivable: the buyer closed it, a credit note settles it), or a
 *   rejection with a reason;
 * - opening and answering queue the seller's scorecard (the dispute's insert and its status
 *   update, by trigger, in this transaction), measured after the commit by the scorecard
 *   worker (scorecards/queue.ts).
 */
import type { Knex } from 'knex';
import { conflict, disputeAnswered, disputeExceedsReceived, invoiceNotAccepted, notFound, notTheBuyer, notTheSeller, orderNotReceivable, validationFailed, type ErrorDetails } from '../../../shared/errors';
import { DISPUTE_ANSWER_WORKING_DAYS, type Dispute, type DisputeCreate, type DisputeListQuery, type DisputeRemedy } from '../../../shared/schemas/dispute';
import { ACCEPTED_INVOICE_STATUSES } from '../../../shared/schemas/invoice';
import { roundStock } from '../../../shared/numbers';
import { addWorkingDays } from '../../../shared/riyadh';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges } from '../../db/changes';
import { page, NEWEST_FIRST, type Page } from '../../db/page';
import { displayName } from '../../db/party-name';
import { uuidArray } from '../../db/uuid-array';
import { notify } from '../notifications/notify';
import type { InvoiceDeps } from '../invoices/clearance';
import { issueCreditNoteIn } from '../invoices/notes';
import { lineQuantities } from '../purchase-orders/line-quantities';
import { purchaseOrderPolicy } from '../purchase-orders/policy';
import { disputePolicy } from './policy';
import { disputeQuery, readDisputes, toDispute } from './queries';

async function readDispute(db: Knex, user: SessionUser, id: string, now: Date): Promise<Dispute> {
  const [row] = await readDisputes(disputePolicy.visible(disputeQuery(db, now).where('d.id', id), user));
  if (!row) throw notFound('Dispute');
  return row;
}

/** GET /api/disputes: the caller's company's disputes as buyer or seller, newest first. */
export async function listDisputes(db: Knex, user: SessionUser, query: DisputeListQuery, now: Date): Promise<Page<Dispute>> {
  const q = disputeQuery(db, now);
  if (query.as === 'buyer') q.where('d.buyer_id', user.account_id);
  else if (query.as === 'seller') q.where('d.seller_id', user.account_id);
  else disputePolicy.visible(q, user);
  if (query.status) q.where('d.status', query.status);
  if (query.purchase_order_id) q.where('d.purchase_order_id', query.purchase_order_id);
  const result = await page<Parameters<typeof toDispute>[0]>(q, { ...query, orderBy: NEWEST_FIRST });
  return { ...result, items: result.items.map(toDispute) };
}

/** Photos a dispute names: new ids, or the order's buyer's photos of this order. Any other file's id is refused. */
async function assertPhotosOf(trx: Knex.Transaction, purchaseOrderId: string, buyerId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const other =
    (await trx('order_photos').whereIn('id', ids).where((w) => w.whereNot('purchase_order_id', purchaseOrderId).orWhereNot('company_id', buyerId)).first('id')) ??
    (await trx('delivery_files').whereIn('id', ids).first('id')) ??
    (await trx('product_photos').whereIn('id', ids).first('id')) ??
    (await trx('payment_receipts').whereIn('id', ids).first('id'));
  if (other) throw conflict('A photo id of this dispute belongs to another file');
}

const lockOrder = (trx: Knex.Transaction, id: string) => trx('purchase_orders').where({ id }).forUpdate().first('id', 'number', 'buyer_id', 'seller_id', 'status');

/** A sum over the live notes of the invoice line aliased il that adjust `adjusts`, debits added and credits taken off. */
const noteSumSql = (adjusts: 'quantity' | 'price', column: string) =>
  `coalesce((select sum(case when n.kind = 'debit_note' then nl.${column} else -nl.${column} end) from invoice_lines nl join invoices n on n.id = nl.invoice_id
             where nl.credited_line_id = il.id and nl.adjusts = '${adjusts}' and n.status <> 'rejected'), 0)`;

/**
 * The lines of the order's live accepted invoices, oldest first, each with the price it
 * bills a unit at now: its price plus its price notes spread over the units it bills (a
 * price debit raises it, as the match reads it).
 */
async function billedLines(trx: Knex.Transaction, purchaseOrderId: string) {
  const rows = await trx('invoice_lines as il')
    .join('invoices as inv', 'inv.id', 'il.invoice_id')
    .where({ 'inv.purchase_order_id': purchaseOrderId, 'inv.kind': 'invoice' })
    .whereIn('inv.status', [...ACCEPTED_INVOICE_STATUSES])
    .whereNotNull('il.purchase_order_line_id')
    .orderBy([{ column: 'inv.created_at' }, { column: 'il.position' }])
    .select(
      'il.id',
      'il.invoice_id',
      'il.purchase_order_line_id',
      trx.raw(`il.unit_price + case when (il.quantity + ${noteSumSql('quantity', 'quantity')}) > 0
                 then ${noteSumSql('price', 'line_total')} / (il.quantity + ${noteSumSql('quantity', 'quantity')}) else 0 end as price`),
    );
  return rows.map((r) => ({ id: r.id as string, invoice_id: r.invoice_id as string, purchase_order_line_id: r.purchase_order_line_id as string, price: Math.round(Number(r.price) * 100) / 100 }));
}

/** POST /api/purchase-orders/{id}/disputes and dispute.open: the dispute opened, or the one this id already opened. */
export async function openDispute(trx: Knex.Transaction, user: SessionUser, purchaseOrderId: string, input: DisputeCreate, now: Date): Promise<{ dispute: Dispute; created: boolean }> {
  const po = await lockOrder(trx, purchaseOrderId);
  if (!po || (po.buyer_id !== user.account_id && po.seller_id !== user.account_id)) throw notFound('Purchase order');
  const existing = await trx('disputes').where({ id: input.id }).first('purchase_order_id');
  if (existing) {
    if (existing.purchase_order_id !== po.id) throw conflict('This dispute id belongs to another order');
    return { dispute: await readDispute(trx, user, input.id, now), created: false };
  }
  if (po.buyer_id !== user.account_id) throw notTheBuyer("Only the buyer's company disputes what it received");

  const lines = new Map((await lineQuantities(trx, po.id)).map((l) => [l.id, l]));
  const held = await trx('dispute_lines as dl')
    .join('disputes as d', 'd.id', 'dl.dispute_id')
    .where('d.purchase_order_id', po.id)
    .whereIn('d.status', ['open', 'accepted'])
    .groupBy('dl.purchase_order_line_id', trx.raw('dl.unit_price is null'))
    .select('dl.purchase_order_line_id as id', trx.raw('(dl.unit_price is null) as goods'), trx.raw('sum(dl.quantity) as quantity'));
  const heldOf = (id: string, goods: boolean) => Number(held.find((h) => h.id === id && Boolean(h.goods) === goods)?.quantity ?? 0);
  const billed = input.lines.some((l) => l.unit_price !== undefined) ? await billedLines(trx, po.id) : [];

  const errors: ErrorDetails = [];
  const over: ErrorDetails = [];
  input.lines.forEach((l, i) => {
    const line = lines.get(l.purchase_order_line_id);
    if (!line) return errors.push({ path: `lines.${i}.purchase_order_line_id`, message: 'not a line of this order', code: 'not_a_line' });
    const goods = l.unit_price === undefined;
    if (!goods) {
      if (!billed.some((b) => b.purchase_order_line_id === line.id && b.price > l.unit_price!)) {
        return errors.push({ path: `lines.${i}.unit_price`, message: 'no accepted invoice billed this line above that price', code: 'not_invoiced_above' });
      }
    }
    const left = Math.max(0, roundStock(line.received_quantity - heldOf(line.id, goods)));
    if (l.quantity > left) over.push({ path: `lines.${i}.quantity`, message: `at most ${left} of this line can be disputed`, code: 'dispute_exceeds_received' });
  });
  if (errors.length) throw validationFailed('These lines cannot be disputed', errors);
  if (over.length) throw disputeExceedsReceived(over);
  await assertPhotosOf(trx, po.id, po.buyer_id, input.photo_ids ?? []);

  await trx('disputes').insert({
    id: input.id,
    purchase_order_id: po.id,
    buyer_id: po.buyer_id,
    seller_id: po.seller_id,
    opened_by: user.id,
    reason: input.reason,
    photo_ids: uuidArray(trx, input.photo_ids ?? []),
    due_at: addWorkingDays(now, DISPUTE_ANSWER_WORKING_DAYS).toISOString(),
  });
  await trx('dispute_lines').insert(input.lines.map((l) => ({ dispute_id: input.id, purchase_order_line_id: l.purchase_order_line_id, quantity: l.quantity, unit_price: l.unit_price ?? null })));
  await trx('purchase_orders').where({ id: po.id }).update({ updated_at: now.toISOString() });
  await recordChanges(trx, [
    { entity: 'purchase_order', id: po.id, audiences: purchaseOrderPolicy.audiences(po) },
    { entity: 'dispute', id: input.id, audiences: disputePolicy.audiences(po) },
  ]);
  await notify(trx, {
    to: [po.seller_id],
    kind: 'dispute.opened',
    priority: 'high',
    params: { number: po.number, company: await displayName(trx, po.buyer_id), purchase_order_id: po.id, dispute_id: input.id },
  });
  return { dispute: await readDispute(trx, user, input.id, now), created: true };
}

export type DisputeAnswer = { action: 'accept'; remedy: DisputeRemedy } | { action: 'reject'; reason: string };

/** The credit notes a credit_note remedy issues: per accepted invoice billing the lines, the goods at its price, a price as the difference per unit. */
async function creditDispute(trx: Knex.Transaction, deps: InvoiceDeps, user: SessionUser, disputeId: string, purchaseOrderId: string, reason: string, now: Date): Promise<void> {
  const lines = await trx('dispute_lines as dl').join('purchase_order_lines as pl', 'pl.id', 'dl.purchase_order_line_id').where('dl.dispute_id', disputeId).select('dl.purchase_order_line_id', 'dl.quantity', 'dl.unit_price', 'pl.description');
  const billed = await billedLines(trx, purchaseOrderId);
  const byInvoice = new Map<string, Array<{ invoice_line_id: string; quantity: number; unit_price?: number }>>();
  const missing: string[] = [];
  for (const l of lines) {
    // A price dispute is credited on the invoice billing the line above the price claimed; goods on the first billing it.
    const il = billed.find((b) => b.purchase_order_line_id === l.purchase_order_line_id && (l.unit_price === null || b.price > Number(l.unit_price)));
    if (!il) {
      missing.push(l.description);
      continue;
    }
    const asked = byInvoice.get(il.invoice_id) ?? [];
    const quantity = Number(l.quantity);
    if (l.unit_price === null) asked.push({ invoice_line_id: il.id, quantity });
    else asked.push({ invoice_line_id: il.id, quantity, unit_price: Math.round((il.price - Number(l.unit_price)) * 100) / 100 });
    byInvoice.set(il.invoice_id, asked);
  }
  if (missing.length) throw invoiceNotAccepted(`No accepted invoice bills ${missing.join(', ')}: settle by redelivery, or accept once the invoice is accepted`);
  for (const [invoiceId, noteLines] of byInvoice) await issueCreditNoteIn(trx, deps, user, invoiceId, { reason, lines: noteLines }, now, { dispute_id: disputeId });
}

/** POST /api/disputes/{id}/accept|reject and dispute.accept|reject: the seller's one answer. */
export async function answerDispute(trx: Knex.Transaction, deps: InvoiceDeps, user: SessionUser, id: string, answer: DisputeAnswer, now: Date): Promise<Dispute> {
  const found = await trx('disputes').where({ id }).first('purchase_order_id');
  if (!found) throw notFound('Dispute');
  const po = await lockOrder(trx, found.purchase_order_id);
  const d = await trx('disputes').where({ id }).forUpdate().first('id', 'buyer_id', 'seller_id', 'status', 'reason');
  if (d.buyer_id !== user.account_id && d.seller_id !== user.account_id) throw notFound('Dispute');
  if (d.seller_id !== user.account_id) throw notTheSeller("Only the seller's company answers a dispute");
  if (d.status !== 'open') throw disputeAnswered(d.status);

  const answered = { answered_by: user.id, answered_at: now.toISOString() };
  if (answer.action === 'reject') {
    await trx('disputes').where({ id }).update({ ...answered, status: 'rejected', answer: answer.reason });
  } else {
    if (answer.remedy === 'redeliver' && !['accepted', 'delivered', 'partially_received', 'received'].includes(po.status)) throw orderNotReceivable(po.status);
    await trx('disputes').where({ id }).update({ ...answered, status: 'accepted', remedy: answer.remedy });
    if (answer.remedy === 'credit_note') await creditDispute(trx, deps, user, id, po.id, d.reason, now);
    else if (po.status === 'received') await trx('purchase_orders').where({ id: po.id }).update({ status: 'partially_received' });
  }
  await trx('purchase_orders').where({ id: po.id }).update({ updated_at: now.toISOString() });
  await recordChanges(trx, [
    { entity: 'purchase_order', id: po.id, audiences: purchaseOrderPolicy.audiences(po) },
    { entity: 'dispute', id, audiences: disputePolicy.audiences(d) },
  ]);
  const company = await displayName(trx, d.seller_id);
  const params = { number: po.number, company, purchase_order_id: po.id, dispute_id: id };
  if (answer.action === 'reject') await notify(trx, { to: [d.buyer_id], kind: 'dispute.rejected', params: { ...params, reason: answer.reason } });
  else await notify(trx, { to: [d.buyer_id], kind: 'dispute.accepted', params });
  return readDispute(trx, user, id, now);
}
