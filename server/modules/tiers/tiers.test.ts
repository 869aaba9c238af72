/**
 * The earned tier through real events: a supplier the register verified rises to silver
 * with the goods receipt of its fifth good deal (the profile, its products' copies, the
 * owner's notification and the audit row in the receipt's transaction; its own page reads
 * the next tier's missing bars), a transport company rises with its fifth delivery on
 * time (its scorecard, without the goods' bars), and a failed
 * register check drops it to unverified; a contractor earns silver by its completed deals
 * alone, in the sweep; as time passes the deals leave the 12-month window and the sweep
 * (run by the test clock) takes the tier back to verified.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_RULES } from '../../../shared/tiers';
import { TEST_CLOCK_SWEEPS } from '../../registry/sweeps';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, driverOf, notificationsOf, type Client } from '../../test/factories';
import { PLATE, fulfilledOrder, step } from '../../test/deals';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';
import { taxNumbers } from '../../test/tax-profile';
import { DEV_REGISTER_NUMBERS } from '../commercial-register/dev-wathq';
import { sweepTiers } from './sweep';

const PROMISED = '2026-11-10';
const ON_TIME = '2026-11-09T09:00:00.000Z';
const SILVER = TIER_RULES[0];

describe('the earned tier', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { TEST_CLOCK: '1' } });
    category = await categoryId(server.db.knex, 3);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;
  /** Waits for the scorecards the events before queued, where they are measured after their event. */
  const measured = () => (server as Partial<{ drainScorecards(): Promise<void> }>).drainScorecards?.();
  const tierOf = async (c: Client) => {
    await measured();
    return (await knex()('profiles').where({ user_id: c.user.id }).first('verification_tier')).verification_tier;
  };

  /** A company whose CR the development register holds under its name, checked: verified. */
  async function verified(role: 'supplier' | 'contractor' | 'transport', name: string) {
    const c = await as(server, role, { company_name: name });
    await knex()('profiles').where({ user_id: c.user.id }).update({ cr_number: taxNumbers().cr_number });
    const res = await c.post('/api/company/verify-cr');
    expect(res.body, res.text).toMatchObject({ tier: 'verified', verification: { result: 'verified' } });
    return c;
  }

  /** An order of two lines awarded to `seller`, accepted, and received on time in full. */
  async function goodDeal(buyer: Client, seller: Client) {
    const rfq = await postRfq(buyer, rfqBody(category, {}, 2));
    const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5, [rfq.lines[1].id]: 7 }));
    const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: rfq.lines.map((l) => ({ rfq_line_id: l.id, quote_id: q.id })) })).body;
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    await knex()('purchase_orders').where({ id: po.id }).update({ delivery_date: PROMISED });
    const res = await buyer.post(`/api/purchase-orders/${po.id}/receipts`, {
      id: crypto.randomUUID(),
      received_at: ON_TIME,
      lines: po.lines.map((l: { id: string; quantity: number }) => ({ purchase_order_line_id: l.id, received_quantity: l.quantity })),
    });
    expect(res.status, res.text).toBe(201);
  }

  it('lifts a verified supplier to silver with the receipt of its fifth good deal, and a failed register check drops it', async () => {
    const buyer = await as(server, 'contractor', { company_name: 'مقاولات الوسطى' });
    const seller = await verified('supplier', 'مورد الفضة');
    const product = await sellIn(seller, category);
    for (let i = 1; i < SILVER.deals; i += 1) await goodDeal(buyer, seller);
    expect(await tierOf(seller)).toBe('verified');

    await goodDeal(buyer, seller);
    expect(await tierOf(seller)).toBe('silver');
    expect((await seller.get('/api/profiles/me')).body.verification_tier).toBe('silver');
    expect((await buyer.get(`/api/products/${product}`)).body.supplier_verification_tier).toBe('silver');
    const product_changes = await knex()('changes').where({ entity: 'product', entity_id: product }).count({ n: '*' });
    expect(Number(product_changes[0].n)).toBeGreaterThanOrEqual(2); // created, then the tier
    // Told at each change: verified by the register's check, then silver by the receipt.
    expect(await notificationsOf(knex(), seller.user.id, 'tier.changed')).toEqual([
      expect.objectContaining({ type: 'system', params: { tier: 'verified', previous: 'unverified' } }),
      expect.objectContaining({ type: 'system', params: { tier: 'silver', previous: 'verified' }, message: expect.stringContaining('«فضي»') }),
    ]);
    // Its own page reads the rule the same way: silver now, gold's bars still to meet.
    const progress = await seller.get('/api/company/tier');
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({ tier: 'silver', cr_verified: true, deals: SILVER.deals, seller: true, next: { tier: 'gold' } });
    expect(progress.body.next.shortfalls).toEqual([{ criterion: 'deals', need: TIER_RULES[1].deals, have: SILVER.deals, bound: 'min' }]);
    const audit = await knex()('audit_log').where({ action: 'company.tier_change', record_id: seller.user.id }).orderBy('id').select('actor_id', 'company_id', 'changes');
    expect(audit.at(-1)).toEqual({ actor_id: null, company_id: seller.user.id, changes: { verification_tier: ['verified', 'silver'] } });

    // The register now answers that the CR is suspended: the deals earn nothing without it.
    await knex()('profiles').where({ user_id: seller.user.id }).update({ cr_number: DEV_REGISTER_NUMBERS.suspended });
    const res = await seller.post('/api/company/verify-cr');
    expect(res.body).toMatchObject({ tier: 'unverified', verification: { result: 'suspended' } });
    expect(await tierOf(seller)).toBe('unverified');
    expect((await notificationsOf(knex(), seller.user.id, 'tier.changed')).at(-1)?.params).toEqual({ tier: 'unverified', previous: 'silver' });
    expect((await seller.get('/api/company/tier')).body).toMatchObject({ tier: 'unverified', cr_verified: false, next: null });
  });

  it('lifts a verified transport company to silver with its fifth delivery on time, not held to the goods’ fill and rejection', async () => {
    const carrier = await verified('transport', 'نقليات الفضة');
    const driver = await driverOf(server, carrier);
    for (let i = 0; i < SILVER.deals; i += 1) {
      const { contractor, order } = await fulfilledOrder(server);
      const request = (await contractor.post('/api/transport-requests', { pickup_location: 'Jubail', delivery_location: 'Riyadh', cargo_description: 'Cement 20 t', instant_order_id: order.id })).body;
      const offer = await carrier.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 2000, estimated_delivery_time: new Date(Date.now() + 86_400_000).toISOString() });
      expect(offer.status, offer.text).toBe(201);
      expect((await contractor.post(`/api/transport-requests/${request.id}/accept`, { offer_id: offer.body.id })).status).toBe(200);
      const assigned = await carrier.post(`/api/transport-requests/${request.id}/assign`, { driver_id: driver.user.id, vehicle_plate: PLATE });
      expect(assigned.status, assigned.text).toBe(200);
      for (const s of ['picked_up', 'on_the_way', 'delivered']) expect((await step(driver, assigned.body.id, s)).status).toBe(200);
      expect(await tierOf(carrier)).toBe(i + 1 < SILVER.deals ? 'verified' : 'silver');
    }
    expect((await carrier.get('/api/company/tier')).body).toMatchObject({ tier: 'silver', seller: true, deals: SILVER.deals });
  });

  it('gives a contractor silver for its completed deals alone (the sweep), and takes it back once they leave the 12-month window (the test clock)', async () => {
    expect(TEST_CLOCK_SWEEPS).toContain(sweepTiers);
    const buyer = await verified('contractor', 'مقاولات الذهب');
    // Its seller is not verified: its own tier stays unverified whatever its deals.
    const seller = await as(server, 'supplier', { company_name: 'مورد غير موثق' });
    await sellIn(seller, category);
    for (let i = 0; i < SILVER.deals; i += 1) await goodDeal(buyer, seller);
    await measured();
    expect(await tierOf(seller)).toBe('unverified');
    // A receipt measures the seller, not the buyer: the sweep brings the buyer's deals in.
    expect(await sweepTiers(knex(), server.clock)).toBeGreaterThanOrEqual(1);
    expect(await tierOf(buyer)).toBe('silver');

    // The test clock runs the upkeep, this sweep among it, as its timers would.
    try {
      expect((await buyer.post('/api/test/clock', { days: 400 })).status).toBe(200);
      expect(await tierOf(buyer)).toBe('verified');
    } finally {
      await buyer.post('/api/test/clock', { days: 0 });
    }
  });
});
