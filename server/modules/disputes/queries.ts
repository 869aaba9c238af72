/**
 * How disputes are read: the row as the API presents it (shared/schemas/dispute.ts), for
 * REST, the sync loader and the admin alike. Evidence is the photos of the receipt lines of
 * the order lines it names; the credit note is the live one issued for it; overdue is read
 * against the caller's clock (an open dispute past its due_at).
 */
import type { Knex } from 'knex';
import type { Dispute } from '../../../shared/schemas/dispute';
import { partyNameSql } from '../../db/party-name';

/** Disputes (alias d) with their order (alias po) and parties. */
export function disputeQuery(db: Knex, now: Date) {
  return db('disputes as d')
    .join('purchase_orders as po', 'po.id', 'd.purchase_order_id')
    .leftJoin('users as bu', 'bu.id', 'd.buyer_id')
    .leftJoin('profiles as bp', 'bp.user_id', 'd.buyer_id')
    .leftJoin('users as su', 'su.id', 'd.seller_id')
    .leftJoin('profiles as sp', 'sp.user_id', 'd.seller_id')
    .select(
      'd.id',
      'd.purchase_order_id',
      'po.number as purchase_order_number',
      'd.buyer_id',
      db.raw(`${partyNameSql('bp', 'bu')} as buyer_name`),
      'd.seller_id',
      db.raw(`${partyNameSql('sp', 'su')} as seller_name`),
      'd.reason',
      db.raw(`coalesce((select json_agg(json_build_object('id', dl.id, 'purchase_order_line_id', dl.purchase_order_line_id, 'position', pl.position,
                 'description', pl.description, 'unit', pl.unit, 'quantity', dl.quantity, 'unit_price', dl.unit_price, 'order_unit_price', pl.unit_price) order by pl.position)
               from dispute_lines dl join purchase_order_lines pl on pl.id = dl.purchase_order_line_id
              where dl.dispute_id = d.id), '[]'::json) as lines`),
      db.raw('to_json(d.photo_ids) as photo_ids'),
      db.raw(`coalesce((select json_agg(distinct p.photo_id) from goods_receipt_lines grl
                 join goods_receipts gr on gr.id = grl.goods_receipt_id
                 cross join lateral unnest(grl.photo_ids) as p(photo_id)
                where gr.purchase_order_id = d.purchase_order_id
                  and grl.purchase_order_line_id in (select dl.purchase_order_line_id from dispute_lines dl where dl.dispute_id = d.id)), '[]'::json) as evidence_photo_ids`),
      'd.status',
      'd.remedy',
      'd.answer',
      'd.answered_at',
      db.raw(`(select n.id from invoices n where n.dispute_id = d.id and n.status <> 'rejected' order by n.created_at limit 1) as credit_note_id`),
      db.raw(`(select n.number from invoices n where n.dispute_id = d.id and n.status <> 'rejected' order by n.created_at limit 1) as credit_note_number`),
      'd.due_at',
      db.raw(`(d.status = 'open' and d.due_at < ?) as overdue`, [now.toISOString()]),
      'd.created_at',
      'd.updated_at',
    );
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A row of disputeQuery as the API presents it (numbers from the decimals). */
export const toDispute = (r: Dispute & { lines: Array<Record<string, unknown>> }): Dispute => ({
  ...r,
  lines: r.lines.map((l) => ({ ...l, quantity: Number(l.quantity), unit_price: num(l.unit_price), order_unit_price: Number(l.order_unit_price) })) as Dispute['lines'],
  overdue: Boolean(r.overdue),
});

export async function readDisputes(q: Knex.QueryBuilder): Promise<Dispute[]> {
  return ((await q) as Array<Parameters<typeof toDispute>[0]>).map(toDispute);
}
