/**
 * Where each line of a purchase order stands, in one place for every reader: the order's
 * rows (REST and sync), the goods receipts' limit, the invoice's defaults and its match,
 * the disputes' limits. Each is a SQL expression over one purchase_order_lines row (its
 * alias given), so a list reads them in the same statement as the lines.
 *
 * - received, rejected: the sums of the line's goods receipts;
 * - redelivered: what accepted disputes settled by redelivery sent back, reopened on the
 *   order (the goods are to come again);
 * - accepted: received less rejected less redelivered: what is taken as arrived;
 * - invoiced: what the seller's live documents bill of the line: its invoice lines, plus
 *   debit-note lines and less credit-note lines that move the quantity (a note's price
 *   line changes no quantity). A live document is one ZATCA did not reject.
 */
import type { Knex } from 'knex';

export const receivedSql = (pl: string) =>
  `coalesce((select sum(grl.received_quantity) from goods_receipt_lines grl where grl.purchase_order_line_id = ${pl}.id), 0)`;

export const rejectedSql = (pl: string) =>
  `coalesce((select sum(grl.rejected_quantity) from goods_receipt_lines grl where grl.purchase_order_line_id = ${pl}.id), 0)`;

const redeliveredSql = (pl: string) =>
  `coalesce((select sum(dl.quantity) from dispute_lines dl join disputes d on d.id = dl.dispute_id
             where dl.purchase_order_line_id = ${pl}.id and d.status = 'accepted' and d.remedy = 'redeliver'), 0)`;

export const acceptedSql = (pl: string) => `(${receivedSql(pl)} - ${rejectedSql(pl)} - ${redeliveredSql(pl)})`;

export const invoicedSql = (pl: string) => `coalesce((
    select sum(case when inv.kind = 'credit_note' then -il.quantity else il.quantity end)
    from invoice_lines il
    join invoices inv on inv.id = il.invoice_id
    left join invoice_lines orig on orig.id = il.credited_line_id
    where inv.status <> 'rejected'
      and coalesce(orig.purchase_order_line_id, il.purchase_order_line_id) = ${pl}.id
      and (inv.kind = 'invoice' or il.adjusts = 'quantity')
  ), 0)`;

export interface LineQuantities {
  id: string;
  position: number;
  description: string;
  unit: string;
  quantity: number;
  unit_price: number;
  cancelled_quantity: number;
  received_quantity: number;
  rejected_quantity: number;
  accepted_quantity: number;
  invoiced_quantity: number;
}

/**
 * The lines of one order with where each stands, in position order. Under the order's lock,
 * for a decision. The same sums as the expressions above, taken once per order in grouped
 * passes (each table read once for all the order's lines) rather than per line: a receipt
 * reads them for every line of a long order while its lock is held.
 */
export async function lineQuantities(db: Knex, purchaseOrderId: string): Promise<LineQuantities[]> {
  const { rows } = (await db.raw(
    `with pl as (select id, position, description, unit, quantity, unit_price, cancelled_quantity from purchase_order_lines where purchase_order_id = :po),
     r as (select grl.purchase_order_line_id as id, sum(grl.received_quantity) as received, sum(grl.rejected_quantity) as rejected
             from goods_receipt_lines grl join goods_receipts gr on gr.id = grl.goods_receipt_id
            where gr.purchase_order_id = :po group by 1),
     d as (select dl.purchase_order_line_id as id, sum(dl.quantity) as redelivered
             from dispute_lines dl join disputes dp on dp.id = dl.dispute_id
            where dp.purchase_order_id = :po and dp.status = 'accepted' and dp.remedy = 'redeliver' group by 1),
     i as (select coalesce(orig.purchase_order_line_id, il.purchase_order_line_id) as id,
                  sum(case when inv.kind = 'credit_note' then -il.quantity else il.quantity end) as invoiced
             from invoices inv
             join invoice_lines il on il.invoice_id = inv.id
             left join invoice_lines orig on orig.id = il.credited_line_id
            where inv.purchase_order_id = :po and inv.status <> 'rejected' and (inv.kind = 'invoice' or il.adjusts = 'quantity')
            group by 1)
     select pl.id, pl.position, pl.description, pl.unit, pl.quantity, pl.unit_price, pl.cancelled_quantity,
            coalesce(r.received, 0) as received_quantity, coalesce(r.rejected, 0) as rejected_quantity,
            coalesce(r.received, 0) - coalesce(r.rejected, 0) - coalesce(d.redelivered, 0) as accepted_quantity,
            coalesce(i.invoiced, 0) as invoiced_quantity
       from pl left join r on r.id = pl.id left join d on d.id = pl.id left join i on i.id = pl.id
      order by pl.position`,
    { po: purchaseOrderId },
  )) as { rows: Array<Record<string, unknown>> };
  return rows.map((r) => ({
    id: String(r.id),
    position: Number(r.position),
    description: String(r.description),
    unit: String(r.unit),
    quantity: Number(r.quantity),
    unit_price: Number(r.unit_price),
    cancelled_quantity: Number(r.cancelled_quantity),
    received_quantity: Number(r.received_quantity),
    rejected_quantity: Number(r.rejected_quantity),
    accepted_quantity: Number(r.accepted_quantity),
    invoiced_quantity: Number(r.invoiced_quantity),
  }));
}
