/**
 * GET /api/live: after a commit, the streams of the users the change log addresses get a
 * `change` event (and no one else's); a signed-out or removed user's stream ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, postOffer, postOrder } from '../../test/factories';
import { openStream } from '../../test/sse';

describe('live updates', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    server.config.live.heartbeatMs = 200;
  });
  afterAll(() => server?.close());

  it('refuses a visitor', async () => {
    const { TestClient } = await import('../../test/http-client');
    const res = await new TestClient(server.url).get('/api/live');
    expect(res.status).toBe(401);
  });

  it("tells exactly the devices whose data changed, after the commit, and keeps idle streams alive with heartbeats", async () => {
    const contractor = await as(server, 'contractor');
    const supplier = await as(server, 'supplier');
    const bystander = await as(server, 'government');
    const [cs, ss, bs] = await Promise.all([openStream(contractor), openStream(supplier), openStream(bystander)]);
    expect([cs.status, ss.status, bs.status]).toEqual([200, 200, 200]);

    // A new instant order is addressed to the contractor and to every supplier.
    const order = await postOrder(contractor);
    await ss.next('change');
    await cs.next('change');

    // An offer on it: the contractor (its owner) and the supplier hear of it; the government user never does.
    const before = bs.count('change');
    const offer = await postOffer(supplier, order.id);
    expect(offer.status, offer.text).toBe(201);
    await cs.next('change');
    await ss.next('change');
    await new Promise((r) => setTimeout(r, 300));
    expect(bs.count('change')).toBe(before);

    // The pull the event asks for finds the offer.
    const pulled = await contractor.get('/api/sync/pull?limit=500');
    expect(pulled.body.changes.some((c: { id: string }) => c.id === offer.body.id)).toBe(true);

    await new Promise((r) => setTimeout(r, 500));
    expect(bs.comments).toBeGreaterThanOrEqual(2);
    for (const s of [cs, ss, bs]) s.close();
  });

  it("ends the stream of a user who signs out, and of one an admin removes", async () => {
    const leaving = await as(server, 'contractor');
    const removed = await as(server, 'supplier');
    const staying = await as(server, 'contractor');
    const admin = await as(server, 'admin');
    const [ls, rs, ss] = await Promise.all([openStream(leaving), openStream(removed), openStream(staying)]);

    expect((await leaving.post('/api/logout')).status).toBe(200);
    await ls.next('end');
    await ls.closed;

    const del = await admin.delete(`/api/admin/users/${removed.user.id}`);
    expect(del.status, del.text).toBeLessThan(300);
    await rs.next('end');
    await rs.closed;

    // The other contractor's stream stays open.
    await new Promise((r) => setTimeout(r, 300));
    expect(ss.count('end')).toBe(0);
    ss.close();
  });
});
