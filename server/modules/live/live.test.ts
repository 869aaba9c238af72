/**
 * GET /api/live: after a commit, the streams of the users the change log addresses get a
 * `change` event (and no one else's); a signed-out or removed user's stream ends; a
 * person's streams past LIVE_STREAMS_PER_USER end their oldest. "Never came" is checked
 * after a later event on the same stream: events of one stream arrive in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, postOffer, postOrder } from '../../test/factories';
import { openStream } from '../../test/sse';
import { LIVE_STREAMS_PER_USER } from '../../../shared/constants';
import { LIVE_END_REASONS } from '../../../shared/push';

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

    // The pull the event asks for finds the offer.
    const pulled = await contractor.get('/api/sync/pull?limit=500');
    expect(pulled.body.changes.some((c: { id: string }) => c.id === offer.body.id)).toBe(true);

    // The idle stream gets comment lines.
    await expect.poll(() => bs.comments, { timeout: 3000 }).toBeGreaterThanOrEqual(2);
    // A later event on the bystander's stream (its sign-out's end) comes after any change
    // written before it: once it is here, a change about the offer would be too.
    expect((await bystander.post('/api/logout')).status).toBe(200);
    await bs.next('end');
    expect(bs.count('change')).toBe(before);
    for (const s of [cs, ss]) s.close();
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
    expect(del.status, del.text).toBe(204);
    await rs.next('end');
    await rs.closed;

    // The other contractor's stream stays open: it hears of their next order, and got no end before it.
    await postOrder(staying);
    await ss.next('change');
    expect(ss.count('end')).toBe(0);
    ss.close();
  });

  it(`keeps ${LIVE_STREAMS_PER_USER} streams per person: one more ends their oldest, saying it was replaced, and the rest go on`, async () => {
    const user = await as(server, 'contractor');
    const other = await as(server, 'contractor');
    const streams = [];
    for (let i = 0; i < LIVE_STREAMS_PER_USER; i++) streams.push(await openStream(user));
    const theirs = await openStream(other);
    const newest = await openStream(user);
    expect(newest.status).toBe(200);
    const [oldest, ...kept] = streams;
    expect((await oldest.next('end')).data).toBe(LIVE_END_REASONS.replaced);
    await oldest.closed;

    // The user's next change reaches the newest and the nine others; the other person's
    // next one reaches their stream; none of them was ended before that.
    await postOrder(user);
    for (const s of [...kept, newest]) await s.next('change');
    await postOrder(other);
    await theirs.next('change');
    for (const s of [...kept, newest, theirs]) expect(s.count('end')).toBe(0);
    expect(oldest.count('change')).toBe(0);
    for (const s of [...kept, newest, theirs]) s.close();
  });
});
