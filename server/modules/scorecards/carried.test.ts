/**
 * A transport company's scorecard from its own record: the requests it carried (on time by
 * the promised day, its price against the other offers on the same request) and its
 * offers' times; never fill or rejection, which are the goods'. Each figure from a
 * hand-made history, measured by the queue after the delivery's step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, audiences, changesOf, driverOf, type Client } from '../../test/factories';
import { PLATE, fulfilledOrder, step } from '../../test/deals';

const DAY_MS = 86_400_000;

describe('a transport company scorecard', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** A request the carrier quoted at 2,000 (a rival at 2,500), accepted and delivered; promised `promisedInDays` from now. */
  async function carry(carrier: Client, driver: Client, rival: Client, promisedInDays: number) {
    const { contractor, order } = await fulfilledOrder(server);
    const request = (await contractor.post('/api/transport-requests', { pickup_location: 'Jubail', delivery_location: 'Riyadh', cargo_description: 'Cement 20 t', instant_order_id: order.id })).body;
    const quote = await carrier.post('/api/transport-offers', {
      transport_request_id: request.id,
      quoted_price: 2000,
      estimated_pickup_time: new Date(Date.now() + 3_600_000).toISOString(),
      estimated_delivery_time: new Date(Date.now() + DAY_MS).toISOString(),
    });
    expect(quote.status, quote.text).toBe(201);
    expect((await rival.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 2500 })).status).toBe(201);
    expect((await contractor.post(`/api/transport-requests/${request.id}/accept`, { offer_id: quote.body.id })).status).toBe(200);
    // The promise as it was recorded: a day that may lie before the delivery.
    await server.db.knex('transport_offers').where({ id: quote.body.id }).update({ estimated_delivery_time: new Date(Date.now() + promisedInDays * DAY_MS) });
    const assigned = await carrier.post(`/api/transport-requests/${request.id}/assign`, { driver_id: driver.user.id, vehicle_plate: PLATE });
    expect(assigned.status, assigned.text).toBe(200);
    for (const s of ['picked_up', 'on_the_way', 'delivered']) expect((await step(driver, assigned.body.id, s)).status).toBe(200);
  }

  it('measures on time, price against the other offers and quoting time from its deliveries, with no fill or rejection', async () => {
    const carrier = await as(server, 'transport', { company_name: 'نقليات الخليج' });
    const rival = await as(server, 'transport');
    const driver = await driverOf(server, carrier);
    await carry(carrier, driver, rival, 1);
    await carry(carrier, driver, rival, 2);
    await server.drainScorecards();
    // Two deals: no figure yet, and the deal count says why.
    expect((await carrier.get(`/api/companies/${carrier.user.id}/scorecard?window=12m`)).body).toMatchObject({ deals: 2, on_time_rate: null });
    await carry(carrier, driver, rival, -3); // promised three days ago: late
    await server.drainScorecards();
    const card = (await carrier.get(`/api/companies/${carrier.user.id}/scorecard?window=12m`)).body;
    expect(card).toMatchObject({ window: '12m', deals: 3, fill_rate: null, rejection_rate: null, disputes: { opened: 0 } });
    expect(card.on_time_rate).toBeCloseTo(2 / 3, 3);
    expect(card.price_vs_median_percent).toBeCloseTo(-20, 3);
    expect(card.median_quote_hours).toBeGreaterThanOrEqual(0);
    expect(card.median_quote_hours).toBeLessThan(1);
    // The rival quoted three times and carried nothing: its quoting time only.
    expect((await rival.get(`/api/companies/${rival.user.id}/scorecard?window=all`)).body).toMatchObject({ deals: 0, on_time_rate: null, median_quote_hours: expect.any(Number) });
  });

  it("shows the carrier's scorecard on its offers to the requester, and sends them out again when it is measured", async () => {
    const carrier = await as(server, 'transport');
    const rival = await as(server, 'transport');
    const driver = await driverOf(server, carrier);
    const { contractor, order } = await fulfilledOrder(server);
    const request = (await contractor.post('/api/transport-requests', { pickup_location: 'Dammam', delivery_location: 'Riyadh', cargo_description: 'Blocks', instant_order_id: order.id })).body;
    const offer = (await carrier.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 1800 })).body;
    // Measured after its first offer: nothing a reader sees moved (one quote shows no time), so nothing is sent again.
    const sent = async () => (await changesOf(server.db.knex, 'transport_offer', offer.id)).count;
    const once = await sent();
    expect(once).toBeGreaterThan(0);
    await server.drainScorecards();
    expect(await sent()).toBe(once);
    // A delivery elsewhere moves its deals: the offer goes out again, to the requester and the carrier.
    await server.db.knex('changes').where({ entity: 'transport_offer', entity_id: offer.id }).delete();
    await carry(carrier, driver, rival, 1);
    await server.drainScorecards();
    expect((await changesOf(server.db.knex, 'transport_offer', offer.id)).audiences).toEqual(audiences(`user:${contractor.user.id}`, `user:${carrier.user.id}`));
    const [shown] = (await contractor.get(`/api/transport-requests/${request.id}/offers`)).body;
    expect(shown.transport_company_scorecard).toMatchObject({ '12m': { window: '12m', deals: 1 }, all: { window: 'all', deals: 1 } });
  });
});
