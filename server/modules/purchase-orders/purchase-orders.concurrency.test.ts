/**
 * A cancel and the seller's tax invoice at the same instant, through HTTP on Postgres
 * (PGlite has one connection, so nothing there runs concurrently): both take the order's
 * row lock, so exactly one wins. Invoiced first, the cancel is refused order_invoiced and
 * the order stays accepted; cancelled first, the invoice is refused order_not_accepted and
 * nothing is chained. Without the lock the buyer could cancel an order invoiced a moment
 * before, which a credit note is the only way out of.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody } from '../../test/rfq-steps';
import { tradingParties } from '../../test/invoice-steps';

describe.runIf(onPostgres)('a cancel beside the invoice (Postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('leaves exactly one standing: the invoice or the cancel, the other refused with its code', { timeout: 180_000 }, async () => {
    const category = await categoryId(server.db.knex, 2);
    const { buyer, seller } = await tradingParties(server, category);
    for (let round = 0; round < 4; round++) {
      const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
      const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 12 }));
      const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })).body;
      expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);

      const [invoiced, cancelled] = await Promise.all([
        seller.post('/api/invoices', { purchase_order_id: po.id }),
        buyer.post(`/api/purchase-orders/${po.id}/cancel`, { reason: 'لم نعد نحتاجه' }),
      ]);
      const order = (await buyer.get(`/api/purchase-orders/${po.id}`)).body;
      const chained = await server.db.knex('invoices').where({ purchase_order_id: po.id }).count('* as n').first();
      if (invoiced.status === 201) {
        expect([cancelled.status, cancelled.body.code], `round ${round}`).toEqual([409, 'order_invoiced']);
        expect([order.status, order.cancel_blocker, Number(chained!.n)]).toEqual(['accepted', 'invoiced', 1]);
      } else {
        expect([invoiced.status, invoiced.body.code, cancelled.status], `round ${round}`).toEqual([409, 'order_not_accepted', 200]);
        expect([order.status, Number(chained!.n)]).toEqual(['cancelled', 0]);
      }
    }
  });
});
