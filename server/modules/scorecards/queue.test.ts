/**
 * The scorecard queue (migration 20261206213000, queue.ts): an event marks its company in
 * the queue inside its own transaction (gone with it when it rolls back), the worker
 * measures the company and empties the queue, the sync push wakes it like the route does,
 * and closing an order short (the order's update, no import of this module) moves the
 * seller's scorecard.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, type Client } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';
import { loadSessionUser } from '../../auth/session-user';
import { recordReceipt } from '../goods-receipts/service';

const PROMISED = '2026-11-10';
const ON_TIME = '2026-11-09T09:00:00.000Z';

describe('scorecard queue', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;
  const queued = (companyId: string) => knex()('scorecard_queue').where({ company_id: companyId }).first('version', 'claimed_by');

  async function parties() {
    const buyer = await as(server, 'contractor');
    const seller = await as(server, 'supplier');
    await sellIn(seller, category);
    return { buyer, seller };
  }

  /** An accepted order of two lines (10 and 20 bags) promised for `promised`. */
  async function deal(buyer: Client, seller: Client, promised = PROMISED) {
    const rfq = await postRfq(buyer, rfqBody(category, {}, 2));
    const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5, [rfq.lines[1].id]: 7 }));
    const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: rfq.lines.map((l: { id: string }) => ({ rfq_line_id: l.id, quote_id: q.id })) })).body;
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    await knex()('purchase_orders').where({ id: po.id }).update({ delivery_date: promised });
    return { id: po.id as string, lines: po.lines.map((l: { id: string }) => l.id) as [string, string] };
  }
  const receipt = (lines: Array<[string, number]>, at = ON_TIME) => ({
    id: crypto.randomUUID(),
    received_at: at,
    lines: lines.map(([id, received]) => ({ purchase_order_line_id: id, received_quantity: received })),
  });
  const stored = (companyId: string) => knex()('scorecards').where({ company_id: companyId, window: 'all' }).first('deals', 'fill_rate', 'fill_deals');

  it("queues the seller inside the receipt's own transaction, and nothing when the receipt rolls back", async () => {
    const { buyer, seller } = await parties();
    const d = await deal(buyer, seller);
    // The quote queued the seller (its quoting time); the worker measured it and emptied the row.
    await server.drainScorecards();
    expect(await queued(seller.user.id)).toBeUndefined();
    const user = (await loadSessionUser(knex(), server.config, buyer.user.id))!;
    const undone = new Error('undone');
    await expect(
      knex().transaction(async (trx) => {
        await recordReceipt(trx, user, d.id, receipt([[d.lines[0], 10]]), server.clock.now());
        expect(await trx('scorecard_queue').where({ company_id: seller.user.id }).first('company_id')).toBeDefined();
        throw undone;
      }),
    ).rejects.toBe(undone);
    expect(await queued(seller.user.id)).toBeUndefined();
    expect(await knex()('goods_receipts').where({ purchase_order_id: d.id }).first('id')).toBeUndefined();
    expect((await stored(seller.user.id))?.deals ?? 0).toBe(0);

    // Committed, it stays queued until the worker runs (nothing measures it in the event).
    await knex().transaction((trx) => recordReceipt(trx, user, d.id, receipt([[d.lines[0], 10]]), server.clock.now()));
    expect(await queued(seller.user.id)).toMatchObject({ claimed_by: null });
    expect((await stored(seller.user.id))?.deals ?? 0).toBe(0);
    await server.drainScorecards();
    expect(await queued(seller.user.id)).toBeUndefined();
    expect(await stored(seller.user.id)).toMatchObject({ deals: 1 });
  });

  it('is one row per company: a second event before the worker raises its version', async () => {
    const { buyer, seller } = await parties();
    const [a, b] = [await deal(buyer, seller), await deal(buyer, seller)];
    await server.drainScorecards();
    const user = (await loadSessionUser(knex(), server.config, buyer.user.id))!;
    await knex().transaction((trx) => recordReceipt(trx, user, a.id, receipt([[a.lines[0], 10]]), server.clock.now()));
    const first = await queued(seller.user.id);
    await knex().transaction((trx) => recordReceipt(trx, user, b.id, receipt([[b.lines[0], 10]]), server.clock.now()));
    expect(await knex()('scorecard_queue').where({ company_id: seller.user.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(Number((await queued(seller.user.id))!.version)).toBe(Number(first!.version) + 1);
    await server.drainScorecards();
    expect(await knex()('scorecard_queue').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await stored(seller.user.id)).toMatchObject({ deals: 2 });
  });

  it('measures a receipt sent through the sync push, woken after the push commits', async () => {
    const { buyer, seller } = await parties();
    const d = await deal(buyer, seller);
    await server.drainScorecards();
    const res = await buyer.post('/api/sync/push', {
      client_id: crypto.randomUUID(),
      mutations: [{ id: 1, name: 'goods_receipt.record', args: { purchase_order_id: d.id, ...receipt([[d.lines[0], 10], [d.lines[1], 20]]) } }],
    });
    expect(res.body.results, res.text).toEqual([{ id: 1, status: 'applied' }]);
    // Nothing here kicks the worker: the drain that the push's commit started is awaited (stop() waits for it).
    await server.app.context.deps.scorecards!.stop();
    expect(await queued(seller.user.id)).toBeUndefined();
    expect(await stored(seller.user.id)).toMatchObject({ deals: 1, fill_deals: 1 });
  });

  it("moves the seller's scorecard when its order is closed short: the deal is then judged for fill", async () => {
    const { buyer, seller } = await parties();
    // Two deals received in full and on time, and one half received within its promise (not judged yet).
    for (let i = 0; i < 2; i++) {
      const full = await deal(buyer, seller);
      expect((await buyer.post(`/api/purchase-orders/${full.id}/receipts`, receipt([[full.lines[0], 10], [full.lines[1], 20]]))).status).toBe(201);
    }
    const promised = new Date(server.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    const short = await deal(buyer, seller, promised);
    expect((await buyer.post(`/api/purchase-orders/${short.id}/receipts`, receipt([[short.lines[0], 5]], server.clock.now().toISOString()))).status).toBe(201);
    await server.drainScorecards();
    expect(await stored(seller.user.id)).toMatchObject({ deals: 3, fill_deals: 2, fill_rate: null });

    const closed = await buyer.post(`/api/purchase-orders/${short.id}/close-short`, {});
    expect(closed.status, closed.text).toBe(200);
    await server.drainScorecards();
    // Its open quantities cancelled and the deal settled: 5 of 10 and none of 20, 0.25; with the two in full, 0.75.
    expect(await stored(seller.user.id)).toMatchObject({ deals: 3, fill_deals: 3, fill_rate: 0.75 });
  });
});
