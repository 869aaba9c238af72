/**
 * Deliveries through the sync endpoints, and what a driver can ever read: their pull
 * holds their own delivery (and their notifications) and no price anywhere, never another
 * driver's job or their company's quotes; their REST reads of transport say the same. The
 * mutations run the REST rules, and a step sent again (the same mutation resent, the same
 * event from another device) writes no notification or change a second time.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, driverOf, type Client } from '../../test/factories';
import { PLATE, assignedDelivery, assignedRequest, pricesIn, proof, step } from '../../test/deals';
import { backfillChangeLog } from '../../registry/backfill';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Change {
  entity: string;
  id: string;
  op: string;
  data?: Record<string, unknown>;
}

async function pullAll(client: Client): Promise<Change[]> {
  const changes: Change[] = [];
  let cursor = '';
  for (;;) {
    const res = await client.get(`/api/sync/pull?cursor=${cursor}&limit=100`);
    expect(res.status, res.text).toBe(200);
    changes.push(...res.body.changes);
    cursor = res.body.cursor;
    if (!res.body.has_more) return changes;
  }
}

let mutationId = 0;
/** One mutation pushed, under a new mutation id unless `id` (the same id again is the outbox resending it). */
function push(client: Client, clientId: string, name: string, args: unknown, id = ++mutationId) {
  return client.post('/api/sync/push', { client_id: clientId, mutations: [{ id, name, args }] });
}

/**
 * What applying a step again would write again (the event's own row cannot tell: its id is
 * its primary key): the notifications naming the delivery, by recipient and kind, and the
 * change-log rows about the delivery and its transport request.
 */
async function writesAbout(deliveryId: string, requestId: string) {
  const knex = server.db.knex;
  const notifications: Array<{ user_id: string; kind: string }> = await knex('notifications').whereRaw("params->>'delivery_id' = ?", [deliveryId]).select('user_id', 'kind');
  const changes = await knex('changes').whereIn('entity_id', [deliveryId, requestId]).count<{ n: string | number }[]>('* as n').first();
  return { notifications: notifications.map((n) => `${n.kind} ${n.user_id}`).sort(), changes: Number(changes?.n ?? 0) };
}


describe('what a driver reads', () => {
  it('pulls only their own delivery and their notifications, with no price anywhere', async () => {
    const job = await assignedDelivery(server);
    // A second job of the same company, given to the other driver, and a product in the catalogue.
    const other = await assignedRequest(server);
    const otherDriver = await driverOf(server, other.carrier);
    await other.carrier.post(`/api/transport-requests/${other.request.id}/assign`, { driver_id: otherDriver.user.id, vehicle_plate: PLATE });
    await job.supplier.post('/api/products', { name: 'Rebar', price: 10, unit: 't' });
    await step(job.driver, job.delivery.id, 'picked_up');

    const changes = await pullAll(job.driver);
    expect([...new Set(changes.map((c) => c.entity))].sort()).toEqual(['delivery', 'notification']);
    expect(changes.filter((c) => c.entity === 'delivery').map((c) => c.id)).toEqual([job.delivery.id]);
    expect(pricesIn(changes)).toEqual([]);
    const [row] = changes.filter((c) => c.entity === 'delivery');
    expect(row.data).toMatchObject({ stage: 'picked_up', vehicle_plate: PLATE, requester_name: expect.any(String), pickup_location: 'Yanbu' });

    // The company's own pull has the request, the quotes and the delivery.
    const company = await pullAll(job.carrier);
    expect(company.some((c) => c.entity === 'transport_offer' && c.id === job.quote.id)).toBe(true);
    expect(company.some((c) => c.entity === 'delivery' && c.id === job.delivery.id)).toBe(true);
    expect(pricesIn(company), 'the check finds the prices the company holds').toEqual(expect.arrayContaining([expect.stringMatching(/quoted_price$/), expect.stringMatching(/budget$/)]));
  });

  it('sees no transport request, offer or price over REST either', async () => {
    const job = await assignedDelivery(server);
    const calls = [
      '/api/transport-requests',
      '/api/transport-requests?status=assigned',
      `/api/transport-requests/${job.request.id}`,
      `/api/transport-requests/${job.request.id}/offers`,
      '/api/transport-requests/my',
      '/api/deliveries',
      `/api/deliveries/${job.delivery.id}`,
    ];
    const answers: Record<string, number> = {};
    for (const url of calls) {
      const res = await job.driver.get(url);
      answers[url] = res.status;
      expect(pricesIn(res.body), url).toEqual([]);
    }
    expect(answers).toEqual({
      '/api/transport-requests': 403,
      '/api/transport-requests?status=assigned': 403,
      [`/api/transport-requests/${job.request.id}`]: 404,
      [`/api/transport-requests/${job.request.id}/offers`]: 404,
      '/api/transport-requests/my': 200,
      '/api/deliveries': 200,
      [`/api/deliveries/${job.delivery.id}`]: 200,
    });
    expect((await job.driver.get('/api/transport-requests/my')).body).toEqual([]);
    // A driver quotes nothing and asks for no transport: those are the company's.
    expect((await job.driver.post('/api/transport-offers', { transport_request_id: job.request.id, quoted_price: 1 })).status).toBe(403);
    expect((await job.driver.post('/api/transport-requests', { pickup_location: 'a', delivery_location: 'b', cargo_description: 'c' })).status).toBe(403);
  });
});

describe('delivery mutations over the push', () => {
  it('assign, steps, confirm: the REST rules, and a step sent again (the same mutation, or the same event from another device) applied once', async () => {
    const job = await assignedRequest(server);
    const company = crypto.randomUUID();
    const assigned = await push(job.carrier, company, 'delivery.assign', { id: job.request.id, driver_id: job.driver.user.id, vehicle_plate: PLATE });
    expect(assigned.body.results[0], assigned.text).toMatchObject({ status: 'applied' });
    const deliveryId = (await job.carrier.get('/api/deliveries')).body[0].id;

    const phone = crypto.randomUUID();
    const refused = await push(job.driver2, crypto.randomUUID(), 'delivery.step', { id: deliveryId, event_id: crypto.randomUUID(), step: 'picked_up', at: new Date().toISOString() });
    expect(refused.body.results[0]).toMatchObject({ status: 'rejected', code: 'not_found' });

    const pickup = { id: deliveryId, event_id: crypto.randomUUID(), step: 'picked_up', at: new Date().toISOString() };
    const before = await writesAbout(deliveryId, job.request.id);
    const pickupId = ++mutationId;
    expect((await push(job.driver, phone, 'delivery.step', pickup, pickupId)).body.results[0]).toMatchObject({ id: pickupId, status: 'applied' });
    const once = await writesAbout(deliveryId, job.request.id);
    // The requester and the supplier are told, each once; the delivery and the request are re-sent.
    expect(once.notifications).toEqual(
      [...before.notifications, `delivery.picked_up ${job.contractor.user.id}`, `delivery.picked_up ${job.supplier.user.id}`].sort(),
    );
    expect(once.changes).toBeGreaterThan(before.changes);
    // The outbox sends the same mutation again (its answer was lost): the same client and mutation id.
    expect((await push(job.driver, phone, 'delivery.step', pickup, pickupId)).body.results[0]).toMatchObject({ id: pickupId, status: 'applied' });
    // Another device of the same driver sends the same event under its own client and mutation id.
    expect((await push(job.driver, crypto.randomUUID(), 'delivery.step', pickup)).body.results[0]).toMatchObject({ status: 'applied' });
    // Nothing was written again.
    expect(await writesAbout(deliveryId, job.request.id)).toEqual(once);

    const late = await push(job.carrier, company, 'delivery.assign', { id: job.request.id, driver_id: job.driver2.user.id, vehicle_plate: PLATE });
    expect(late.body.results[0]).toMatchObject({ status: 'rejected', code: 'delivery_picked_up' });

    for (const s of ['on_the_way', 'delivered']) {
      const args = { id: deliveryId, event_id: crypto.randomUUID(), step: s, at: new Date().toISOString(), ...(s === 'delivered' ? { proof: proof() } : {}) };
      expect((await push(job.driver, phone, 'delivery.step', args)).body.results[0]).toMatchObject({ status: 'applied' });
    }
    const notMine = await push(job.driver, phone, 'delivery.confirm', { id: deliveryId, event_id: crypto.randomUUID(), at: new Date().toISOString() });
    expect(notMine.body.results[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    const confirm = await push(job.contractor, crypto.randomUUID(), 'delivery.confirm', { id: deliveryId, event_id: crypto.randomUUID(), at: new Date().toISOString() });
    expect(confirm.body.results[0]).toMatchObject({ status: 'applied' });

    const pulled = (await pullAll(job.contractor)).filter((c) => c.entity === 'delivery');
    expect(pulled.at(-1)?.data).toMatchObject({ id: deliveryId, stage: 'confirmed' });
  });

  it('sends the old driver a delete when the job is given to another driver', async () => {
    const job = await assignedDelivery(server);
    const before = await pullAll(job.driver);
    expect(before.filter((c) => c.entity === 'delivery').map((c) => c.op)).toEqual(['upsert']);
    await job.carrier.post(`/api/transport-requests/${job.request.id}/assign`, { driver_id: job.driver2.user.id, vehicle_plate: PLATE });
    const after = (await pullAll(job.driver)).filter((c) => c.entity === 'delivery');
    expect(after.at(-1)).toMatchObject({ id: job.delivery.id, op: 'delete' });
    const theirs = (await pullAll(job.driver2)).filter((c) => c.entity === 'delivery');
    expect(theirs.map((c) => [c.id, c.op])).toEqual([[job.delivery.id, 'upsert']]);
  });

  it('a stranger’s pull holds no delivery', async () => {
    await assignedDelivery(server);
    const stranger = await as(server, 'transport');
    expect((await pullAll(stranger)).filter((c) => c.entity === 'delivery')).toEqual([]);
  });

  it('is addressed by the start-up backfill to its parties, a delivery without a supplier to three', async () => {
    const job = await assignedRequest(server);
    const plain = (await job.contractor.post('/api/transport-requests', { pickup_location: 'a', delivery_location: 'b', cargo_description: 'c' })).body;
    const quote = (await job.carrier.post('/api/transport-offers', { transport_request_id: plain.id, quoted_price: 10 })).body;
    await job.contractor.post(`/api/transport-requests/${plain.id}/accept`, { offer_id: quote.id });
    const delivery = (await job.carrier.post(`/api/transport-requests/${plain.id}/assign`, { driver_id: job.driver.user.id, vehicle_plate: PLATE })).body;
    await server.db.knex('changes').where({ entity: 'delivery', entity_id: delivery.id }).delete();
    await backfillChangeLog(server.db.knex);
    const rows = await server.db.knex('changes').where({ entity: 'delivery', entity_id: delivery.id }).select('audience');
    expect(rows.map((r) => r.audience).sort()).toEqual([job.driver.user.id, job.carrier.user.id, job.contractor.user.id].sort());
  });
});
