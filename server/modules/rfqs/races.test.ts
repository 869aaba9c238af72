/**
 * Concurrent writes on RFQs through HTTP on Postgres (PGlite has one connection, so
 * nothing there runs concurrently): two awards at once make one set of purchase orders;
 * purchase-order numbers stay a gapless sequence per buyer under concurrent awards; a
 * quote racing the award is either in before it or refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { as } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';

describe.runIf(onPostgres)('RFQ races (Postgres)', () => {
  let server: TestServer;
  let cement: string;
  beforeAll(async () => {
    server = await startTestServer();
    cement = await categoryId(server.db.knex, 4);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  it('lets one of two concurrent awards win; the other gets 409 rfq_awarded and one set of orders exists', async () => {
    const buyer = await as(server, 'contractor');
    const [a, b] = [await as(server, 'supplier'), await as(server, 'supplier')];
    await sellIn(a, cement);
    await sellIn(b, cement);
    for (let round = 0; round < 8; round++) {
      const rfq = await postRfq(buyer, rfqBody(cement, {}, 2));
      const [l0, l1] = rfq.lines.map((l) => l.id);
      const qa = await postQuote(a, rfq.id, quoteBody({ [l0]: 10, [l1]: 20 }));
      const qb = await postQuote(b, rfq.id, quoteBody({ [l0]: 11, [l1]: 19 }));
      // Whole to a, or split: different sets of orders, only one may exist.
      const results = await Promise.all([
        buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: l0, quote_id: qa.id }, { rfq_line_id: l1, quote_id: qa.id }] }),
        buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: l0, quote_id: qa.id }, { rfq_line_id: l1, quote_id: qb.id }] }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.code).toBe('rfq_awarded');
      const won = results.find((r) => r.status === 200)!.body as Array<{ id: string }>;
      const orders = await knex()('purchase_orders').where({ rfq_id: rfq.id }).select('id');
      expect(orders.map((o) => o.id).sort()).toEqual(won.map((o) => o.id).sort());
      expect(await knex()('purchase_order_lines').whereIn('rfq_line_id', [l0, l1])).toHaveLength(2);
    }
  });

  it('numbers concurrent awards of one buyer 1, 2, 3, ... without a gap or a repeat', async () => {
    const buyer = await as(server, 'contractor');
    const seller = await as(server, 'supplier');
    await sellIn(seller, cement);
    const rfqs = [];
    for (let i = 0; i < 12; i++) {
      const rfq = await postRfq(buyer, rfqBody(cement, {}, 1));
      const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 5 }));
      rfqs.push({ rfq, q });
    }
    const results = await Promise.all(
      rfqs.map(({ rfq, q }) => buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const seqs: number[] = (await knex()('purchase_orders').where({ buyer_id: buyer.user.id }).orderBy('seq').select('seq')).map((r: { seq: number }) => r.seq);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('puts a quote racing the award either in before it (and settled by it) or refuses it with rfq_closed', async () => {
    const buyer = await as(server, 'contractor');
    const first = await as(server, 'supplier');
    await sellIn(first, cement);
    const racers = [];
    for (let i = 0; i < 5; i++) {
      const s = await as(server, 'supplier');
      await sellIn(s, cement);
      racers.push(s);
    }
    const rfq = await postRfq(buyer, rfqBody(cement, {}, 1));
    const line = rfq.lines[0].id;
    const q = await postQuote(first, rfq.id, quoteBody({ [line]: 10 }));
    const jitter = () => new Promise((r) => setTimeout(r, Math.random() * 100));
    const [award, ...quotes] = await Promise.all([
      jitter().then(() => buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line, quote_id: q.id }] })),
      ...racers.map((s) => jitter().then(() => s.post(`/api/rfqs/${rfq.id}/quotes`, quoteBody({ [line]: 9 })))),
    ]);
    expect(award.status).toBe(200);
    for (const res of quotes) {
      if (res.status === 201) expect((await knex()('rfq_quotes').where({ id: res.body.id }).first('status')).status).toBe('lost');
      else expect([res.status, res.body.code]).toEqual([409, 'rfq_closed']);
    }
  });
});
