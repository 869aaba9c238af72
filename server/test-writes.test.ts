/**
 * The browser tests' read of what a write left on the server (TEST_CLOCK=1): the user's
 * stored push results, the change-log rows and the notifications of one entity, so an
 * action sent twice shows twice even where the table holds one row.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';
import { as, postProject } from './test/factories';

describe('GET /api/test/writes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TEST_CLOCK: '1' } });
  });
  afterAll(() => server.close());

  it('lists the stored push results of the user and the change-log rows and notifications of the entity, a second send included', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov);
    const contractor = await as(server, 'contractor');
    const bid = { id: crypto.randomUUID(), project_id: project.id, amount: 900_000, proposal: 'ننفذ خلال شهرين' };
    const clientId = crypto.randomUUID();
    const push = (id: number) => contractor.post('/api/sync/push', { client_id: clientId, mutations: [{ id, name: 'bid.create', args: bid }] });

    expect((await push(1)).body.results).toEqual([{ id: 1, status: 'applied' }]);
    const once = await contractor.get(`/api/test/writes?id=${bid.id}`);
    expect(once.status).toBe(200);
    expect(once.body.sync_mutations).toEqual([{ client_id: clientId, mutation_id: 1, status: 'applied' }]);
    // sealed until the opening: the bid's change goes to its bidder only
    expect(once.body.changes.map((c: { entity: string; audience: string }) => `${c.entity}:${c.audience}`).sort()).toEqual([`bid:${contractor.user.id}`]);
    // The owner's notice names the project, not the sealed bid.
    expect(once.body.notifications).toEqual([]);
    const ofProject = (await contractor.get(`/api/test/writes?id=${project.id}`)).body;
    expect(ofProject.notifications).toMatchObject([{ user_id: gov.user.id, kind: 'tender.bid_received', params: { project_id: project.id, bid_count: 1 } }]);
    expect(ofProject.notifications).toHaveLength(1);

    // The same bid again under a new mutation id: the bids table still holds one row,
    // the stored results show the second send.
    expect((await push(2)).body.results).toEqual([{ id: 2, status: 'applied' }]);
    const twice = (await contractor.get(`/api/test/writes?id=${bid.id}`)).body;
    expect(twice.sync_mutations.map((m: { mutation_id: number }) => m.mutation_id)).toEqual([1, 2]);
    // Another user sees their own stored results, not the contractor's.
    expect((await gov.get('/api/test/writes')).body).toEqual({ sync_mutations: [], changes: [], notifications: [] });
  });

  it('asks for a session, and is not there unless the server was started with TEST_CLOCK=1', async () => {
    const anonymous = await fetch(`${server.url}/api/test/writes`, { headers: { Accept: 'application/json' } });
    expect(anonymous.status).toBe(401);
    const plain = await startTestServer({ db: server.db });
    try {
      expect((await (await as(plain, 'contractor')).get('/api/test/writes')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
