/**
 * The demo supplier's record, enough deals for a scorecard (SCORECARD_MIN_DEALS): beside
 * the late orders of demo-receipts.ts (cement and blocks, received a day after the promised
 * day, 6 bags rejected) and demo-sites.ts (120 m3 of concrete, three days late), one order
 * delivered on time and in full. Then every demo company's scorecard is measured as the
 * events would have measured it (scorecards/compute.ts), so the comparison and the
 * supplier's page show figures from the first sign-in: on time pulled down by the late
 * deliveries, the rejection beside it.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { issuePurchaseOrder } from '../modules/purchase-orders/issue';
import { recomputeScorecard } from '../modules/scorecards/compute';
import { DAY_MS } from './demo-time';

/** An order of the demo contractor to the demo supplier, promised two weeks ago, received in full the day before. */
export async function insertDemoOnTimeDeal(trx: Knex.Transaction, opts: { at: (offsetMs: number) => Date; companyId: (key: string) => string }): Promise<void> {
  const buyer = opts.companyId('contractor');
  const issuedAt = opts.at(-20 * DAY_MS);
  const po = await issuePurchaseOrder(
    trx,
    {
      buyer_id: buyer,
      seller_id: opts.companyId('supplier'),
      created_by: buyer,
      title: 'حديد تسليح - فيلا حي الياسمين',
      delivery_location: 'الرياض - حي الياسمين',
      delivery_days: 5,
      lines: [{ description: 'حديد تسليح 12 مم', quantity: 8, unit: 'طن', unit_price: 2650 }],
    },
    issuedAt,
  );
  const receivedAt = opts.at(-15 * DAY_MS);
  await trx('purchase_orders').where({ id: po.id }).update({ status: 'received', answered_at: opts.at(-19 * DAY_MS), created_at: issuedAt, updated_at: receivedAt });
  const [steel] = await trx('purchase_order_lines').where({ purchase_order_id: po.id }).pluck('id');
  const receiptId = crypto.randomUUID();
  await trx('goods_receipts').insert({ id: receiptId, purchase_order_id: po.id, received_by: buyer, received_at: receivedAt, note: 'وصل الحديد كاملًا.', created_at: receivedAt, updated_at: receivedAt });
  await trx('goods_receipt_lines').insert({ goods_receipt_id: receiptId, purchase_order_line_id: steel, received_quantity: 8, rejected_quantity: 0 });
}

/** Every company's scorecard measured at `now` from the demo's deals, quotes and disputes. */
export async function measureDemoScorecards(trx: Knex.Transaction, companyIds: string[], now: Date): Promise<void> {
  for (const id of companyIds) await recomputeScorecard(trx, id, now);
}
