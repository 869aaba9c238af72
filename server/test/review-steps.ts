/**
 * The deals the review tests start from: a purchase order of one line naming the
 * supplier's product, accepted, received (or not yet), and a delivered transport request.
 * Used by the tests only.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from './harness';
import { as, type Client } from './factories';
import { deliveredDelivery } from './deals';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from './rfq-steps';

/** An order from the buyer's RFQ of one line (the seller's product), accepted; received when `received`. */
export async function orderDeal(server: TestServer, { received = true, buyerName = 'مقاولات الشرق', sellerName = 'مورد الشمال' } = {}) {
  const category = await categoryId(server.db.knex, 2);
  const buyer = await as(server, 'contractor', { company_name: buyerName });
  const seller = await as(server, 'supplier', { company_name: sellerName });
  const product = await sellIn(seller, category);
  const body = rfqBody(category, {}, 1);
  const rfq = await postRfq(buyer, { ...body, lines: body.lines.map((l) => ({ ...l, product_id: product })) });
  const quote = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 18 }));
  const awarded = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: quote.id }] });
  expect(awarded.status, awarded.text).toBe(200);
  const po = awarded.body[0] as { id: string; lines: Array<{ id: string }> };
  expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
  if (received) await receive(buyer, po.id, po.lines[0].id);
  return { buyer, seller, product, po: { id: po.id, line: po.lines[0].id } };
}

/** The buyer records 4 of the order's line received. */
async function receive(buyer: Client, poId: string, lineId: string) {
  const res = await buyer.post(`/api/purchase-orders/${poId}/receipts`, { id: crypto.randomUUID(), lines: [{ purchase_order_line_id: lineId, received_quantity: 4 }] });
  expect(res.status, res.text).toBe(201);
}

/** A transport request its carrier's driver delivered: the requester (contractor) and the carrier are its parties. */
export async function transportDeal(server: TestServer) {
  const job = await deliveredDelivery(server);
  return { requester: job.contractor, carrier: job.carrier, rival: job.rival, request: job.request as { id: string } };
}
