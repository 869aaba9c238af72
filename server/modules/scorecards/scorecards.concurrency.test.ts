/**
 * A seller's scorecard under events at the same instant, through HTTP on Postgres (PGlite
 * has one connection, so nothing there runs concurrently): receipts of several of one
 * seller's orders at once each queue its scorecard (one row, its version raised by each),
 * and the worker woken by each commit measures it after them, so the row left counts
 * every receipt.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { as, type Client } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';

describe.runIf(onPostgres)('scorecards under receipts at once (Postgres)', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());

  /** An accepted order of one line of 10 bags from `seller` to `buyer`. */
  async function accepted(buyer: Client, seller: Client) {
    const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
    const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 12 }));
    const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })).body;
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    return po as { id: string; lines: Array<{ id: string }> };
  }

  it('counts every one of four receipts of four orders received at once', async () => {
    for (let round = 0; round < 3; round++) {
      const buyers = [await as(server, 'contractor'), await as(server, 'contractor'), await as(server, 'contractor'), await as(server, 'contractor')];
      const seller = await as(server, 'supplier');
      await sellIn(seller, category);
      const orders = [];
      for (const b of buyers) orders.push(await accepted(b, seller));
      const answers = await Promise.all(
        orders.map((po, i) =>
          buyers[i].post(`/api/purchase-orders/${po.id}/receipts`, { id: crypto.randomUUID(), lines: [{ purchase_order_line_id: po.lines[0].id, received_quantity: 10 }] }),
        ),
      );
      expect(answers.map((r) => r.status), `round ${round}`).toEqual([201, 201, 201, 201]);
      await server.drainScorecards();
      const card = (await seller.get(`/api/companies/${seller.user.id}/scorecard?window=all`)).body;
      expect([card.deals, card.fill_rate], `round ${round}`).toEqual([4, 1]);
    }
  });
});
