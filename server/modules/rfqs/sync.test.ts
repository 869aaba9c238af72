/**
 * RFQs, quotes and purchase orders through the sync endpoints: the push runs the REST
 * rules (one rule, two doors) exactly once per mutation id, and the pull sends each party
 * only what REST shows them (a supplier never another supplier's quote).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, notificationsOf, type Client } from '../../test/factories';
import { categoryId, inDays, partlyQuoted, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';

type Change = { entity: string; id: string; op: 'upsert' | 'delete'; data?: Record<string, unknown> };

/** Everything the client's feed holds of `entity` from scratch: id -> row. */
async function pulled(client: Client, entity: string): Promise<Map<string, Record<string, unknown>>> {
  const held = new Map<string, Record<string, unknown>>();
  let cursor = '';
  for (;;) {
    const res = await client.get(`/api/sync/pull?limit=5000${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    for (const c of res.body.changes as Change[]) {
      if (c.entity !== entity) continue;
      if (c.op === 'upsert') held.set(c.id, c.data!);
      else held.delete(c.id);
    }
    cursor = res.body.cursor;
    if (!res.body.has_more) return held;
  }
}

const push = (client: Client, clientId: string, mutations: Array<{ id: number; name: string; args: unknown }>) =>
  client.post('/api/sync/push', { client_id: clientId, mutations });

describe('RFQs for sync', () => {
  let server: TestServer;
  let cement: string;
  beforeAll(async () => {
    server = await startTestServer();
    cement = await categoryId(server.db.knex, 3);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  it('reaches a supplier who starts selling in its category while a market RFQ is open, through REST and the feed alike, once, and not a closed or invited one', async () => {
    const category = await categoryId(knex(), 5);
    const buyer = await as(server, 'contractor');
    const early = await as(server, 'supplier');
    await sellIn(early, category);
    const open = await postRfq(buyer, rfqBody(category));
    const closed = await postRfq(buyer, rfqBody(category, { title: 'أغلق' }));
    const invited = await postRfq(buyer, rfqBody(category, { audience: 'invited', supplier_ids: [early.user.id] }));
    await knex()('rfqs').where({ id: closed.id }).update({ closes_at: inDays(-0.001) });
    const [viaRest, viaSync] = [await as(server, 'supplier'), await as(server, 'supplier')];
    for (const late of [viaRest, viaSync]) {
      expect((await late.get(`/api/rfqs/${open.id}`)).status).toBe(404);
      expect((await pulled(late, 'rfq')).has(open.id)).toBe(false);
    }

    // Their first product in the category: one by REST, one by a sync push.
    await sellIn(viaRest, category);
    const pushed = await push(viaSync, crypto.randomUUID(), [
      { id: 1, name: 'product.create', args: { id: crypto.randomUUID(), name: 'أسمنت مقاوم', price: 19, unit: 'كيس', category_id: category } },
    ]);
    expect(pushed.body.results).toEqual([{ id: 1, status: 'applied' }]);

    const told = async (late: Client) => (await notificationsOf(knex(), late.user.id, 'rfq.new')).filter((n) => (n.params as { rfq_id: string }).rfq_id === open.id);
    for (const late of [viaRest, viaSync]) {
      expect((await late.get(`/api/rfqs/${open.id}`)).status).toBe(200);
      expect((await late.get('/api/rfqs')).body.map((r: { id: string }) => r.id)).toContain(open.id);
      const held = await pulled(late, 'rfq');
      expect([held.has(open.id), held.has(closed.id), held.has(invited.id)]).toEqual([true, false, false]);
      expect((await late.get(`/api/rfqs/${closed.id}`)).status).toBe(404);
      expect(await told(late)).toHaveLength(1);
    }
    await postQuote(viaRest, open.id, quoteBody({ [open.lines[0].id]: 15 }));
    // The buyer's copy, by REST and in the feed, lists every supplier it reached.
    const reached = [early.user.id, viaRest.user.id, viaSync.user.id].sort();
    expect([...(await buyer.get(`/api/rfqs/${open.id}`)).body.supplier_ids].sort()).toEqual(reached);
    expect([...((await pulled(buyer, 'rfq')).get(open.id)!.supplier_ids as string[])].sort()).toEqual(reached);
    // Another product in the same category reaches no one anew.
    await sellIn(viaRest, category, { name: 'أسمنت أبيض' });
    expect(await told(viaRest)).toHaveLength(1);
  });

  it('applies a quote pushed twice under one mutation id once: one revision, one notification, the same answer', async () => {
    const buyer = await as(server, 'contractor');
    const supplier = await as(server, 'supplier');
    await sellIn(supplier, cement);
    const rfq = await postRfq(buyer, rfqBody(cement));
    const cid = crypto.randomUUID();
    const quote = { ...quoteBody({ [rfq.lines[0].id]: 12 }), rfq_id: rfq.id };
    const first = await push(supplier, cid, [{ id: 1, name: 'rfq_quote.submit', args: quote }]);
    // The phone never saw the answer and sends the same mutation again.
    const again = await push(supplier, cid, [{ id: 1, name: 'rfq_quote.submit', args: quote }]);
    expect(first.body.results).toEqual([{ id: 1, status: 'applied' }]);
    expect(again.body).toEqual(first.body);
    expect(await knex()('rfq_quotes').where({ rfq_id: rfq.id }).select('id', 'revision')).toEqual([{ id: quote.id, revision: 1 }]);
    expect(await notificationsOf(knex(), buyer.user.id, 'rfq_quote.new')).toHaveLength(1);
    // A revision is a new mutation id with the same quote id.
    const revised = await push(supplier, cid, [{ id: 2, name: 'rfq_quote.submit', args: { ...quote, delivery_days: 2 } }]);
    expect(revised.body.results).toEqual([{ id: 2, status: 'applied' }]);
    expect(await knex()('rfq_quotes').where({ id: quote.id }).first('revision', 'delivery_days')).toEqual({ revision: 2, delivery_days: 2 });
  });

  it('refuses by push what REST refuses: a quote after closing, an unquoted award, an award twice', async () => {
    const buyer = await as(server, 'contractor');
    const supplier = await as(server, 'supplier');
    await sellIn(supplier, cement);
    const rfq = await postRfq(buyer, rfqBody(cement));
    const q = await postQuote(supplier, rfq.id, quoteBody({ [rfq.lines[0].id]: 12 }));
    const cid = crypto.randomUUID();
    const award = (id: number, line: string) => ({ id, name: 'rfq.award', args: { id: rfq.id, awards: [{ rfq_line_id: line, quote_id: q.id }] } });
    const res = await push(buyer, cid, [award(1, rfq.lines[1].id), award(2, rfq.lines[0].id), award(3, rfq.lines[0].id)]);
    expect(res.body.results.map((r: { status: string; code?: string }) => r.code ?? r.status)).toEqual(['line_not_quoted', 'applied', 'rfq_awarded']);
    expect(await knex()('purchase_orders').where({ rfq_id: rfq.id })).toHaveLength(1);

    const closing = await postRfq(buyer, rfqBody(cement));
    await knex()('rfqs').where({ id: closing.id }).update({ closes_at: inDays(-0.001) });
    const late = await push(supplier, crypto.randomUUID(), [{ id: 1, name: 'rfq_quote.submit', args: { ...quoteBody({ [closing.lines[0].id]: 1 }), rfq_id: closing.id } }]);
    expect(late.body.results[0]).toMatchObject({ status: 'rejected', code: 'rfq_closed' });
  });

  it('refuses by push, as REST does, an award ordering more of a partly quoted line than it asks; takes the rest from another quote', async () => {
    const { buyer, rfq, line, qa, qb } = await partlyQuoted(server, cement);
    const split = (id: number, rest: number) => ({
      id,
      name: 'rfq.award',
      args: { id: rfq.id, awards: [{ rfq_line_id: line(0), quote_id: qa.id }, { rfq_line_id: line(0), quote_id: qb.id, quantity: rest }] },
    });
    // A's 4 and 7 from B are 11 of a 10-bag line.
    const res = await push(buyer, crypto.randomUUID(), [split(1, 7), split(2, 6)]);
    expect(res.body.results.map((r: { status: string; code?: string }) => r.code ?? r.status)).toEqual(['award_over_ordered', 'applied']);
    const lines: Array<{ quantity: number }> = await knex()('purchase_order_lines as pl')
      .join('purchase_orders as po', 'po.id', 'pl.purchase_order_id')
      .where({ 'po.rfq_id': rfq.id, 'pl.rfq_line_id': line(0) })
      .orderBy('pl.quantity')
      .select('pl.quantity');
    expect(lines.map((l) => l.quantity)).toEqual([4, 6]);
  });

  it('creates an RFQ offline with its client ids; the buyer\'s and each supplier\'s feeds carry what REST shows them', async () => {
    const buyer = await as(server, 'contractor');
    const [a, b] = [await as(server, 'supplier'), await as(server, 'supplier')];
    const outsider = await as(server, 'supplier');
    await sellIn(a, cement);
    await sellIn(b, cement);
    const body = rfqBody(cement);
    expect((await push(buyer, crypto.randomUUID(), [{ id: 1, name: 'rfq.create', args: body }])).body.results[0].status).toBe('applied');
    const rfq = (await buyer.get(`/api/rfqs/${body.id}`)).body;
    expect(rfq.lines.map((l: { id: string }) => l.id)).toEqual(body.lines.map((l) => l.id));
    const qa = await postQuote(a, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5 }));
    const qb = await postQuote(b, rfq.id, quoteBody({ [rfq.lines[0].id]: 17.25 }));

    const buyerRfqs = await pulled(buyer, 'rfq');
    expect(buyerRfqs.get(rfq.id)).toMatchObject({ quote_count: 2, my_quote: null });
    expect([...(await pulled(buyer, 'rfq_quote')).keys()].sort()).toEqual([qa.id, qb.id].sort());

    const aRfqs = await pulled(a, 'rfq');
    expect(aRfqs.get(rfq.id)).toMatchObject({ supplier_ids: null, quote_count: 0, my_quote: { id: qa.id } });
    expect([...(await pulled(a, 'rfq_quote')).keys()]).toEqual([qa.id]);
    expect(JSON.stringify([...aRfqs.values()])).not.toContain('17.25');
    expect((await pulled(outsider, 'rfq')).has(rfq.id)).toBe(false);

    const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: qb.id }] })).body;
    expect((await pulled(b, 'purchase_order')).get(po.id)).toMatchObject({ number: po.number, status: 'issued' });
    expect((await pulled(a, 'purchase_order')).has(po.id)).toBe(false);
    expect((await pulled(a, 'rfq_quote')).get(qa.id)).toMatchObject({ status: 'lost' });
    const accepted = await push(b, crypto.randomUUID(), [{ id: 1, name: 'purchase_order.accept', args: { id: po.id } }]);
    expect(accepted.body.results[0].status).toBe('applied');
    expect((await pulled(buyer, 'purchase_order')).get(po.id)).toMatchObject({ status: 'accepted' });
  });
  it('edits an RFQ by rfq.update with the REST rule: applied before the first quote, rejected rfq_has_quotes after', async () => {
    const buyer = await as(server, 'contractor');
    const supplier = await as(server, 'supplier');
    await sellIn(supplier, cement);
    const rfq = await postRfq(buyer, rfqBody(cement));
    const args = (title: string) => ({ id: rfq.id, title, location: 'الدمام', closes_at: inDays(3), lines: [{ id: rfq.lines[0].id, description: 'أسمنت', quantity: 5, unit: 'كيس', category_id: cement }] });
    const first = await push(buyer, crypto.randomUUID(), [{ id: 1, name: 'rfq.update', args: args('قبل العروض') }]);
    expect(first.body.results).toEqual([{ id: 1, status: 'applied' }]);
    expect((await pulled(supplier, 'rfq')).get(rfq.id)).toMatchObject({ title: 'قبل العروض', lines: [{ id: rfq.lines[0].id, quantity: 5 }] });
    await postQuote(supplier, rfq.id, quoteBody({ [rfq.lines[0].id]: 18 }));
    const late = await push(buyer, crypto.randomUUID(), [{ id: 1, name: 'rfq.update', args: args('بعد العروض') }]);
    expect(late.body.results[0]).toMatchObject({ status: 'rejected', code: 'rfq_has_quotes' });
    expect((await buyer.get(`/api/rfqs/${rfq.id}`)).body.title).toBe('قبل العروض');
  });
});
