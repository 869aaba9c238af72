/**
 * Where each line of a purchase order stands, in one place for every reader: the order's
 * rows (REST and sync), the goods receipts' limit, the invoice's defaults and its match,
 * the disputes' limits, the notes' limits. They are SQL joins onto an order's lines
 * (lineSumsJoinsSql), so a list reads them in the same statement as the lines.
 *
 * - received, rejected: the sums of the line's goods receipts, kept on the line by the
 *   database at every write of them (migration 20261202000300);
 * - redelivered: what accepted disputes settled by redelivery sent back, reopened on the
 *   order (the goods are to come again);
 * - accepted: received less rejected less redelivered: what is taken as arrived;
 * - invoiced: what the seller's live documents bill of the line: its invoice lines, plus
 *   debit-note lines and less credit-note lines that move the quantity (a note's price
 *   line changes no quantity). A live document is one ZATCA did not reject.
 */
import type { Knex } from 'knex';

/**
 * Which orders the sums are of: one order (an SQL expression: a binding, or a column of an
 * outer query, never a table of the same FROM list), or `{ in: subquery }`, the orders a
 * subquery selects (a site's orders: every table read once for all of them, not once an order).
 */
type Orders = string | { in: string };
const ofOrders = (column: string, po: Orders) => (typeof po === 'string' ? `${column} = ${po}` : `${column} in (${po.in})`);

/**
 * What accepted disputes settled by redelivery reopened of each line of the orders `po`, as
 * a join onto the purchase_order_lines alias `pl` (its column, lq_d.redelivered, feeds
 * lineSums' accepted).
 */
const redeliveredJoinSql = (po: Orders, pl: string) => `
  left join (select dl.purchase_order_line_id as id, sum(dl.quantity) as redelivered
               from dispute_lines dl join disputes dp on dp.id = dl.dispute_id
              where ${ofOrders('dp.purchase_order_id', po)} and dp.status = 'accepted' and dp.remedy = 'redeliver' group by 1) lq_d on lq_d.id = ${pl}.id`;

/**
 * The sums of every line of the orders `po` (Orders), as joins onto the purchase_order_lines
 * alias `pl`: each table is read once, grouped by line, for all of the orders' lines, where a
 * sum per line would read it once a line. Its columns are in lineSums.
 */
export const lineSumsJoinsSql = (po: Orders, pl: string) => `${redeliveredJoinSql(po, pl)}
  left join (select coalesce(orig.purchase_order_line_id, il.purchase_order_line_id) as id,
                    sum(case when doc.kind = 'credit_note' then -il.quantity else il.quantity end) as invoiced
               from invoices doc
               join invoice_lines il on il.invoice_id = doc.id
               left join invoice_lines orig on orig.id = il.credited_line_id
              where ${ofOrders('doc.purchase_order_id', po)} and doc.status <> 'rejected' and (doc.kind = 'invoice' or il.adjusts = 'quantity')
              group by 1) lq_i on lq_i.id = ${pl}.id`;

/** The quantities of the line aliased `pl`, over the joins of lineSumsJoinsSql. */
export const lineSums = (pl: string) => ({
  received: `${pl}.received_quantity`,
  rejected: `${pl}.rejected_quantity`,
  accepted: `(${pl}.received_quantity - ${pl}.rejected_quantity - coalesce(lq_d.redelivered, 0))`,
  invoiced: 'coalesce(lq_i.invoiced, 0)',
});

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
 * The lines of one order with where each stands, in position order: under the order's lock,
 * for a decision.
 */
export async function lineQuantities(db: Knex, purchaseOrderId: string): Promise<LineQuantities[]> {
  const { rows } = (await db.raw(
    `select pl.id, pl.position, pl.description, pl.unit, pl.quantity, pl.unit_price, pl.cancelled_quantity,
            pl.received_quantity, pl.rejected_quantity, ${lineSums('pl').accepted} as accepted_quantity, ${lineSums('pl').invoiced} as invoiced_quantity
       from purchase_order_lines pl ${lineSumsJoinsSql(':po', 'pl')}
      where pl.purchase_order_id = :po
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

/**
 * Every line of the order `po` with what a receipt decides on (id, quantity,
 * cancelled_quantity, accepted_quantity), as a query to read in the receipt's own statement
 * (goods-receipts/service.ts): the lines' limits and whether the order is then received.
 * `po` as in lineSumsJoinsSql; it appears twice (a `?` is bound twice).
 */
export const receivingStandingSql = (po: string) => `
  select pl.id, pl.quantity, pl.cancelled_quantity, ${lineSums('pl').accepted} as accepted_quantity
    from purchase_order_lines pl ${redeliveredJoinSql(po, 'pl')}
   where pl.purchase_order_id = ${po}`;
