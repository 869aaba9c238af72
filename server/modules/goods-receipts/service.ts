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
 *   when anything was rejected);
 * - the seller's scorecard is due to be measured again: the receipt's insert queues the
 *   seller (a trigger, in this transaction), and the scorecard worker measures it after
 *   the commit (scorecards/queue.ts), so a receipt never pays for the seller's whole record.
 */
import type { Knex } from 'knex';
import { conflict, notFound, notTheBuyer, orderNotReceivable, overReceived, validationFailed, type ErrorDetails } from '../../../shared/errors';
import { receivableLimit, type GoodsReceipt, type GoodsReceiptCreate } from '../../../shared/schemas/goods-receipt';
import type { PurchaseOrderStatus } from '../../../shared/schemas/purchase-order';
import { roundStock } from '../../../shared/numbers';
import type { SessionUser } from '../../auth/session-user';
import { changeRows } from '../../db/changes';
import { partyNameSql } from '../../db/party-name';
import { notificationChanges, notificationsWrite, notificationsWriteSql } from '../notifications/notify';
import { prepared } from '../../db/prepared';
import { receivingStandingSql } from '../purchase-orders/line-quantities';
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

/** The rules of a receipt on the order itself, under its lock, before anything is written. Refuses with the first broken. */
async function checkOrder(
  trx: Knex.Transaction,
  user: SessionUser,
  po: { id: string; buyer_id: string; status: PurchaseOrderStatus },
  input: GoodsReceiptCreate,
  receivedAt: Date,
  now: Date,
): Promise<void> {
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
}

/**
 * The rules of a receipt's lines, on where its order's lines stood before it: each a line of
 * the order (`missing`: the ids named that are not), none accepted above its limit. Only the
 * lines that would go above what is ordered can go above the limit (the tolerance only adds
 * to it), so `beyond` holds those alone. Refuses with the first rule broken.
 */
function checkLines(missing: string[], beyond: ReceivingLine[], input: GoodsReceiptCreate, tolerance: number): void {
  const notLines = new Set(missing);
  const lines = new Map(beyond.map((l) => [l.id, l]));
  const errors: ErrorDetails = [];
  const over: ErrorDetails = [];
  input.lines.forEach((l, i) => {
    const id = l.purchase_order_line_id.toLowerCase(); // as the database writes a uuid
    if (notLines.has(id)) return errors.push({ path: `lines.${i}.purchase_order_line_id`, message: 'not a line of this order', code: 'not_a_line' });
    const line = lines.get(id);
    if (!line) return;
    const accepted = roundStock(line.accepted_quantity + l.received_quantity - (l.rejected_quantity ?? 0));
    const limit = receivableLimit(line.quantity, line.cancelled_quantity, tolerance);
    if (accepted > limit) {
      const left = Math.max(0, roundStock(limit - line.accepted_quantity));
      over.push({ path: `lines.${i}.received_quantity`, message: `at most ${left} more can be accepted of this line`, code: 'over_received' });
    }
  });
  if (errors.length) throw validationFailed('These lines are not lines of this order', errors);
  if (over.length) throw overReceived(over);
}

/** Where a line a receipt names stood before it: what checkLines decides on. */
interface ReceivingLine {
  id: string;
  quantity: number;
  cancelled_quantity: number;
  accepted_quantity: number;
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
 * answered with it: the insert does nothing on its id (and its lines are not checked
 * again), and a refusal on the order looks for it first (the order may have moved since,
 * received by that very receipt), so the first send's path reads nothing more than a new
 * receipt needs.
 */
export async function recordReceipt(trx: Knex.Transaction, user: SessionUser, purchaseOrderId: string, input: GoodsReceiptCreate, now: Date): Promise<{ created: boolean }> {
  // The buyer's tolerance and name come with the lock: one round trip, the order's row locked alone.
  const [po] = await prepared<{ id: string; number: string; buyer_id: string; seller_id: string; status: PurchaseOrderStatus; tolerance: string; buyer_name: string }>(
    trx,
    trx('purchase_orders as po')
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
      ),
  );
  if (!po || (po.buyer_id !== user.account_id && po.seller_id !== user.account_id)) throw notFound('Purchase order');
  const receivedAt = input.received_at ? new Date(input.received_at) : now;
  try {
    await checkOrder(trx, user, po, input, receivedAt, now);
  } catch (err) {
    if (await alreadyRecorded(trx, po.id, input.id)) return { created: false };
    throw err;
  }

  // One statement, one round trip: where the order's lines stand (read before this
  // receipt's rows, in the statement's snapshot, taken under the order's lock), the receipt
  // and its lines (one JSON parameter: a 50-line receipt is not 300 bindings to parse; only
  // lines of this order), the order's status from its lines' open quantities once this
  // receipt is counted, the change feed's rows and the seller's notification; nothing when
  // the id is already recorded. The lines' rules are then checked on what it answers of
  // their standing (the ids that are no line of the order, and the lines that would go above
  // what is ordered, before the tolerance): a broken one throws, and the transaction (the
  // push's savepoint) undoes the statement. A receipt within its order's lines pays no
  // read of its own and is answered two nulls.
  const audiences = purchaseOrderPolicy.audiences(po);
  const changes = changeRows([
    { entity: 'purchase_order', id: po.id, audiences },
    { entity: 'goods_receipt', id: input.id, audiences },
  ]);
  const rejected = input.lines.filter((l) => (l.rejected_quantity ?? 0) > 0).length;
  const tell = notificationsWrite(
    trx,
    { to: [po.seller_id], kind: 'goods_receipt.recorded', priority: rejected ? 'high' : 'normal', params: { number: po.number, company: po.buyer_name, purchase_order_id: po.id, rejected } },
    'exists (select from receipt)',
  );
  const [{ recorded, missing, beyond }] = await prepared<{ recorded: number; missing: string[] | null; beyond: ReceivingLine[] | null }>(
    trx,
    trx.raw(
    `with standing as (${receivingStandingSql('?')}),
          input as (select * from json_to_recordset(cast(? as json))
                      as l(purchase_order_line_id uuid, received_quantity numeric, rejected_quantity numeric, rejection_reason text, photo_ids uuid[])),
          receipt as (insert into goods_receipts (id, purchase_order_id, received_by, delivery_id, received_at, note)
                      values (?, ?, ?, ?, ?, ?) on conflict (id) do nothing returning id),
          lines as (insert into goods_receipt_lines (goods_receipt_id, purchase_order_line_id, received_quantity, rejected_quantity, rejection_reason, photo_ids)
                    select r.id, l.purchase_order_line_id, l.received_quantity, coalesce(l.rejected_quantity, 0), l.rejection_reason, coalesce(l.photo_ids, '{}')
                      from receipt r, input l join standing s on s.id = l.purchase_order_line_id),
          po as (update purchase_orders
                    set status = case when exists (select from standing s left join input l on l.purchase_order_line_id = s.id
                                                    where s.quantity - s.cancelled_quantity - s.accepted_quantity - coalesce(l.received_quantity - coalesce(l.rejected_quantity, 0), 0) > 0)
                                      then 'partially_received' else 'received' end,
                        updated_at = ?
                  where id = ? and exists (select from receipt)),
          ${notificationsWriteSql},
          logged as (insert into changes (entity, entity_id, op, audience_type, audience)
                     select c.entity, c.entity_id, c.op, c.audience_type, c.audience
                       from receipt, json_to_recordset(cast(? as json)) as c(entity text, entity_id text, op text, audience_type text, audience text)
                     union all ?)
     select (select count(*)::int from receipt) as recorded,
            (select json_agg(l.purchase_order_line_id) from input l where not exists (select from standing s where s.id = l.purchase_order_line_id)) as missing,
            (select json_agg(json_build_object('id', s.id, 'quantity', s.quantity, 'cancelled_quantity', s.cancelled_quantity, 'accepted_quantity', s.accepted_quantity))
               from standing s join input l on l.purchase_order_line_id = s.id
              where s.accepted_quantity + l.received_quantity - coalesce(l.rejected_quantity, 0) > s.quantity - s.cancelled_quantity) as beyond`,
    [
      po.id, po.id,
      JSON.stringify(input.lines),
      input.id, po.id, user.id, input.delivery_id ?? null, receivedAt, input.note ?? null,
      now, po.id,
      ...tell,
      JSON.stringify(changes),
      notificationChanges(trx),
    ],
    ),
  );
  if (!recorded) {
    await alreadyRecorded(trx, po.id, input.id); // another order's id is a conflict
    return { created: false };
  }
  checkLines(missing ?? [], beyond ?? [], input, Number(po.tolerance));
  await assertPhotosOf(
    trx,
    po.id,
    po.buyer_id,
    input.lines.flatMap((l) => l.photo_ids ?? []),
  );
  return { created: true };
}
