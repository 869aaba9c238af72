/**
 * A driver removed from their transport company, still signed in with the same session:
 * they read none of the company's jobs (REST and the sync feed), record no step and send
 * no proof, each refusal saying why; their unfinished jobs go back to the company
 * unassigned (to be given to another driver), their finished ones stay as they are, and
 * the company is told once per job returned.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { joinCompany, notificationsOf, type Client } from '../../test/factories';
import { cameraJpeg, uploadDeliveryFile } from '../../test/tus';
import { PLATE, assignedDelivery, proof, step } from '../../test/deals';

let server: TestServer;
let jpeg: Buffer;
beforeAll(async () => {
  server = await startTestServer({ files: 'removed-driver' });
  jpeg = await cameraJpeg();
});
afterAll(() => server?.close());
const knex = () => server.db.knex;

type Job = Awaited<ReturnType<typeof assignedDelivery>>;

/** Another transport request of the same contractor, carried by the same company, given to `driver`: its delivery id. */
async function anotherJob(job: Job, driver: Client): Promise<{ requestId: string; deliveryId: string }> {
  const request = (await job.contractor.post('/api/transport-requests', { pickup_location: 'Dammam', delivery_location: 'Jubail', cargo_description: 'Cement' })).body;
  const quote = (await job.carrier.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 900 })).body;
  expect((await job.contractor.post(`/api/transport-requests/${request.id}/accept`, { offer_id: quote.id })).status).toBe(200);
  const assigned = await job.carrier.post(`/api/transport-requests/${request.id}/assign`, { driver_id: driver.user.id, vehicle_plate: PLATE });
  expect(assigned.status, assigned.text).toBe(200);
  return { requestId: request.id, deliveryId: assigned.body.id };
}

async function pullFrom(client: Client, cursor: string) {
  const changes: Array<{ entity: string; id: string; op: string }> = [];
  for (;;) {
    const res = await client.get(`/api/sync/pull?cursor=${cursor}&limit=500`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.reset, 'a driver’s feed is their own: it goes on without a reset').toBeUndefined();
    changes.push(...res.body.changes);
    cursor = res.body.cursor;
    if (!res.body.has_more) return { changes, cursor };
  }
}

const stepsOf = (client: Client, deliveryId: string) => ({
  picked_up: () => step(client, deliveryId, 'picked_up'),
  on_the_way: () => step(client, deliveryId, 'on_the_way'),
  delivered: () => step(client, deliveryId, 'delivered', { proof: proof({ recipient_name: 'Someone else' }) }),
});

describe('a driver removed from the company, with the same session', () => {
  it('reads none of their jobs, records no step and sends no proof (403 not_company_driver); the unfinished jobs go back to the company unassigned and it is told once per job', async () => {
    const job = await assignedDelivery(server);
    // Job A: assigned, not picked up. Job B: on the way (the request in transit). Job C: delivered.
    const a = { requestId: job.request.id, deliveryId: job.delivery.id };
    const b = await anotherJob(job, job.driver);
    const c = await anotherJob(job, job.driver);
    for (const s of ['picked_up', 'on_the_way']) expect((await step(job.driver, b.deliveryId, s)).status).toBe(200);
    for (const s of ['picked_up', 'on_the_way', 'delivered']) expect((await step(job.driver, c.deliveryId, s)).status).toBe(200);
    // Before the removal the same session reads the jobs and may send a signature.
    expect((await job.driver.get(`/api/deliveries/${a.deliveryId}`)).status).toBe(200);
    const before = await pullFrom(job.driver, '');
    expect(new Set(before.changes.filter((ch) => ch.entity === 'delivery').map((ch) => ch.id))).toEqual(new Set([a.deliveryId, b.deliveryId, c.deliveryId]));

    expect((await job.carrier.delete(`/api/company/members/${job.driver.user.id}`)).status).toBe(204);

    // Reads: 404 for each job, none listed.
    for (const d of [a, b, c]) {
      const res = await job.driver.get(`/api/deliveries/${d.deliveryId}`);
      expect([res.status, res.body.code], d.deliveryId).toEqual([404, 'not_found']);
    }
    expect((await job.driver.get('/api/deliveries')).body).toEqual([]);

    // The feed: each job's last word to the driver is a delete, and a fresh pull holds none.
    const after = await pullFrom(job.driver, before.cursor);
    const last = new Map(after.changes.filter((ch) => ch.entity === 'delivery').map((ch) => [ch.id, ch.op]));
    expect(Object.fromEntries(last)).toEqual({ [a.deliveryId]: 'delete', [b.deliveryId]: 'delete', [c.deliveryId]: 'delete' });
    expect((await pullFrom(job.driver, '')).changes.filter((ch) => ch.entity === 'delivery' && ch.op !== 'delete')).toEqual([]);

    // Steps, REST and the push: refused, saying why.
    for (const [name, send] of Object.entries(stepsOf(job.driver, a.deliveryId))) {
      const res = await send();
      expect([res.status, res.body.code], name).toEqual([403, 'not_company_driver']);
    }
    const onTheWay = await step(job.driver, b.deliveryId, 'delivered', { proof: proof({ recipient_name: 'Someone else' }) });
    expect([onTheWay.status, onTheWay.body.code]).toEqual([403, 'not_company_driver']);
    const pushed = await job.driver.post('/api/sync/push', {
      client_id: crypto.randomUUID(),
      mutations: [{ id: 1, name: 'delivery.step', args: { id: b.deliveryId, event_id: crypto.randomUUID(), step: 'delivered', at: new Date().toISOString(), proof: proof() } }],
    });
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', code: 'not_company_driver' });
    // The signature: refused before a byte is taken.
    for (const d of [a, b]) {
      const up = await uploadDeliveryFile(job.driver, { deliveryId: d.deliveryId, purpose: 'signature' }, jpeg);
      expect([up.status, up.body.code], d.deliveryId).toEqual([403, 'not_company_driver']);
    }
    expect(await knex()('delivery_files').whereIn('delivery_id', [a.deliveryId, b.deliveryId])).toEqual([]);

    // Back with the company, unassigned: the request accepted and without a delivery (in transit no more).
    for (const d of [a, b]) {
      const request = (await job.carrier.get(`/api/transport-requests/${d.requestId}`)).body;
      expect(request, d.requestId).toMatchObject({ status: 'assigned', delivery_id: null });
      expect(await knex()('deliveries').where({ transport_request_id: d.requestId }).first()).toBeUndefined();
    }
    // The finished job stays as it was, its driver named.
    expect((await job.contractor.get(`/api/deliveries/${c.deliveryId}`)).body).toMatchObject({ stage: 'delivered', driver_id: job.driver.user.id });
    expect((await job.contractor.get(`/api/transport-requests/${c.requestId}`)).body.status).toBe('delivered');

    // The company was told, once per job returned; the removed driver was not.
    const told = await notificationsOf(knex(), job.carrier.user.id, 'delivery.driver_removed');
    expect(told.map((n) => n.params.transport_request_id).sort()).toEqual([a.requestId, b.requestId].sort());
    expect(told[0].params).toMatchObject({ driver: 'Saad' });
    expect(told[0].title).toBe('أُزيل سائق من شركتك');
    expect(await notificationsOf(knex(), job.driver.user.id, 'delivery.driver_removed')).toEqual([]);

    // Each can be given to another driver, who carries it.
    for (const d of [a, b]) {
      const res = await job.carrier.post(`/api/transport-requests/${d.requestId}/assign`, { driver_id: job.driver2.user.id, vehicle_plate: PLATE });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ stage: 'assigned', driver_id: job.driver2.user.id });
      expect((await step(job.driver2, res.body.id, 'picked_up')).status).toBe(200);
    }
  });

  it('is checked by membership itself: a driver out of the company, their job not yet taken back, neither reads nor acts on it, and joining another company does not bring it back', async () => {
    const job = await assignedDelivery(server);
    const id = job.delivery.id;
    expect((await step(job.driver, id, 'picked_up')).status).toBe(200);
    // The membership alone goes (as a removal racing the driver's request would leave it).
    await knex()('company_members').where({ user_id: job.driver.user.id }).delete();

    expect((await job.driver.get(`/api/deliveries/${id}`)).status).toBe(404);
    for (const [name, send] of Object.entries(stepsOf(job.driver, id))) {
      const res = await send();
      expect([res.status, res.body.code], name).toEqual([403, 'not_company_driver']);
    }
    const up = await uploadDeliveryFile(job.driver, { deliveryId: id, purpose: 'signature' }, jpeg);
    expect([up.status, up.body.code]).toEqual([403, 'not_company_driver']);

    // A driver of another company now: still not this company's job.
    await joinCompany(knex(), job.driver.user.id, job.rival.user.id, 'driver');
    expect((await job.driver.get(`/api/deliveries/${id}`)).status).toBe(404);
    expect((await job.driver.get('/api/deliveries')).body).toEqual([]);
    const res = await step(job.driver, id, 'on_the_way');
    expect([res.status, res.body.code]).toEqual([403, 'not_company_driver']);
    const sig = await uploadDeliveryFile(job.driver, { deliveryId: id, purpose: 'signature' }, jpeg);
    expect([sig.status, sig.body.code]).toEqual([403, 'not_company_driver']);
    expect((await job.contractor.get(`/api/deliveries/${id}`)).body.stage).toBe('picked_up');
  });

  it('leaves a driver with no unfinished job removed without a word to the company', async () => {
    const job = await assignedDelivery(server);
    expect((await job.carrier.delete(`/api/company/members/${job.driver2.user.id}`)).status).toBe(204);
    expect(await notificationsOf(knex(), job.carrier.user.id, 'delivery.driver_removed')).toEqual([]);
    expect((await job.driver.get(`/api/deliveries/${job.delivery.id}`)).status).toBe(200);
  });
});
