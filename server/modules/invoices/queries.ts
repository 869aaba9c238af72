/**
 * How invoices are read: the row as the API presents it (the order's number or the plan
 * it invoices, the original invoice's number, the lines in order, an invoice's payment), for REST and the sync loader alike.
 */
import type { Knex } from 'knex';
import type { Invoice } from '../../../shared/schemas/invoice';
import { riyadhDay } from '../../../shared/riyadh';
import { paymentFacts, withPayment } from './payment-facts';
import { matchFactsSql, matchStatusOf, type MatchFactsRow } from './match';

/** Invoices and credit notes (alias inv) with their lines. */
export function invoiceQuery(db: Knex) {
  return db('invoices as inv')
    .leftJoin('purchase_orders as po', 'po.id', 'inv.purchase_order_id')
    .leftJoin('plan_payments as pp', 'pp.payment_id', 'inv.plan_payment_id')
    .leftJoin('subscription_plans as sp', 'sp.id', 'pp.plan_id')
    .leftJoin('invoices as orig', 'orig.id', 'inv.original_invoice_id')
    .select(
      'inv.id',
      'inv.kind',
      'inv.number',
      'inv.seller_id',
      'inv.buyer_id',
      'inv.purchase_order_id',
      'po.number as purchase_order_number',
      db.raw(`case when pp.payment_id is null then null else json_build_object('id', pp.plan_id, 'name', sp.name, 'billing_cycle', pp.billing_cycle,
                'period_start', to_char(pp.period_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'period_end', to_char(pp.period_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end as plan`),
      'inv.original_invoice_id',
      'orig.number as original_invoice_number',
      'inv.reason',
      db.raw('inv.icv::int as icv'),
      'inv.pih',
      'inv.hash',
      'inv.qr',
      'inv.issued_at',
      db.raw(`to_char(inv.supply_date, 'YYYY-MM-DD') as supply_date`),
      'inv.seller',
      'inv.buyer',
      db.raw(
        `coalesce((select json_agg(json_build_object('id', l.id, 'position', l.position, 'purchase_order_line_id', l.purchase_order_line_id,
                     'credited_line_id', l.credited_line_id, 'adjusts', l.adjusts, 'description', l.description, 'quantity', l.quantity, 'unit', l.unit,
                     'unit_price', l.unit_price, 'vat_category', l.vat_category, 'vat_rate', l.vat_rate,
                     'exemption_reason_code', l.exemption_reason_code, 'exemption_reason', l.exemption_reason,
                     'line_total', l.line_total, 'vat_amount', l.vat_amount) order by l.position)
                   from invoice_lines l where l.invoice_id = inv.id), '[]'::json) as lines`,
      ),
      'inv.subtotal',
      'inv.vat_total',
      'inv.total',
      'inv.simplified',
      'inv.status',
      'inv.messages',
      'inv.cleared_at',
      'inv.created_at',
      'inv.updated_at',
      'inv.over_receipt_reason',
      'inv.dispute_id',
      db.raw(`${matchFactsSql('inv')} as match_facts`),
      paymentFacts(db),
    );
}

type Row = Parameters<typeof withPayment>[0] & { match_facts?: MatchFactsRow[] | null };

/** A row of invoiceQuery as the API presents it: its payment as of `today`, its match in one word. */
export function presentInvoice(row: Row, today: string): Invoice {
  const { match_facts, ...rest } = row;
  return { ...withPayment(rest as Parameters<typeof withPayment>[0], today), match_status: matchStatusOf(match_facts) };
}

/** `now`: the app's time, for the payment status (overdue once the due date has passed). */
export async function readInvoices(q: Knex.QueryBuilder, now: Date): Promise<Invoice[]> {
  const today = riyadhDay(now);
  return ((await q) as Row[]).map((row) => presentInvoice(row, today));
}
