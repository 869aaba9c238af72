/**
 * How purchase orders are read: the row as the API presents it (both parties' names, the
 * lines in order), for REST and the sync loader alike.
 */
import type { Knex } from 'knex';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import { partyNameSql } from '../../db/party-name';
import { lineSums, lineSumsJoinsSql } from './line-quantities';

/**
 * The order's CancelBlocker (shared/schemas/purchase-order.ts), the strongest first. Alias po.
 * Delivered is a delivery's proof (delivered_at), whatever its stage became after (confirmed,
 * or a problem the buyer reported): goods that arrived are not undone by a cancel.
 */
const CANCEL_BLOCKER_SQL = `case
  when exists (select 1 from payments pay join invoices i on i.id = pay.invoice_id where i.purchase_order_id = po.id and i.kind = 'invoice') then 'paid'
  when exists (select 1 from invoices i where i.purchase_order_id = po.id and i.kind = 'invoice' and i.status <> 'rejected') then 'invoiced'
  when exists (select 1 from goods_receipts gr where gr.purchase_order_id = po.id) then 'received'
  when exists (select 1 from transport_requests tr join deliveries d on d.transport_request_id = tr.id
               where tr.purchase_order_id = po.id and tr.deleted_at is null and d.delivered_at is not null) then 'delivered'
end`;

/** Purchase orders (alias po) with their parties' names and their lines. */
export function purchaseOrderQuery(db: Knex) {
  return db('purchase_orders as po')
    .join('users as bu', 'bu.id', 'po.buyer_id')
    .join('users as su', 'su.id', 'po.seller_id')
    .leftJoin('profiles as bp', 'bp.user_id', 'po.buyer_id')
    .leftJoin('profiles as sp', 'sp.user_id', 'po.seller_id')
    .leftJoin('company_tax_profiles as stp', 'stp.company_id', 'po.seller_id')
    .select(
      'po.id',
      'po.number',
      'po.rfq_id',
      'po.quote_id',
      'po.instant_order_id',
      'po.site_id',
      db.raw('(select s.name from sites s where s.id = po.site_id) as site_name'),
      'po.approval_request_id',
      'po.buyer_id',
      db.raw(`${partyNameSql('bp', 'bu')} as buyer_name`),
      'po.seller_id',
      db.raw(`${partyNameSql('sp', 'su')} as seller_name`),
      db.raw(`nullif(trim(sp.address), '') as seller_address`),
      db.raw(`nullif(trim(sp.city), '') as seller_city`),
      // The address the seller's tax invoice states is the one it ships from.
      db.raw(`case when stp.company_id is null then null else json_build_object('building_number', stp.building_number, 'street', stp.street,
                'district', stp.district, 'city', stp.city, 'postal_code', stp.postal_code, 'additional_number', stp.additional_number) end
              as seller_national_address`),
      db.raw(`nullif(trim(su.name), '') as seller_contact_name`),
      db.raw(`nullif(sp.phone, '') as seller_phone`),
      'po.title',
      db.raw(
        `coalesce((select json_agg(json_build_object('id', pl.id, 'position', pl.position, 'rfq_line_id', pl.rfq_line_id, 'budget_line_id', pl.budget_line_id,
                     'description', pl.description, 'quantity', pl.quantity, 'unit', pl.unit, 'unit_price', pl.unit_price,
                     'vat_rate', pl.vat_rate, 'vat_category', pl.vat_category, 'exemption_reason_code', pl.exemption_reason_code,
                     'exemption_reason', pl.exemption_reason, 'line_total', pl.line_total, 'vat_amount', pl.vat_amount,
                     'substitute_product_id', pl.substitute_product_id, 'note', pl.note,
                     'received_quantity', ${lineSums('pl').received}, 'rejected_quantity', ${lineSums('pl').rejected},
                     'accepted_quantity', ${lineSums('pl').accepted}, 'cancelled_quantity', pl.cancelled_quantity,
                     'invoiced_quantity', ${lineSums('pl').invoiced}) order by pl.position)
                   from purchase_order_lines pl ${lineSumsJoinsSql('po.id', 'pl')} where pl.purchase_order_id = po.id), '[]'::json) as lines`,
      ),
      'po.subtotal',
      'po.vat_total',
      'po.total',
      'po.delivery_location',
      db.raw(`to_char(po.delivery_date, 'YYYY-MM-DD') as delivery_date`),
      'po.delivery_days',
      'po.notes',
      'po.status',
      'po.reason',
      db.raw(`${CANCEL_BLOCKER_SQL} as cancel_blocker`),
      'po.issued_at',
      'po.answered_at',
      'po.created_at',
      'po.updated_at',
    );
}

export async function readPurchaseOrders(q: Knex.QueryBuilder): Promise<PurchaseOrder[]> {
  return (await q) as PurchaseOrder[];
}
