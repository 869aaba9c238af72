/**
 * Issuing a purchase order, for an RFQ's award (one per winning supplier) and for an
 * accepted instant-order offer. In the caller's transaction: the number, the lines with
 * their VAT and the totals, the change-log rows of both parties.
 *
 * The number is the buyer account's next in the year (Riyadh's calendar): the counter row
 * is incremented with one INSERT ... ON CONFLICT DO UPDATE ... RETURNING, which holds the
 * row's lock until the transaction ends. A concurrent issue for the same buyer waits for
 * it, so no two orders get one number; a rolled-back issue gives its number back, so the
 * sequence has no gap.
 */
import type { Knex } from 'knex';
import { purchaseOrderNumber } from '../../../shared/schemas/purchase-order';
import { roundPrice } from '../../../shared/numbers';
import { documentTotals, lineAmounts } from '../../../shared/vat';
import { lineVat, type VatCategory, type VatexCode } from '../../../shared/vatex';
import { recordChanges } from '../../db/changes';
import { notify } from '../notifications/notify';
import { purchaseOrderPolicy } from './policy';
import { RIYADH_ZONE, riyadhYear } from '../../../shared/riyadh';
import { displayName } from '../../db/party-name';

/** The unit of a line priced as a whole. */
const LOT = 'lot';

interface IssueLine {
  rfq_line_id?: string | null;
  /** the site's budget line the line spends */
  budget_line_id?: string | null;
  category_id?: string | null;
  description: string;
  quantity: number;
  unit: string;
  unit_price: number;
  substitute_product_id?: string | null;
  note?: string | null;
  /** the VAT the seller stated with its price (shared/schemas/vat-treatment.ts); standard rated when absent */
  vat_category?: VatCategory;
  exemption_reason_code?: VatexCode | null;
}

export interface IssueInput {
  buyer_id: string;
  seller_id: string;
  /** the person who made the award or accepted the offer */
  created_by: string;
  title: string;
  rfq_id?: string | null;
  quote_id?: string | null;
  instant_order_id?: string | null;
  /** the buyer's site the order buys for */
  site_id?: string | null;
  delivery_location: string;
  delivery_date?: string | null;
  delivery_days?: number | null;
  /** the seller's notes on the whole quote or offer, for the buyer */
  notes?: string | null;
  lines: IssueLine[];
}

/** Issues one purchase order at `now`: its id, number and total. */
export async function issuePurchaseOrder(trx: Knex.Transaction, input: IssueInput, now: Date): Promise<{ id: string; number: string; total: number }> {
  const year = riyadhYear(now);
  const {
    rows: [{ last }],
  } = await trx.raw(
    `insert into purchase_order_counters (buyer_id, year, last) values (?, ?, 1)
     on conflict (buyer_id, year) do update set last = purchase_order_counters.last + 1
     returning last`,
    [input.buyer_id, year],
  );
  const number = purchaseOrderNumber(year, last);
  const lines = input.lines.map((l, i) => {
    const vat = lineVat(l.vat_category, l.exemption_reason_code ?? null);
    return { ...l, position: i + 1, ...vat, ...lineAmounts(l.quantity, l.unit_price, vat.vat_rate) };
  });
  const totals = documentTotals(lines);
  const [{ id }] = await trx('purchase_orders')
    .insert({
      number,
      year,
      seq: last,
      buyer_id: input.buyer_id,
      seller_id: input.seller_id,
      created_by: input.created_by,
      rfq_id: input.rfq_id ?? null,
      quote_id: input.quote_id ?? null,
      instant_order_id: input.instant_order_id ?? null,
      site_id: input.site_id ?? null,
      title: input.title,
      delivery_location: input.delivery_location,
      delivery_date: input.delivery_date ?? null,
      delivery_days: input.delivery_days ?? null,
      notes: input.notes ?? null,
      ...totals,
      issued_at: now.toISOString(),
    })
    .returning('id');
  await trx('purchase_order_lines').insert(
    lines.map((l) => ({
      purchase_order_id: id,
      position: l.position,
      rfq_line_id: l.rfq_line_id ?? null,
      budget_line_id: l.budget_line_id ?? null,
      category_id: l.category_id ?? null,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      unit_price: l.unit_price,
      vat_rate: l.vat_rate,
      vat_category: l.vat_category,
      exemption_reason_code: l.exemption_reason_code,
      exemption_reason: l.exemption_reason,
      line_total: l.line_total,
      vat_amount: l.vat_amount,
      substitute_product_id: l.substitute_product_id ?? null,
      note: l.note ?? null,
    })),
  );
  await recordChanges(trx, [{ entity: 'purchase_order', id, audiences: purchaseOrderPolicy.audiences(input) }]);
  return { id, number, total: totals.total };
}

/**
 * The purchase order of an accepted instant-order offer: the order's material at the
 * offered price (the offer prices the whole order). Its one line keeps the order's
 * quantity and unit when the price divides into a unit price in halalas exactly; otherwise
 * it is one lot of that quantity, so the order's total is the price offered, never a
 * rounded product. The caller tells the seller (tellIssued) once the order goes out: one
 * for a site may wait for its approval first.
 */
export async function issueForInstantOrder(trx: Knex.Transaction, orderId: string, offerId: string, createdBy: string, now: Date) {
  const o: {
    contractor_id: string;
    title: string;
    description: string;
    quantity: number;
    unit: string;
    category_id: string | null;
    location: string;
    deadline: string | null;
    site_id: string | null;
    budget_line_id: string | null;
    purchase_request_id: string | null;
  } = await trx('instant_orders')
    .where({ id: orderId })
    .first(
      'contractor_id',
      'title',
      'description',
      'quantity',
      'unit',
      'category_id',
      'location',
      'site_id',
      'budget_line_id',
      'purchase_request_id',
      trx.raw(`to_char(delivery_deadline at time zone ?, 'YYYY-MM-DD') as deadline`, [RIYADH_ZONE]),
    );
  const offer: {
    supplier_id: string;
    offered_price: number;
    delivery_time_hours: number | null;
    notes: string | null;
    vat_category: VatCategory;
    exemption_reason_code: VatexCode | null;
  } = await trx('instant_order_responses')
    .where({ id: offerId })
    .first('supplier_id', 'offered_price', 'delivery_time_hours', 'notes', 'vat_category', 'exemption_reason_code');
  // The order's line is at the VAT the offer stated.
  const vat = { vat_category: offer.vat_category, exemption_reason_code: offer.exemption_reason_code };
  const unitPrice = roundPrice(offer.offered_price / o.quantity);
  const exact = lineAmounts(o.quantity, unitPrice).line_total === offer.offered_price;
  const po = await issuePurchaseOrder(
    trx,
    {
      buyer_id: o.contractor_id,
      seller_id: offer.supplier_id,
      created_by: createdBy,
      title: o.title,
      instant_order_id: orderId,
      site_id: o.site_id,
      delivery_location: o.location,
      delivery_date: o.deadline,
      delivery_days: offer.delivery_time_hours == null ? null : Math.max(1, Math.ceil(offer.delivery_time_hours / 24)),
      // The offer's notes are about the whole offer, so they are the order's, not its line's.
      notes: offer.notes,
      lines: [
        exact
          ? { description: o.description, quantity: o.quantity, unit: o.unit, category_id: o.category_id, budget_line_id: o.budget_line_id, unit_price: unitPrice, ...vat }
          : {
              description: `${o.description} (${o.quantity} ${o.unit})`,
              quantity: 1,
              unit: LOT,
              category_id: o.category_id,
              budget_line_id: o.budget_line_id,
              unit_price: offer.offered_price,
              ...vat,
            },
      ],
    },
    now,
  );
  return { ...po, buyer_id: o.contractor_id, seller_id: offer.supplier_id, site_id: o.site_id, purchase_request_id: o.purchase_request_id };
}

/** Tells an order's seller it was issued to them. */
export async function tellIssued(trx: Knex.Transaction, po: { id: string; number: string; total: number; buyer_id: string; seller_id: string }): Promise<void> {
  await notify(trx, {
    to: [po.seller_id],
    kind: 'purchase_order.issued',
    params: { number: po.number, company: await displayName(trx, po.buyer_id), amount: po.total, purchase_order_id: po.id },
  });
}
