/**
 * How many bids a sealed tender has is sealed like the bids: until the opening only the
 * project's owner sees bid_count (everyone else gets null), through the project, the
 * lists and the sync feed, and only the owner's devices (and the bidder's, for their own
 * bid) hear of a bid live. From the opening everyone who sees the project sees the count.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, openBids, postBid, postProject, type Client } from '../../test/factories';
import { openStream } from '../../test/sse';

describe('the bid count of a sealed tender', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** The project's bid_count as `client` sees it through each door (undefined: not there). */
  async function countsSeenBy(client: Client, projectId: string, doors: Array<'get' | 'list' | 'mine' | 'admin' | 'pull'>) {
    const seen: Record<string, unknown> = {};
    for (const door of doors) {
      if (door === 'get') {
        const res = await client.get(`/api/projects/${projectId}`);
        expect(res.status, door).toBe(200);
        seen.get = res.body.bid_count;
      } else if (door === 'pull') {
        const res = await client.get('/api/sync/pull?limit=5000');
        expect([res.status, res.body.has_more], door).toEqual([200, false]);
        const rows = res.body.changes.filter((c: { entity: string; id: string; op: string }) => c.entity === 'project' && c.id === projectId && c.op === 'upsert');
        seen.pull = rows.at(-1)?.data.bid_count;
      } else {
        const path = { list: '/api/projects?limit=100', mine: '/api/projects/my?limit=100', admin: '/api/admin/projects?limit=100' }[door];
        const res = await client.get(path);
        expect(res.status, door).toBe(200);
        seen[door] = res.body.find((p: { id: string }) => p.id === projectId)?.bid_count;
      }
    }
    return seen;
  }

  it('is the owner’s alone until the opening (REST, lists, sync feed); from the opening everyone who sees the project sees it', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov);
    const bidder = await as(server, 'contractor');
    const outsider = await as(server, 'contractor');
    const otherGov = await as(server, 'government');
    const admin = await as(server, 'admin');
    expect((await postBid(bidder, project.id)).status).toBe(201);
    expect((await postBid(await as(server, 'contractor'), project.id)).status).toBe(201);

    expect(await countsSeenBy(gov, project.id, ['get', 'mine', 'pull'])).toEqual({ get: 2, mine: 2, pull: 2 });
    expect(await countsSeenBy(bidder, project.id, ['get', 'list', 'pull'])).toEqual({ get: null, list: null, pull: null });
    expect(await countsSeenBy(outsider, project.id, ['get', 'list', 'pull'])).toEqual({ get: null, list: null, pull: null });
    expect(await countsSeenBy(otherGov, project.id, ['get', 'list'])).toEqual({ get: null, list: null });
    expect(await countsSeenBy(admin, project.id, ['get', 'list', 'admin'])).toEqual({ get: null, list: null, admin: null });

    await openBids(gov, project.id);
    expect(await countsSeenBy(gov, project.id, ['get', 'mine', 'pull'])).toEqual({ get: 2, mine: 2, pull: 2 });
    expect(await countsSeenBy(bidder, project.id, ['get', 'list', 'pull'])).toEqual({ get: 2, list: 2, pull: 2 });
    expect(await countsSeenBy(outsider, project.id, ['get', 'list', 'pull'])).toEqual({ get: 2, list: 2, pull: 2 });
    expect(await countsSeenBy(otherGov, project.id, ['get', 'list'])).toEqual({ get: 2, list: 2 });
    expect(await countsSeenBy(admin, project.id, ['get', 'list', 'admin'])).toEqual({ get: 2, list: 2, admin: 2 });
  });

  it('signals a bid and a withdrawal live to the owner (and the bidder), never to another contractor holding the project', async () => {
    const gov = await as(server, 'government');
    const bidder = await as(server, 'contractor');
    const outsider = await as(server, 'contractor');
    const [govStream, bidderStream, outsiderStream] = await Promise.all([openStream(gov), openStream(bidder), openStream(outsider)]);
    expect([govStream.status, bidderStream.status, outsiderStream.status]).toEqual([200, 200, 200]);
    try {
      // A new project is addressed to every contractor: the outsider holds it.
      const project = await postProject(gov);
      await outsiderStream.next('change');
      await bidderStream.next('change');
      await govStream.next('change');
      const heard = outsiderStream.count('change');

      const bid = await postBid(bidder, project.id);
      expect(bid.status).toBe(201);
      await govStream.next('change');
      await bidderStream.next('change');
      const withdrawn = await bidder.post(`/api/bids/${bid.body.id}/withdraw`);
      expect(withdrawn.status).toBe(200);
      await govStream.next('change');
      await bidderStream.next('change');

      // Later signals the outsider does get, on the same stream: their own bid, then the
      // end of the stream when they sign out. Once the end has arrived, every signal sent
      // before it has too, so the count is final.
      const own = await outsider.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'bid.create', args: { id: crypto.randomUUID(), project_id: project.id, amount: 5, proposal: 'عرضي' } }] });
      expect(own.body.results[0].status).toBe('applied');
      await outsiderStream.next('change');
      expect((await outsider.post('/api/logout')).status).toBe(200);
      await outsiderStream.next('end');
      await outsiderStream.closed;
      expect(outsiderStream.count('change')).toBe(heard + 1);
    } finally {
      for (const s of [govStream, bidderStream, outsiderStream]) s.close();
    }
  });
});
