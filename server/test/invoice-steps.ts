/** A cleared tax invoice between two companies through REST, against the development ZATCA: for the tests of what follows an invoice (payments, statements). */
import { expect } from 'vitest';
import type { Knex } from 'knex';
import { drainClearance, openServerKnex, type TestServer } from './harness';
import { as, type Client } from './factories';
import { postQuote, postRfq, quoteBody, rfqBody, sellIn } from './rfq-steps';
import { VALID_TAX_PROFILE, taxNumbers, taxProfile } from './tax-profile';

const BUYER_TAX_PROFILE = { ...VALID_TAX_PROFILE, legal_name: 'شركة مقاولات الشرق المحدودة', vat_number: '300000000000003', cr_number: '2050000000', iban: null };

/** A contractor and a supplier with tax profiles, the supplier onboarded with ZATCA and selling in `category`. */
/** A new seller ready to invoice, and a new buyer, or `withBuyer` (one that trades already) as the buyer. */
export async function tradingParties(server: TestServer, category: string, withBuyer?: Client): Promise<{ buyer: Client; seller: Client; sellerProfile: ReturnType<typeof taxProfile> }> {
  const buyer = withBuyer ?? (await as(server, 'contractor', { company_name: 'مقاولات الشرق' }));
  const seller = await as(server, 'supplier', { company_name: 'مورد الشمال' });
  // The seller's numbers are its own and stay (ZATCA's onboarding locks the VAT number): a later save of its profile starts from sellerProfile.
  const sellerProfile = taxProfile();
  expect((await seller.put('/api/company/tax-profile', sellerProfile)).status).toBe(200);
  if (!withBuyer) expect((await buyer.put('/api/company/tax-profile', { ...BUYER_TAX_PROFILE, ...taxNumbers() })).status).toBe(200);
  expect((await seller.post('/api/e-invoicing/onboard', { otp: '123456' })).body.status).toBe('ready');
  await sellIn(seller, category);
  return { buyer, seller, sellerProfile };
}

/**
 * A goods receipt of an order, inserted as the buyer's site would record it (the receipt
 * API is not what these tests are about): per order line id what was received and, of it,
 * rejected (with the reason 'damaged'). Without `lines`, every line received in full.
 */
export async function insertReceipt(knex: Knex, purchaseOrderId: string, lines?: Record<string, { received: number; rejected?: number }>, at = new Date()): Promise<string> {
  const orderLines: Array<{ id: string; quantity: string }> = await knex('purchase_order_lines').where({ purchase_order_id: purchaseOrderId }).select('id', 'quantity');
  const [receipt] = await knex('goods_receipts').insert({ purchase_order_id: purchaseOrderId, received_at: at.toISOString() }).returning('id');
  const rows = orderLines
    .map((l) => ({ line: l, got: lines ? lines[l.id] : { received: Number(l.quantity), rejected: 0 } }))
    .filter((r) => r.got && r.got.received > 0)
    .map(({ line, got }) => ({
      goods_receipt_id: receipt.id,
      purchase_order_line_id: line.id,
      received_quantity: got!.received,
      rejected_quantity: got!.rejected ?? 0,
      rejection_reason: got!.rejected ? 'damaged' : null,
    }));
  if (rows.length) await knex('goods_receipt_lines').insert(rows);
  return receipt.id;
}

/**
 * A cleared invoice of one line, 10 units at `unitPrice` with 15 % VAT (a total of
 * 11.5 × unitPrice), from an order the buyer awarded and the seller accepted and whose
 * goods its site received in full (so its three-way match reads matched and it is paid
 * without accept_exception); `received: false` invoices it before any receipt.
 */
export async function clearedInvoice(buyer: Client, seller: Client, category: string, unitPrice = 10, over: Record<string, unknown> = {}, opts: { received?: boolean } = {}) {
  const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
  const quote = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: unitPrice }));
  const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: quote.id }] })).body;
  expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
  if (opts.received !== false) await insertReceipt(openServerKnex(), po.id);
  const res = await seller.post('/api/invoices', { purchase_order_id: po.id, ...over });
  expect(res.status, res.text).toBe(201);
  // Answered pending: the clearance queue sends it to ZATCA after the request.
  expect(res.body.status).toBe('pending');
  await drainClearance();
  const cleared = await seller.get(`/api/invoices/${res.body.id}`);
  expect(cleared.body.status).toBe('cleared');
  return cleared.body as { id: string; number: string; total: number; issued_at: string; purchase_order_id: string; lines: Array<{ id: string }>; payment: Record<string, unknown> };
}
