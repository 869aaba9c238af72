/**
 * Goods receipts: what the buyer's company counted off a truck against a purchase order
 * (shared/schemas/goods-receipt.ts). One function records a receipt for REST and the sync
 * push alike, under the order's row lock, so two receipts at once (two phones at two gates)
 * and a receipt beside a cancel are decided one after the other:
 * - only the buyer's company, and only on an order the seller accepted that is not closed
 *   (accepted, delivered or partially received);
 * - what all receipts accepted of a line (received less rejected, less what a redelivery
 *   reopened) never goes above the order line beyond the buyer's tolerance;
 * - the device's id makes it once: the same receipt sent again answers the one recorded;
 * - the order then reads received when nothing of it is open, else partially received;
 *   the seller sees the receipt at once (the change feed, a notification, high priority
 *   when anything was rejected).
 */
import type { Knex } from 'knex';
import { conflict, notFound, notTheBuyer, orderNotReceivable, overReceived, validationFailed, type ErrorDetails } from '../../../shared/errors';
import { openQuantity, receivableLimit, type GoodsReceipt, type GoodsReceiptCreate } from '../../../shared/schemas/goods-receipt';
import type { PurchaseOrderStatus } from '../../../shared/schemas/purchase-order';
import { roundStock } from '../../../shared/numbers';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges } from '../../db/changes';
import { partyNameSql } from '../../db/party-name';
import { notify } from '../notifications/notify';
import { lineQuantities } from '../purchase-orders/line-quantities';
import { purchaseOrderPolicy } from '../purchase-orders/policy';
import { goodsReceiptPolicy } from './policy';
import { goodsReceiptQuery, readGoodsReceipts } from './queries';

/** The statuses an order takes receipts in: the seller accepted it, and it is neither closed nor cancelled. */
const RECEIVABLE: readonly PurchaseOrderStatus[] = ['accepted', 'delivered', 'partially_received'];

/** A receipt's time may run ahead of the server's by a device clock's drift, never more. */
const CLOCK_DRIFT_MS = 10 * 60_000;

/** GET /api/purchase-orders/{id}/receipts: the order's receipts, newest first, for its buyer and seller; 404 for anyone else. */
export async function listReceipts(db: Knex, user: SessionUser, purchaseOrderId: string): Promise<GoodsReceipt[]> {
  const po = await purchaseOrderPolicy.visible(db('purchase_orders as po').where('po.id', purchaseOrderId), user).first('po.id');
  if (!po) throw notFound('Purchase order');
  return readGoodsReceipts(goodsReceiptQuery(db).where('gr.purchase_order_id', po.id).orderBy([{ column: 'gr.received_at', order: 'desc' }, { column: 'gr.id', order: 'desc' }]));
}

/** One receipt as its reader sees it (404 to anyone else). */
export async function readReceipt(db: Knex, user: SessionUser, id: string): Promise<GoodsReceipt> {
  const [row] = await readGoodsReceipts(goodsReceiptPolicy.visible(goodsReceiptQuery(db).where('gr.id', id), user));
  if (!row) throw notFound('Goods receipt');
  return row;
}

/**
 * The photos a receipt may name: new ids, or photos of this order its buyer already
 * uploaded (a receipt sent again after its photos). An id of any other file is refused.
 */
async function assertPhotosOf(trx: Knex.Transaction, purchaseOrderId: string, buyerId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const [other, otherFile] = await Promise.all([
    trx('order_photos').whereIn('id', ids).where((w) => w.whereNot('purchase_order_id', purchaseOrderId).orWhereNot('company_id', buyerId)).first('id'),
    trx('delivery_files')
      .whereIn('id', ids)
      .first('id')
      .then(async (d) => d ?? trx('product_photos').whereIn('id', ids).first('id'))
      .then(async (d) => d ?? trx('payment_receipts').whereIn('id', ids).first('id')),
  ]);
  if (other || otherFile) throw conflict('A photo id of this receipt belongs to another file');
}

/**
 * Every rule a new receipt must meet, under the order's lock; the order's status once it is
 * recorded. Refuses with the first rule broken.
 */
async function checkReceipt(
  trx: Knex.Transaction,
  user: SessionUser,
  po: { id: string; buyer_id: string; status: PurchaseOrderStatus; tolerance: string | number },
  input: GoodsReceiptCreate,
  receivedAt: Date,
  now: Date,
): Promise<PurchaseOrderStatus> {
  if (po.buyer_id !== user.account_id) throw notTheBuyer("Only the buyer's company records what it received");
  if (!RECEIVABLE.includes(po.status)) throw orderNotReceivable(po.status);
  if (receivedAt.getTime() > now.getTime() + CLOCK_DRIFT_MS) {
    throw validationFailed('A receipt cannot be dated in the future', [{ path: 'received_at', message: 'in the future', code: 'in_future' }]);
  }
  if (input.delivery_id) {
    const delivery = await trx('deliveries as d')
      .join('transport_requests as tr', 'tr.id', 'd.transport_request_id')
      .where({ 'd.id': input.delivery_id, 'tr.purchase_order_id': po.id })
      .first('d.id');
    if (!delivery) throw validationFailed('The delivery named is not one of this order', [{ path: 'delivery_id', message: 'not a delivery of this order', code: 'not_of_order' }]);
  }

  const tolerance = Number(po.tolerance);
  const lines = new Map((await lineQuantities(trx, po.id)).map((l) => [l.id, l]));
  const errors: ErrorDetails = [];
  const over: ErrorDetails = [];
  input.lines.forEach((l, i) => {
    const line = lines.get(l.purchase_order_line_id);
    if (!line) return errors.push({ path: `lines.${i}.purchase_order_line_id`, message: 'not a line of this order', code: 'not_a_line' });
    const accepted = roundStock(line.accepted_quantity + l.received_quantity - (l.rejected_quantity ?? 0));
    const limit = receivableLimit(line.quantity, line.cancelled_quantity, tolerance);
    if (accepted > limit) {
      const left = Math.max(0, roundStock(limit - line.accepted_quantity));
      over.push({ path: `lines.${i}.received_quantity`, message: `at most ${left} more can be accepted of this line`, code: 'over_received' });
    }
    line.accepted_quantity = accepted;
  });
  if (errors.length) throw validationFailed('These lines are not lines of this order', errors);
  if (over.length) throw overReceived(over);
  await assertPhotosOf(
    trx,
    po.id,
    po.buyer_id,
    input.lines.flatMap((l) => l.photo_ids ?? []),
  );

  return [...lines.values()].every((l) => openQuantity(l) === 0) ? 'received' : 'partially_received';
}

/**
 * The receipt `id` already recorded: true when it is one of this order's (a second send,
 * answered with the first), a conflict when it is another order's, false when there is none.
 */
async function alreadyRecorded(trx: Knex.Transaction, purchaseOrderId: string, id: string): Promise<boolean> {
  const existing = await trx('goods_receipts').where({ id }).first('purchase_order_id');
  if (existing && existing.purchase_order_id !== purchaseOrderId) throw conflict('This receipt id belongs to another order');
  return Boolean(existing);
}

/**
 * POST /api/purchase-orders/{id}/receipts and goods_receipt.record: records the receipt
 * `input.id`, or finds the one this id already recorded (created false). The route reads
 * the receipt back for its answer (readReceipt); the push answers only applied.
 *
 * A second send of the same receipt waits for the first at the order's lock and is
 * answered with it: the insert does nothing on its id, and any refusal looks for it first
 * (the order may have moved since, its lines filled by that very receipt), so the first
 * send's path reads nothing more than a new receipt needs.
 */
export async function recordReceipt(trx: Knex.Transaction, user: SessionUser, purchaseOrderId: string, input: GoodsReceiptCreate, now: Date): Promise<{ created: boolean }> {
  // The buyer's tolerance and name come with the lock: one round trip, the order's row locked alone.
  const po = await trx('purchase_orders as po')
    .join('users as bu', 'bu.id', 'po.buyer_id')
    .leftJoin('profiles as bp', 'bp.user_id', 'po.buyer_id')
    .where('po.id', purchaseOrderId)
    .forUpdate('po')
    .first(
      'po.id',
      'po.number',
      'po.buyer_id',
      'po.seller_id',
      'po.status',
      trx.raw('coalesce(bp.receipt_tolerance_percent, 0) as tolerance'),
      trx.raw(`${partyNameSql('bp', 'bu', { orEmail: true })} as buyer_name`),
    );
  if (!po || (po.buyer_id !== user.account_id && po.seller_id !== user.account_id)) throw notFound('Purchase order');
  const receivedAt = input.received_at ? new Date(input.received_at) : now;
  let status: PurchaseOrderStatus;
  try {
    status = await checkReceipt(trx, user, po, input, receivedAt, now);
  } catch (err) {
    if (await alreadyRecorded(trx, po.id, input.id)) return { created: false };
    throw err;
  }

  // The receipt, its lines (one JSON parameter: a 50-line receipt is not 300 bindings to
  // parse) and the order's status in one statement; nothing when the id is already recorded.
  // The lines' foreign key is checked at the statement's end.
  const {
    rows: [{ recorded }],
  } = (await trx.raw(
    `with receipt as (insert into goods_receipts (id, purchase_order_id, received_by, delivery_id, received_at, note)
                      values (:id, :po, :by, :delivery, :at, :note) on conflict (id) do nothing returning id),
          lines as (insert into goods_receipt_lines (goods_receipt_id, purchase_order_line_id, received_quantity, rejected_quantity, rejection_reason, photo_ids)
                    select r.id, l.purchase_order_line_id, l.received_quantity, coalesce(l.rejected_quantity, 0), l.rejection_reason, coalesce(l.photo_ids, '{}')
                      from receipt r, json_to_recordset(cast(:lines as json))
                        as l(purchase_order_line_id uuid, received_quantity numeric, rejected_quantity numeric, rejection_reason text, photo_ids uuid[])),
          po as (update purchase_orders set status = :status, updated_at = :now where id = :po and exists (select from receipt))
     select count(*)::int as recorded from receipt`,
    { id: input.id, po: po.id, by: user.id, delivery: input.delivery_id ?? null, at: receivedAt, note: input.note ?? null, lines: JSON.stringify(input.lines), status, now },
  )) as { rows: Array<{ recorded: number }> };
  if (!recorded) {
    await alreadyRecorded(trx, po.id, input.id); // another order's id is a conflict
    return { created: false };
  }

  const audiences = purchaseOrderPolicy.audiences(po);
  await recordChanges(trx, [
    { entity: 'purchase_order', id: po.id, audiences },
    { entity: 'goods_receipt', id: input.id, audiences },
  ]);
  const rejected = input.lines.filter((l) => (l.rejected_quantity ?? 0) > 0).length;
  await notify(trx, {
    to: [po.seller_id],
    kind: 'goods_receipt.recorded',
    priority: rejected ? 'high' : 'normal',
    params: { number: po.number, company: po.buyer_name, purchase_order_id: po.id, rejected },
  });
  return { created: true };
}
