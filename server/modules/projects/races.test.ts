/**
 * Concurrent requests on one project, through HTTP on Postgres (PGlite has one connection,
 * so nothing there runs concurrently). Exactly one award wins; a bid, an amendment or a
 * withdrawal racing the opening is either in the opening record exactly as its bidder's
 * receipt says, or refused as late; nothing is half written.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { as, changesOf, openBids, postBid, postProject, type Client } from '../../test/factories';
import type { OpeningRecord } from '../../../shared/schemas/tender';

const jitter = (ms = 150) => new Promise((resolve) => setTimeout(resolve, Math.random() * ms));

describe.runIf(onPostgres)('project races (Postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // An award is final at once, so two racing awards can be told apart by their outcome.
    server = await startTestServer({ env: { STANDSTILL_DAYS: '0' } });
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const bidsOf = (projectId: string) =>
    knex()('bids').where({ project_id: projectId }).select('id', 'contractor_id', 'status', 'amount', 'digest', 'received_at');
  const receivedOf = (gov: Client, projectId: string) =>
    knex()('notifications').where({ user_id: gov.user.id, kind: 'tender.bid_received' }).whereRaw(`params->>'project_id' = ?`, [projectId]);

  it('lets exactly one of two concurrent awards of different bids win; the other gets 409 project_not_open', async () => {
    for (let round = 0; round < 10; round++) {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const a = await postBid(await as(server, 'contractor'), project.id);
      const b = await postBid(await as(server, 'contractor'), project.id);
      await openBids(gov, project.id);

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
      // one award's notifications (the two bidders and the owner), not two
      const told = await knex()('notifications').where({ kind: 'tender.award_final' }).whereRaw(`params->>'project_id' = ?`, [project.id]);
      expect(told).toHaveLength(3);
    }
  });

  it('orders bids and amendments racing the owner closing the bidding: each is in the opening record as its receipt says, or refused deadline_passed and left nothing', async () => {
    const seen = new Set<number>();
    for (let round = 0; round < 20; round++) {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      // Half the racers amend a bid they already made, half bid for the first time.
      const updaters: Client[] = [];
      const before = new Map<string, string>();
      for (let i = 0; i < 3; i++) {
        const c = await as(server, 'contractor');
        const first = await postBid(c, project.id, { amount: 100 });
        expect(first.status).toBe(201);
        before.set(c.user.id, first.body.digest);
        updaters.push(c);
      }
      const newcomers: Client[] = [];
      for (let i = 0; i < 4; i++) newcomers.push(await as(server, 'contractor'));
      const racers = [...updaters, ...newcomers];

      // Spread over 150 ms, so the opening lands among the bids, not only before or after all of them.
      const [closed, ...bids] = await Promise.all([
        jitter().then(() => gov.post(`/api/projects/${project.id}/close-bidding`, {})),
        ...racers.map((c) => jitter().then(() => postBid(c, project.id, { amount: 200 }))),
      ]);
      expect(closed.status).toBe(200);
      const opening: OpeningRecord = (await gov.get(`/api/projects/${project.id}/opening`)).body;
      const recorded = new Map(opening.record.map((e) => [e.contractor_id, e]));

      const rows = await bidsOf(project.id);
      // What was opened is what is stored, and nothing was stored after the opening.
      expect(opening.bid_count).toBe(rows.length);
      for (const row of rows) {
        expect(recorded.get(row.contractor_id)).toMatchObject({ bid_id: row.id, digest: row.digest, amount: Number(row.amount) });
        expect(new Date(row.received_at).getTime()).toBeLessThanOrEqual(new Date(opening.opened_at).getTime());
      }
      for (const [i, res] of bids.entries()) {
        const c = racers[i];
        const entry = recorded.get(c.user.id);
        const isNew = i >= updaters.length;
        if (res.status === 409) {
          expect(res.body.code).toBe('deadline_passed');
          if (isNew) expect(entry).toBeUndefined();
          else expect(entry).toMatchObject({ amount: 100, digest: before.get(c.user.id) }); // the amendment did not happen
        } else {
          expect(res.status).toBe(isNew ? 201 : 200);
          // the receipt the bidder holds is the digest that was opened
          expect(entry).toMatchObject({ bid_id: res.body.id, amount: 200, digest: res.body.digest });
          const receipts = (await c.get(`/api/bids/${res.body.id}/receipts`)).body;
          expect(receipts[0].digest).toBe(res.body.digest);
        }
        seen.add(res.status);
      }
      const newcomersIn = bids.slice(updaters.length).filter((r) => r.status === 201).length;
      expect(await receivedOf(gov, project.id)).toHaveLength(updaters.length + newcomersIn);
    }
    // The rounds really raced: some bids got in before the opening and some came too late.
    expect([...seen].sort()).toEqual([200, 201, 409]);
  }, 120_000);

  it('orders bids and amendments racing the deadline moment: an accepted one was received before it and is in the record as its receipt says', async () => {
    const seen = new Set<number>();
    for (let round = 0; round < 10; round++) {
      const gov = await as(server, 'government');
      const project = await postProject(gov, { deadline_date: '2099-12-31' });
      const updaters: Client[] = [];
      for (let i = 0; i < 3; i++) {
        const c = await as(server, 'contractor');
        expect((await postBid(c, project.id, { amount: 100 })).status).toBe(201);
        updaters.push(c);
      }
      const newcomers: Client[] = [];
      for (let i = 0; i < 3; i++) newcomers.push(await as(server, 'contractor'));
      const racers = [...updaters, ...newcomers];
      // The opening moment falls in the middle of the racers' 300 ms.
      const opensAt = new Date(Date.now() + 150);
      await knex()('projects').where({ id: project.id }).update({ opens_at: opensAt });
      const bids = await Promise.all(racers.map((c) => jitter(300).then(() => postBid(c, project.id, { amount: 200 }))));
      // Any read after the moment makes the opening record.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt.getTime() - Date.now() + 10)));
      const res = await gov.get(`/api/projects/${project.id}/opening`);
      expect(res.status).toBe(200);
      const opening: OpeningRecord = res.body;
      const recorded = new Map(opening.record.map((e) => [e.contractor_id, e]));
      const rows = await bidsOf(project.id);
      expect(opening.bid_count).toBe(rows.length);
      for (const row of rows) expect(recorded.get(row.contractor_id)).toMatchObject({ digest: row.digest });
      for (const [i, r] of bids.entries()) {
        const entry = recorded.get(racers[i].user.id);
        if (r.status === 409) {
          expect(r.body.code).toBe('deadline_passed');
          if (i >= updaters.length) expect(entry).toBeUndefined();
          else expect(entry?.amount).toBe(100);
        } else {
          expect(new Date(r.body.received_at).getTime()).toBeLessThan(opensAt.getTime());
          expect(entry).toMatchObject({ amount: 200, digest: r.body.digest });
        }
        seen.add(r.status);
      }
    }
    expect(seen.has(409) && (seen.has(200) || seen.has(201))).toBe(true);
  });

  it('opens once when two devices of the owner close the bidding at once while others read: one notification each, one change of the record', async () => {
    for (let round = 0; round < 10; round++) {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const bidders = [await as(server, 'contractor'), await as(server, 'contractor')];
      for (const c of bidders) expect((await postBid(c, project.id)).status).toBe(201);
      const closing = (clientId: string) => gov.post('/api/sync/push', { client_id: clientId, mutations: [{ id: 1, name: 'project.closeBidding', args: { id: project.id } }] });
      const [a, b, rest] = await Promise.all([
        closing(crypto.randomUUID()),
        closing(crypto.randomUUID()),
        gov.post(`/api/projects/${project.id}/close-bidding`, {}),
        gov.get(`/api/projects/${project.id}`),
        bidders[0].get('/api/projects?limit=20'),
      ]);
      expect([a.body.results[0].status, b.body.results[0].status, rest.status]).toEqual(['applied', 'applied', 200]);
      const told = await knex()('notifications').where({ kind: 'tender.opened' }).whereRaw(`params->>'project_id' = ?`, [project.id]).pluck('user_id');
      expect(told.sort()).toEqual([gov, ...bidders].map((u) => u.user.id).sort());
      expect((await changesOf(knex(), 'tender_opening', project.id)).count).toBe(1);
    }
  });

  it('lets a withdrawal racing the opening succeed only if it came first: then it is not in the record', async () => {
    for (let round = 0; round < 10; round++) {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const contractor = await as(server, 'contractor');
      const bid = await postBid(contractor, project.id);
      const [closed, withdraw] = await Promise.all([
        gov.post(`/api/projects/${project.id}/close-bidding`, {}),
        contractor.post(`/api/bids/${bid.body.id}/withdraw`),
      ]);
      expect(closed.status).toBe(200);
      const opening: OpeningRecord = (await gov.get(`/api/projects/${project.id}/opening`)).body;
      const stored = await knex()('bids').where({ id: bid.body.id }).first();
      if (withdraw.status === 200) {
        expect(stored.status).toBe('withdrawn');
        expect(opening.record).toEqual([]);
      } else {
        expect(withdraw.body.code).toBe('deadline_passed');
        expect(stored.status).toBe('submitted');
        expect(opening.record.map((e) => e.digest)).toEqual([bid.body.digest]);
      }
    }
  });
});
