/**
 * Scorecards from a hand-made history: each figure from receipts against promised days
 * (a late partial receipt among them), quantities ordered, received and rejected, quotes'
 * times and disputes' outcomes; no figure under three deals; recomputed after each event
 * (receipt, dispute, quote: queued, then measured by the app's scorecard worker, which every
 * read below waits for with server.drainScorecards()) and by the sweep as time passes; the
 * same row through the company's route, the quotes and the comparison.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { as, changesOf, type Client } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';
import { sweepScorecards } from './sweep';

/** The promised day of every order below, and receipts before and after it. */
const PROMISED = '2026-11-10';
const ON_TIME = '2026-11-09T09:00:00.000Z';
const LATE = '2026-11-12T09:00:00.000Z';

describe('scorecards', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  async function parties() {
    const buyer = await as(server, 'contractor', { company_name: 'مقاولات الشرق' });
    const seller = await as(server, 'supplier', { company_name: 'مورد الشمال' });
    await sellIn(seller, category);
    return { buyer, seller };
  }

  /** An order of two lines (10 and 20 bags) awarded to `seller`'s quote and accepted, promised for PROMISED. */
  async function deal(buyer: Client, seller: Client) {
    const rfq = await postRfq(buyer, rfqBody(category, {}, 2));
    const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5, [rfq.lines[1].id]: 7 }));
    const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: rfq.lines.map((l: { id: string }) => ({ rfq_line_id: l.id, quote_id: q.id })) })).body;
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    await knex()('purchase_orders').where({ id: po.id }).update({ delivery_date: PROMISED });
    return { id: po.id as string, lines: po.lines.map((l: { id: string }) => l.id) as [string, string] };
  }
  /** A receipt at `at` of [line, received, rejected?]. */
  async function receive(buyer: Client, poId: string, at: string, lines: Array<[string, number, number?]>) {
    const res = await buyer.post(`/api/purchase-orders/${poId}/receipts`, {
      id: crypto.randomUUID(),
      received_at: at,
      lines: lines.map(([id, received, rejected]) => ({ purchase_order_line_id: id, received_quantity: received, ...(rejected ? { rejected_quantity: rejected, rejection_reason: 'damaged' } : {}) })),
    });
    expect(res.status, res.text).toBe(201);
  }
  const onTimeInFull = async (buyer: Client, seller: Client) => {
    const d = await deal(buyer, seller);
    await receive(buyer, d.id, ON_TIME, [[d.lines[0], 10], [d.lines[1], 20]]);
    return d;
  };
  /** The company's scorecard once the worker has measured what the events before queued. */
  const card = async (c: Client, window = 'all') => {
    await server.drainScorecards();
    const res = await c.get(`/api/companies/${c.user.id}/scorecard?window=${window}`);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  it('shows no figure under three deals ("not enough deals yet"), and every figure from the third', async () => {
    const { buyer, seller } = await parties();
    await onTimeInFull(buyer, seller);
    await onTimeInFull(buyer, seller);
    expect(await card(seller)).toEqual({
      window: 'all',
      deals: 2,
      on_time_rate: null,
      fill_rate: null,
      rejection_rate: null,
      price_vs_median_percent: null,
      median_quote_hours: null,
      disputes: { opened: null, for_buyer: null, for_seller: null },
    });
    await onTimeInFull(buyer, seller);
    expect(await card(seller)).toMatchObject({ deals: 3, on_time_rate: 1, fill_rate: 1, rejection_rate: 0, disputes: { opened: 0, for_buyer: 0, for_seller: 0 } });
    // Anyone reads it, signed in or not, both windows at once.
    const both = await new TestClient(server.url).get(`/api/companies/${seller.user.id}/scorecard`);
    expect(both.status).toBe(200);
    expect(both.body['12m']).toMatchObject({ window: '12m', deals: 3 });
    expect(both.body.all).toMatchObject({ window: 'all', deals: 3 });
  });

  it('counts a late partial receipt for its quantity, and a rejection of what was received, at each receipt', async () => {
    const { buyer, seller } = await parties();
    await onTimeInFull(buyer, seller);
    await onTimeInFull(buyer, seller);
    const late = await deal(buyer, seller);
    // 4 of 10 by the promised day, the other 6 two days late; the 20 on time, 2 of them rejected.
    await receive(buyer, late.id, ON_TIME, [[late.lines[0], 4], [late.lines[1], 20, 2]]);
    // Its promised day has passed: (4/10 + 20/20) / 2 = 0.7 on time and filled; the three orders: (1 + 1 + 0.7) / 3.
    // Rejected: (0 + 2/20) / 2 = 0.05 of it; (0 + 0 + 0.05) / 3 of the three.
    expect(await card(seller)).toMatchObject({ deals: 3, on_time_rate: 0.9, fill_rate: 0.9, rejection_rate: 0.0167 });
    await receive(buyer, late.id, LATE, [[late.lines[0], 6]]);
    // The late six fill the order, but count for none of its time.
    expect(await card(seller)).toMatchObject({ deals: 3, on_time_rate: 0.9, fill_rate: 1, rejection_rate: 0.0167 });
    // The seller's own view names the order behind both.
    const own = (await seller.get('/api/company/scorecard')).body;
    expect(own.shortfalls).toEqual([expect.objectContaining({ purchase_order_id: late.id, reasons: ['late', 'rejected'], on_time: 0.7, fill: 1, rejected: 0.05, promised_day: PROMISED })]);
    expect(own.scorecards.all).toEqual(await card(seller));
  });

  it('measures fill as received of ordered once the promised day passed, and again as time passes (the sweep)', async () => {
    const { buyer, seller } = await parties();
    await onTimeInFull(buyer, seller);
    await onTimeInFull(buyer, seller);
    const short = await deal(buyer, seller);
    await receive(buyer, short.id, ON_TIME, [[short.lines[0], 5], [short.lines[1], 20]]);
    // Past its promised day: 5 of 10 and 20 of 20 filled, 0.75; the three: (1 + 1 + 0.75) / 3.
    expect(await card(seller)).toMatchObject({ fill_rate: 0.9167, on_time_rate: 0.9167 });

    // An order within its promise is not yet short: it is judged when the day passes.
    const { buyer: b2, seller: s2 } = await parties();
    await onTimeInFull(b2, s2);
    await onTimeInFull(b2, s2);
    const pending = await deal(b2, s2);
    const promised = new Date(server.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    await knex()('purchase_orders').where({ id: pending.id }).update({ delivery_date: promised });
    await receive(b2, pending.id, ON_TIME, [[pending.lines[0], 5]]);
    expect(await card(s2)).toMatchObject({ deals: 3, fill_rate: null, on_time_rate: null });
    server.clock.setDaysAhead(7);
    try {
      expect(await sweepScorecards(knex(), server.clock)).toBeGreaterThanOrEqual(1);
      // Half of line one, none of line two: 0.25 filled and on time; with the two in full, 0.75.
      expect(await card(s2)).toMatchObject({ deals: 3, fill_rate: 0.75, on_time_rate: 0.75 });
    } finally {
      server.clock.setDaysAhead(0);
      await sweepScorecards(knex(), server.clock);
    }
  });

  it('counts a deal in the 12-month window by its first receipt, and every deal in all time', async () => {
    const { buyer, seller } = await parties();
    const old = await deal(buyer, seller);
    await receive(buyer, old.id, '2025-10-01T09:00:00.000Z', [[old.lines[0], 10], [old.lines[1], 20]]);
    await onTimeInFull(buyer, seller);
    expect((await card(seller, 'all')).deals).toBe(2);
    expect((await card(seller, '12m')).deals).toBe(1);
  });

  it("measures the median time from an RFQ's sending to the first quote, at each first quote", async () => {
    const { buyer, seller } = await parties();
    for (const [i, hours] of [2, 30, 4].entries()) {
      const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
      await knex()('rfqs').where({ id: rfq.id }).update({ created_at: new Date(Date.now() - hours * 3_600_000).toISOString() });
      const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 10 }));
      const expected = i < 2 ? null : 4;
      expect((await card(seller)).median_quote_hours).toBe(expected);
      // The quote carries the same scorecard to the buyer, and went out again with it.
      const [quote] = (await buyer.get(`/api/rfqs/${rfq.id}/quotes`)).body;
      expect(quote.supplier_scorecard.all.median_quote_hours).toBe(expected);
      expect((await changesOf(knex(), 'rfq_quote', q.id)).audiences).toContain(`user:${buyer.user.id}`);
    }
  });

  it('counts disputes opened against the seller and how they ended, at each opening and answer', async () => {
    const { buyer, seller } = await parties();
    const deals = [await onTimeInFull(buyer, seller), await onTimeInFull(buyer, seller), await onTimeInFull(buyer, seller)];
    const open = async (poId: string, line: string) => {
      const res = await buyer.post(`/api/purchase-orders/${poId}/disputes`, { id: crypto.randomUUID(), reason: 'أكياس ممزقة', lines: [{ purchase_order_line_id: line, quantity: 1 }] });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const first = await open(deals[0].id, deals[0].lines[0]);
    expect((await card(seller)).disputes).toEqual({ opened: 1, for_buyer: 0, for_seller: 0 });
    expect((await seller.post(`/api/disputes/${first}/reject`, { reason: 'سليمة عند التسليم' })).status).toBe(200);
    expect((await card(seller)).disputes).toEqual({ opened: 1, for_buyer: 0, for_seller: 1 });
    const second = await open(deals[1].id, deals[1].lines[0]);
    expect((await seller.post(`/api/disputes/${second}/accept`, { remedy: 'redeliver' })).status).toBe(200);
    expect((await card(seller)).disputes).toEqual({ opened: 2, for_buyer: 1, for_seller: 1 });
  });

  it('measures its prices against the market median of the same category and unit, as a percentage', async () => {
    const unit = 'طن مقاس';
    const line = { id: crypto.randomUUID(), description: 'بند', quantity: 1, unit, category_id: category };
    /** An order of one line at `price` from `seller`, accepted; received in full on time when `receiveBy` is given. */
    async function sell(buyer: Client, seller: Client, price: number, receiveBy?: Client) {
      const rfq = await postRfq(buyer, rfqBody(category, { audience: 'invited', supplier_ids: [seller.user.id], lines: [{ ...line, id: crypto.randomUUID() }] }));
      const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: price }));
      const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })).body;
      expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
      if (receiveBy) await receive(receiveBy, po.id, server.clock.now().toISOString(), [[po.lines[0].id, 1]]);
    }
    // Verified by the register's check on record, so the tier each earns (shared/tiers.ts) stays verified as its quotes are measured.
    const verified = async (role: 'contractor' | 'supplier') => {
      const company = await as(server, role, { verification_tier: 'verified' });
      await knex()('company_cr_checks').insert({ company_id: company.user.id, cr_number: String(crypto.randomInt(1e9, 1e10)), result: 'verified', checked_at: new Date() });
      return company;
    };
    // The market: seven verified pairs; the lowest and highest dropped, the median of the rest is 100.
    for (const price of [80, 95, 98, 100, 102, 105, 120]) {
      await sell(await verified('contractor'), await verified('supplier'), price);
    }
    const { buyer, seller } = await parties();
    await sell(buyer, seller, 110, buyer);
    await sell(buyer, seller, 110, buyer);
    expect((await card(seller)).price_vs_median_percent).toBeNull();
    // +10, +10 and +4 against 100 (its own deals never count in the median).
    await sell(buyer, seller, 104, buyer);
    expect((await card(seller)).price_vs_median_percent).toBe(8);
  });

  it("puts each quoting supplier's scorecard beside its quote in the comparison, the same as its own route", async () => {
    const { buyer, seller } = await parties();
    for (let i = 0; i < 3; i++) await onTimeInFull(buyer, seller);
    const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
    await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 10 }));
    await server.drainScorecards();
    const cmp = (await buyer.get(`/api/rfqs/${rfq.id}/comparison`)).body;
    const both = (await buyer.get(`/api/companies/${seller.user.id}/scorecard`)).body;
    expect(cmp.quotes[0].supplier_scorecard).toEqual(both);
    expect(both.all).toMatchObject({ deals: 3, on_time_rate: 1 });
  });

  it('answers 404 for a company that does not exist, and 400 for a window it does not know', async () => {
    const { seller } = await parties();
    expect((await seller.get(`/api/companies/${crypto.randomUUID()}/scorecard`)).status).toBe(404);
    expect((await seller.get(`/api/companies/${seller.user.id}/scorecard?window=3m`)).status).toBe(400);
  });
});
