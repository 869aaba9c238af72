/**
 * The market price beside an RFQ's lines, through REST: only other companies' agreed
 * deals count, the lowest and highest are dropped, and what is left shows nothing, a band
 * rounded outward, or the band and its median, by how many distinct buyers and sellers
 * make it up (shared/market-price.ts). Each test has its own unit: a unit is a market.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, postOffer, postOrder, type Client } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody } from '../../test/rfq-steps';

describe('the market price of an RFQ line', () => {
  let server: TestServer;
  let steel: string;
  let sand: string;
  beforeAll(async () => {
    server = await startTestServer();
    steel = await categoryId(server.db.knex, 1);
    sand = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  const lineOf = (category: string, unit: string) => ({ id: crypto.randomUUID(), description: 'بند', quantity: 1, unit, category_id: category });

  /**
   * A verified company (only verified companies' deals make a market price): the register's
   * verified check on record, so the tier it earns (shared/tiers.ts) stays verified as its deals complete.
   */
  const verified = async (role: 'contractor' | 'supplier') => {
    const company = await as(server, role, { verification_tier: 'verified' });
    const cr = String(crypto.randomInt(1e9, 1e10));
    await knex()('company_cr_checks').insert({ company_id: company.user.id, cr_number: cr, result: 'verified', checked_at: new Date(), next_check_on: null });
    return company;
  };

  /**
   * A unit price agreed through an RFQ: `buyer` (a new verified contractor unless given)
   * awards it to `seller` (a new verified supplier unless given), who accepts the purchase
   * order unless `accept` is false.
   */
  async function agree(category: string, unit: string, price: number, parties: { buyer?: Client; seller?: Client; accept?: boolean } = {}) {
    const buyer = parties.buyer ?? (await verified('contractor'));
    const seller = parties.seller ?? (await verified('supplier'));
    const rfq = await postRfq(buyer, rfqBody(category, { audience: 'invited', supplier_ids: [seller.user.id], lines: [lineOf(category, unit)] }));
    const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: price }));
    const awarded = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] });
    expect(awarded.status, awarded.text).toBe(200);
    if (parties.accept !== false) expect((await seller.post(`/api/purchase-orders/${awarded.body[0].id}/accept`, {})).status).toBe(200);
    return { buyer, seller, po: awarded.body[0] as { id: string } };
  }

  /** The line of a new RFQ of `viewer`'s in this category and unit, as the API answers it. */
  async function probe(viewer: Client, category: string, unit: string) {
    const rfq = await postRfq(viewer, rfqBody(category, { lines: [lineOf(category, unit)] }));
    return rfq.lines[0] as Record<string, unknown> & { market_price?: unknown };
  }

  it("does not give away a victim's price to a buyer who awarded itself two extreme prices around it, nor to anyone else", async () => {
    const unit = 'لوح';
    const victim = 137.25;
    await agree(steel, unit, victim);
    // Two free sign-ups: a contractor and a supplier, awarding each other a floor and a ceiling.
    const [attacker, accomplice] = [await as(server, 'contractor'), await as(server, 'supplier')];
    await agree(steel, unit, 0.01, { buyer: attacker, seller: accomplice });
    await agree(steel, unit, 99_999, { buyer: attacker, seller: accomplice });

    for (const viewer of [attacker, await as(server, 'contractor')]) {
      const line = await probe(viewer, steel, unit);
      expect(line.market_price).toBeNull();
      expect(JSON.stringify(line)).not.toContain(String(victim));
    }
    // Nor through the comparison the attacker's RFQ opens.
    const rfq = await postRfq(attacker, rfqBody(steel, { audience: 'invited', supplier_ids: [accomplice.user.id], lines: [lineOf(steel, unit)] }));
    const cmp = await attacker.get(`/api/rfqs/${rfq.id}/comparison`);
    expect(cmp.status, cmp.text).toBe(200);
    expect(cmp.body.lines[0].market_price).toBeNull();
    expect(JSON.stringify(cmp.body)).not.toContain(String(victim));
  });

  it("does not give away a victim's price to ten free sign-ups placing deals around it: unverified companies' deals do not count", async () => {
    const unit = 'قضيب';
    const victim = 211.35;
    await agree(steel, unit, victim);
    const signUp = (role: 'contractor' | 'supplier') => as(server, role);
    // Five sign-up buyers and five sign-up sellers: two deals each, far below and far above.
    for (let i = 0; i < 5; i++) {
      const parties = { buyer: await signUp('contractor'), seller: await signUp('supplier') };
      await agree(steel, unit, 1 + i, parties);
      await agree(steel, unit, 9_000 + i, parties);
    }
    const line = await probe(await signUp('contractor'), steel, unit);
    expect(line.market_price).toBeNull();
    expect(JSON.stringify(line)).not.toContain('211');
  });

  it('shows a thin market as a band rounded outward, without its median, and nothing to a party whose own deal it would need', async () => {
    const unit = 'متر';
    const deals = [];
    // Five companies buying from five others; 10 and 40 are dropped, 18.20 to 19.40 remain: three buyers, three sellers.
    for (const price of [10, 18.2, 18.9, 19.4, 40]) deals.push(await agree(steel, unit, price));
    expect((await probe(await as(server, 'contractor'), steel, unit)).market_price).toEqual({ low: 18, high: 20, median: null });
    // The buyer of 18.90 is not shown its own deal: without it two companies remain.
    expect((await probe(deals[2].buyer, steel, unit)).market_price).toBeNull();
    // An order issued and not yet accepted is no agreed price; nor is another unit the same market.
    await agree(steel, unit, 25, { accept: false });
    expect((await probe(await as(server, 'contractor'), steel, unit)).market_price).toEqual({ low: 18, high: 20, median: null });
    expect((await probe(await as(server, 'contractor'), steel, 'متر مربع')).market_price).toBeNull();
  });

  it("shows the median of other companies' deals once enough distinct buyers and sellers make it up, the viewer's own and the extremes left out", async () => {
    const unit = 'م3';
    for (const price of [1, 100, 102, 104, 106, 108, 900]) await agree(steel, unit, price);
    // The viewer's own purchases at 500 would pull the median up to 107: they do not count.
    const viewer = await as(server, 'contractor');
    for (let i = 0; i < 3; i++) await agree(steel, unit, 500, { buyer: viewer });
    expect((await probe(viewer, steel, unit)).market_price).toEqual({ low: 100, high: 110, median: 104 });
  });

  it("counts an instant order's accepted offer once, from the contractor's acceptance until its purchase order is declined", async () => {
    const unit = 'كيس';
    for (const price of [100, 120, 140, 160]) await agree(sand, unit, price);
    const viewer = await as(server, 'contractor');
    const market = async () => (await probe(viewer, sand, unit)).market_price;
    // Ten bags offered at 170 and at 180 a bag, by two more sellers to two more contractors.
    const offered = async (perBag: number) => {
      const [buyer, seller] = [await verified('contractor'), await verified('supplier')];
      const order = await postOrder(buyer, { quantity: 10, unit, category_id: sand });
      const offer = (await postOffer(seller, order.id, { offered_price: perBag * 10 })).body;
      return {
        seller,
        accept: async () => expect((await buyer.post(`/api/instant-orders/${order.id}/accept`, { response_id: offer.id })).status).toBe(200),
        po: async () => (await knex()('purchase_orders').where({ instant_order_id: order.id }).first('id')).id as string,
      };
    };
    const [at170, at180] = [await offered(170), await offered(180)];
    // 100 and 160 dropped: two companies remain. An offer not yet accepted is no agreed price.
    expect(await market()).toBeNull();
    await at170.accept();
    expect(await market()).toEqual({ low: 120, high: 160, median: null });
    // The seller's acceptance of its purchase order does not count the price again (counted twice, 170 would stay in).
    expect((await at170.seller.post(`/api/purchase-orders/${await at170.po()}/accept`, {})).status).toBe(200);
    expect(await market()).toEqual({ low: 120, high: 160, median: null });
    await at180.accept();
    expect(await market()).toEqual({ low: 120, high: 170, median: null });
    // A declined order's price no longer stands.
    expect((await at180.seller.post(`/api/purchase-orders/${await at180.po()}/decline`, {})).status).toBe(200);
    expect(await market()).toEqual({ low: 120, high: 160, median: null });
  });
});
