/**
 * The demo's goods receipt: a purchase order of the demo contractor to the demo supplier,
 * accepted, of which the site received part: all the blocks, and of the cement 80 bags,
 * 6 of them torn and rejected. So a newcomer opens an order that reads partially received,
 * with a line still open (close it short, or wait for the rest) and a rejected part a
 * dispute or a debit note can follow. The order is issued by the service that issues them;
 * the receipt's rows go in as recordReceipt leaves them (the boot's backfill enters them
 * in the feed).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { issuePurchaseOrder } from '../modules/purchase-orders/issue';
import { DAY_MS } from './demo-time';

export async function insertDemoReceipts(trx: Knex.Transaction, opts: { at: (offsetMs: number) => Date; companyId: (key: string) => string }): Promise<void> {
  const buyer = opts.companyId('contractor');
  const seller = opts.companyId('supplier');
  const issuedAt = opts.at(-5 * DAY_MS);
  const po = await issuePurchaseOrder(
    trx,
    {
      buyer_id: buyer,
      seller_id: seller,
      created_by: buyer,
      title: 'أسمنت وبلوك - فيلا حي الياسمين',
      delivery_location: 'الرياض - حي الياسمين',
      delivery_days: 2,
      lines: [
        { description: 'أسمنت بورتلاندي عادي', quantity: 100, unit: 'كيس 50 كجم', unit_price: 16.5 },
        { description: 'بلوك أسمنتي مصمت 20 سم', quantity: 2000, unit: 'حبة', unit_price: 3.2 },
      ],
    },
    issuedAt,
  );
  await trx('purchase_orders').where({ id: po.id }).update({ status: 'partially_received', answered_at: opts.at(-4 * DAY_MS), created_at: issuedAt, updated_at: opts.at(-1 * DAY_MS) });
  const [cement, blocks] = await trx('purchase_order_lines').where({ purchase_order_id: po.id }).orderBy('position').pluck('id');
  const receiptId = crypto.randomUUID();
  const receivedAt = opts.at(-1 * DAY_MS);
  await trx('goods_receipts').insert({ id: receiptId, purchase_order_id: po.id, received_by: buyer, received_at: receivedAt, note: 'وصلت الدفعة الأولى، وبعض أكياس الأسمنت ممزقة.', created_at: receivedAt, updated_at: receivedAt });
  await trx('goods_receipt_lines').insert([
    { goods_receipt_id: receiptId, purchase_order_line_id: cement, received_quantity: 80, rejected_quantity: 6, rejection_reason: 'damaged' },
    { goods_receipt_id: receiptId, purchase_order_line_id: blocks, received_quantity: 2000, rejected_quantity: 0 },
  ]);
}
