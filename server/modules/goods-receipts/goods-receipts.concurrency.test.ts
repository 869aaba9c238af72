/**
 * Goods receipts at the same instant, through HTTP on Postgres (PGlite has one connection,
 * so nothing there runs concurrently): a receipt takes the order's row lock, so
 * - two receipts at once (two phones at two gates) are decided one after the other and
 *   together never accept more than the order: one is recorded, the other over_received;
 * - a receipt beside a cancel: exactly one wins, and the other gets its refusal
 *   (order_has_receipts after the receipt, order_not_receivable after the cancel).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { as } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';

describe.runIf(onPostgres)('goods receipts at once (Postgres)', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());

  /** An accepted order of one line of 10 bags. */
  async function accepted() {
    const buyer = await as(server, 'contractor');
    const seller = await as(server, 'supplier');
    await sellIn(seller, category);
    const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
    const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 12 }));
    const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })).body;
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    return { buyer, po: po as { id: string; lines: Array<{ id: string }> } };
  }
  const receipt = (lineId: string, quantity: number) => ({ id: crypto.randomUUID(), lines: [{ purchase_order_line_id: lineId, received_quantity: quantity }] });

  it('two receipts at once never accept more than the order', async () => {
    for (let round = 0; round < 4; round++) {
      const { buyer, po } = await accepted();
      const answers = await Promise.all([7, 6].map((q) => buyer.post(`/api/purchase-orders/${po.id}/receipts`, receipt(po.lines[0].id, q))));
      expect(answers.map((r) => r.status).sort(), `round ${round}`).toEqual([201, 409]);
      expect(answers.find((r) => r.status === 409)!.body.code).toBe('over_received');
      const [line] = (await buyer.get(`/api/purchase-orders/${po.id}`)).body.lines;
      expect(line.accepted_quantity).toBeLessThanOrEqual(10);
      expect(await server.db.knex('goods_receipts').where({ purchase_order_id: po.id }).count('* as n').first()).toMatchObject({ n: 1 });
    }
  });

  it('a receipt and a cancel at once: exactly one wins, the other is refused', async () => {
    for (let round = 0; round < 4; round++) {
      const { buyer, po } = await accepted();
      const [received, cancelled] = await Promise.all([
        buyer.post(`/api/purchase-orders/${po.id}/receipts`, receipt(po.lines[0].id, 4)),
        buyer.post(`/api/purchase-orders/${po.id}/cancel`, { reason: 'لم نعد نحتاجه' }),
      ]);
      const order = (await buyer.get(`/api/purchase-orders/${po.id}`)).body;
      if (received.status === 201) {
        expect([cancelled.status, cancelled.body.code], `round ${round}`).toEqual([409, 'order_has_receipts']);
        expect(order.status).toBe('partially_received');
      } else {
        expect([received.status, received.body.code], `round ${round}`).toEqual([409, 'order_not_receivable']);
        expect(cancelled.status).toBe(200);
        expect(order.status).toBe('cancelled');
        expect(order.lines[0].received_quantity).toBe(0);
      }
    }
  });
});
