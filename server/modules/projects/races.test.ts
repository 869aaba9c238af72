/**
 * Concurrent requests on one project, through HTTP on Postgres (PGlite has one connection,
 * so nothing there runs concurrently). Exactly one award wins; a bid racing an award is
 * either in before it (and rejected by it) or refused; nothing is half written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { as, notificationsOf, postBid, postProject, type Client } from '../../test/factories';

const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 150));

describe.runIf(onPostgres)('project races (Postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const bidsOf = (projectId: string) => knex()('bids').where({ project_id: projectId }).select('id', 'contractor_id', 'status', 'amount');

  it('lets exactly one of two concurrent awards of different bids win; the other gets 409 project_not_open', async () => {
    for (let round = 0; round < 10; round++) {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const a = await postBid(await as(server, 'contractor'), project.id);
      const b = await postBid(await as(server, 'contractor'), project.id);

      const results = await Promise.all([
        gov.post(`/api/projects/${project.id}/award`, { bid_id: a.body.id }),
        gov.post(`/api/projects/${project.id}/award`, { bid_id: b.body.id }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const lost = results.find((r) => r.status === 409)!;
      expect(lost.body.code).toBe('project_not_open');
      const won = results.find((r) => r.status === 200)!;

      const rows = await bidsOf(project.id);
      expect(rows.filter((r) => r.status === 'accepted').map((r) => r.id)).toEqual([won.body.awarded_bid_id]);
      expect(rows.filter((r) => r.status === 'rejected')).toHaveLength(1);
      const stored = await knex()('projects').where({ id: project.id }).first();
      expect(stored).toMatchObject({ status: 'in_progress', awarded_bid_id: won.body.awarded_bid_id });
      // one award's notifications, not two
      const told = await knex()('notifications').whereIn('kind', ['bid.accepted', 'bid.rejected']).whereRaw(`params->>'project_id' = ?`, [project.id]);
      expect(told).toHaveLength(2);
    }
  });

  it('orders bids racing an award: every bid that got 2xx is rejected by the award, every other bid got 409 and left nothing', async () => {
    const seen = new Set<number>();
    for (let round = 0; round < 20; round++) {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const winner = await postBid(await as(server, 'contractor'), project.id);
      // Half the racers bid for the first time, half update a bid they already made.
      const updaters: Client[] = [];
      for (let i = 0; i < 3; i++) {
        const c = await as(server, 'contractor');
        expect((await postBid(c, project.id, { amount: 100 })).status).toBe(201);
        updaters.push(c);
      }
      const newcomers: Client[] = [];
      for (let i = 0; i < 4; i++) newcomers.push(await as(server, 'contractor'));
      const racers = [...updaters, ...newcomers];

      // Spread over 150 ms, so the award lands among the bids, not only before or after all of them.
      const [award, ...bids] = await Promise.all([
        jitter().then(() => gov.post(`/api/projects/${project.id}/award`, { bid_id: winner.body.id })),
        ...racers.map((c) => jitter().then(() => postBid(c, project.id, { amount: 200 }))),
      ]);
      expect(award.status).toBe(200);

      const rows = await bidsOf(project.id);
      expect(rows.filter((r) => r.status === 'submitted')).toEqual([]);
      expect(rows.filter((r) => r.status === 'accepted').map((r) => r.id)).toEqual([winner.body.id]);
      for (const [i, res] of bids.entries()) {
        const c = racers[i];
        const row = rows.find((r) => r.contractor_id === c.user.id);
        const isNew = i >= updaters.length;
        if (res.status === 409) {
          expect(res.body.code).toBe('project_not_open');
          if (isNew) expect(row).toBeUndefined();
          else expect(row).toMatchObject({ status: 'rejected', amount: 100 }); // the update did not happen
        } else {
          expect(res.status).toBe(isNew ? 201 : 200);
          expect(row).toMatchObject({ id: res.body.id, status: 'rejected', amount: 200 });
        }
        // every bid in the rows was rejected by the award, and its bidder told so
        if (row) expect(await notificationsOf(knex(), c.user.id, 'bid.rejected')).toHaveLength(1);
      }
      const accepted = bids.filter((r) => r.status < 300).length;
      const newcomersIn = bids.slice(updaters.length).filter((r) => r.status === 201).length;
      expect(await notificationsOf(knex(), gov.user.id, 'bid.new')).toHaveLength(1 + updaters.length + newcomersIn);
      expect(accepted + bids.filter((r) => r.status === 409).length).toBe(racers.length);
      for (const r of bids) seen.add(r.status);
    }
    // The rounds really raced: some bids got in before an award and some came too late.
    expect([...seen].sort()).toEqual([200, 201, 409]);
  });

  it('lets a withdrawal racing an award on the same bid succeed only if it came first', async () => {
    for (let round = 0; round < 10; round++) {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const contractor = await as(server, 'contractor');
      const bid = await postBid(contractor, project.id);
      const [award, withdraw] = await Promise.all([
        gov.post(`/api/projects/${project.id}/award`, { bid_id: bid.body.id }),
        contractor.post(`/api/bids/${bid.body.id}/withdraw`),
      ]);
      const stored = await knex()('bids').where({ id: bid.body.id }).first();
      const projectRow = await knex()('projects').where({ id: project.id }).first();
      if (award.status === 200) {
        expect(withdraw.status).toBe(409);
        expect(withdraw.body.code).toBe('project_not_open');
        expect(stored.status).toBe('accepted');
        expect(projectRow.status).toBe('in_progress');
      } else {
        expect(withdraw.status).toBe(200);
        expect(award.status).toBe(409);
        expect(award.body.code).toBe('invalid_transition');
        expect(stored.status).toBe('withdrawn');
        expect(projectRow).toMatchObject({ status: 'open', awarded_bid_id: null });
      }
    }
  });
});
