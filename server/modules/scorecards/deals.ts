/**
 * A seller's deals as the scorecard measures them, read from what was recorded: its
 * purchase orders that it accepted and that had goods received, each with its promised
 * day, its first receipt and its own shares (on time, filled, rejected). One query for
 * the figures (compute.ts) and the seller's own list of what pulled them down
 * (service.ts), so both read each order the same way.
 *
 * - The promised day: the order's delivery date, else the Riyadh day it was accepted (or
 *   issued, for an instant order) plus the days the seller quoted; none without either.
 * - Due: judged for time and fill once fully received (or closed), or once its promised
 *   day has passed (an order still within its promise is not yet late nor short).
 * - On time, per line: what was received on or before the promised day (Riyadh) of what
 *   is owed (ordered less what a close-short cancelled), at most all of it: a partial
 *   receipt counts for its quantity, a late one for none; the order's share is its lines'
 *   mean, so a line of tonnes and one of bags weigh alike.
 * - Every receipt counts, whatever its time: a receipt is never dated past its recording
 *   (beyond a device clock's drift), and an event computed at the same instant as another
 *   (an earlier `now`) must still count the receipt the other committed.
 * - Filled, per line: received of ordered (a close-short's cancelled part is unfilled).
 * - Rejected, per line: rejected at the site of what was received.
 */
import type { Knex } from 'knex';
import { RIYADH_ZONE, riyadhDay } from '../../../shared/riyadh';
import { partyNameSql } from '../../db/party-name';

/** The orders whose prices the seller accepted: only these are its deals. */
const DEAL_STATUSES = ['accepted', 'partially_received', 'received', 'delivered', 'closed'];
/** Nothing more is to come of these. */
const SETTLED_STATUSES = ['received', 'closed'];

export interface DealRow {
  id: string;
  number: string;
  buyer_name: string;
  promised_day: string | null;
  first_received_at: Date;
  due: boolean;
  on_time: number | null;
  fill: number;
  rejected: number;
}

/** The seller's deals at `now`, first received first. */
export async function dealsOf(db: Knex, sellerId: string, now: Date): Promise<DealRow[]> {
  const { rows } = await db.raw(
    `with orders as (
       select po.id, po.number, po.status, po.buyer_id,
              coalesce(po.delivery_date, (coalesce(po.answered_at, po.issued_at) at time zone ?)::date + po.delivery_days) as promised,
              (select min(gr.received_at) from goods_receipts gr where gr.purchase_order_id = po.id) as first_received_at
         from purchase_orders po
        where po.seller_id = ? and po.status = any(?::text[])
     ), deals as (
       select o.*, (o.status = any(?::text[]) or o.promised < ?::date) as due from orders o where o.first_received_at is not null
     ), lines as (
       select d.id, pl.quantity, pl.quantity - pl.cancelled_quantity as owed, pl.received_quantity, pl.rejected_quantity,
              (select coalesce(sum(grl.received_quantity), 0)
                 from goods_receipt_lines grl join goods_receipts gr on gr.id = grl.goods_receipt_id
                where grl.purchase_order_line_id = pl.id and (gr.received_at at time zone ?)::date <= d.promised) as on_time_quantity
         from deals d join purchase_order_lines pl on pl.purchase_order_id = d.id
     ), shares as (
       select id,
              avg(least(1, on_time_quantity / owed)) filter (where owed > 0) as on_time,
              avg(least(1, received_quantity / quantity)) as fill,
              coalesce(avg(rejected_quantity / received_quantity) filter (where received_quantity > 0), 0) as rejected
         from lines group by id
     )
     select d.id, d.number, coalesce(${partyNameSql('bp', 'bu')}, '') as buyer_name, to_char(d.promised, 'YYYY-MM-DD') as promised_day, d.first_received_at, d.due,
            case when d.due and d.promised is not null then s.on_time::float8 end as on_time, s.fill::float8 as fill, s.rejected::float8 as rejected
       from deals d join shares s on s.id = d.id
       join users bu on bu.id = d.buyer_id left join profiles bp on bp.user_id = d.buyer_id
      order by d.first_received_at, d.id`,
    [RIYADH_ZONE, sellerId, DEAL_STATUSES, SETTLED_STATUSES, riyadhDay(now), RIYADH_ZONE],
  );
  return rows as DealRow[];
}

/** The priced lines of these orders: what the price against the market median is measured on. */
export async function pricedLinesOf(db: Knex, orderIds: string[]): Promise<Array<{ purchase_order_id: string; category_id: string; unit: string; unit_price: number }>> {
  if (!orderIds.length) return [];
  const rows = await db('purchase_order_lines').whereIn('purchase_order_id', orderIds).whereNotNull('category_id').select('purchase_order_id', 'category_id', 'unit', db.raw('unit_price::float8 as unit_price'));
  return rows;
}
