/** How goods receipts are read: the row as the API presents it (the order's number and parties, who counted, the lines in the order's positions), for REST and the sync loader alike. */
import type { Knex } from 'knex';
import type { GoodsReceipt } from '../../../shared/schemas/goods-receipt';

/** Goods receipts (alias gr) with their order (alias po). */
export function goodsReceiptQuery(db: Knex) {
  return db('goods_receipts as gr')
    .join('purchase_orders as po', 'po.id', 'gr.purchase_order_id')
    .leftJoin('users as ru', 'ru.id', 'gr.received_by')
    .select(
      'gr.id',
      'gr.purchase_order_id',
      'po.number as purchase_order_number',
      'po.buyer_id',
      'po.seller_id',
      'gr.received_by',
      db.raw(`nullif(trim(ru.name), '') as received_by_name`),
      'gr.delivery_id',
      'gr.received_at',
      'gr.note',
      db.raw(`coalesce((select json_agg(json_build_object('id', grl.id, 'purchase_order_line_id', grl.purchase_order_line_id, 'position', pl.position,
                 'description', pl.description, 'unit', pl.unit, 'received_quantity', grl.received_quantity, 'rejected_quantity', grl.rejected_quantity,
                 'rejection_reason', grl.rejection_reason, 'photo_ids', to_json(grl.photo_ids)) order by pl.position)
               from goods_receipt_lines grl join purchase_order_lines pl on pl.id = grl.purchase_order_line_id
              where grl.goods_receipt_id = gr.id), '[]'::json) as lines`),
      'gr.created_at',
      'gr.updated_at',
    );
}

export async function readGoodsReceipts(q: Knex.QueryBuilder): Promise<GoodsReceipt[]> {
  return (await q) as GoodsReceipt[];
}
