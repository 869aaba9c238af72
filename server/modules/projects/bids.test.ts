import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { as, audiences, changesOf, notificationsOf, openAndAward, postBid, postProject } from '../../test/factories';
import { bidDigest } from '../../../shared/tender';

describe('bids', () => {
  let server: TestServer;
  beforeAll(async () => {
    // An award is final at once here: these tests are about bids, not the standstill.
    server = await startTestServer({ env: { STANDSTILL_DAYS: '0' } });
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  // The deadline day and its opening moment, the end of that day in Riyadh.
  const setDeadline = (projectId: string, daysFromToday: number) =>
    knex().raw(
      `update projects set deadline_date = (now() at time zone 'Asia/Riyadh')::date + ?::int,
         deadline_at = (((now() at time zone 'Asia/Riyadh')::date + ?::int + 1)::timestamp - interval '3 hours') at time zone 'UTC',
         opens_at = (((now() at time zone 'Asia/Riyadh')::date + ?::int + 1)::timestamp - interval '3 hours') at time zone 'UTC' where id = ?`,
      [daysFromToday, daysFromToday, daysFromToday, projectId],
    );

  describe('POST /api/bids', () => {
    it('answers 401 when signed out', async () => {
      const res = await new TestClient(server.url).post('/api/bids', { project_id: crypto.randomUUID(), amount: 1, proposal: 'x' });
      expect(res.status).toBe(401);
    });

    it('creates a submitted bid (201) with its receipt digest, tells the owner only that a bid came in, and logs it for the bidder only (sealed)', async () => {
      const gov = await as(server, 'government', { language: 'en' });
      const project = await postProject(gov, { title: 'Riyadh Metro depot' });
      const contractor = await as(server, 'contractor', { company_name: 'شركة البنيان', verification_tier: 'silver' });
      const res = await postBid(contractor, project.id, { amount: 1_234_567.89, estimated_completion_days: 270 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        project_id: project.id,
        contractor_id: contractor.user.id,
        amount: 1_234_567.89,
        proposal: 'ننفذ خلال 9 أشهر',
        estimated_completion_days: 270,
        status: 'submitted',
        contractor_name: 'شركة البنيان',
        contractor_verification_tier: 'silver',
        project_title: 'Riyadh Metro depot',
        project_status: 'open',
      });
      expect(await knex()('bids').where({ id: res.body.id }).first()).toMatchObject({ amount: 1_234_567.89, status: 'submitted' });
      // The receipt: the digest of exactly what was received, at the time it was received.
      expect(res.body.digest).toBe(
        await bidDigest({
          project_id: project.id,
          contractor_id: contractor.user.id,
          amount: 1_234_567.89,
          estimated_completion_days: 270,
          proposal: 'ننفذ خلال 9 أشهر',
          received_at: res.body.received_at,
        }),
      );

      expect(await notificationsOf(knex(), gov.user.id, 'bid.new')).toEqual([]);
      const [told] = await notificationsOf(knex(), gov.user.id, 'tender.bid_received');
      expect(told).toMatchObject({ type: 'tender', title: 'New bid on your project' });
      expect(told.params).toEqual({ project_title: 'Riyadh Metro depot', project_id: project.id, bid_count: 1 });
      // sealed: nothing of the bid reaches the owner, neither its company nor its amount
      expect(JSON.stringify(told)).not.toMatch(/البنيان|1234567|1,234,567|ننفذ/);
      // sealed: the change goes to its bidder only, never to the owner, a role or everyone
      expect((await changesOf(knex(), 'bid', res.body.id)).audiences).toEqual(audiences(`user:${contractor.user.id}`));
      expect((await gov.get(`/api/projects/${project.id}`)).body.bid_count).toBe(1);
    });

    it('updates the first bid with a second submission (200, same id, one row, no second notification)', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const contractor = await as(server, 'contractor');
      const first = await postBid(contractor, project.id, { amount: 500_000, estimated_completion_days: 100 });
      const second = await postBid(contractor, project.id, { id: crypto.randomUUID(), amount: 450_000, proposal: 'عرض محدث' });
      expect(first.status).toBe(201);
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ id: first.body.id, amount: 450_000, proposal: 'عرض محدث', estimated_completion_days: null });
      const rows = await knex()('bids').where({ project_id: project.id });
      expect(rows).toHaveLength(1);
      expect(rows[0].amount).toBe(450_000);
      expect(await notificationsOf(knex(), gov.user.id, 'tender.bid_received')).toHaveLength(1);
      expect(second.body.digest).not.toBe(first.body.digest);
      expect((await gov.get(`/api/projects/${project.id}`)).body.bid_count).toBe(1);
    });

    it('returns the bid unchanged (200) when the same client id and content arrive again, even after the award', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const contractor = await as(server, 'contractor');
      const body = { id: crypto.randomUUID(), amount: 700_000 };
      const first = await postBid(contractor, project.id, body);
      await openAndAward(gov, project.id, body.id);
      const again = await postBid(contractor, project.id, body);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: body.id, status: 'accepted', amount: 700_000, created_at: first.body.created_at });
      const changed = await postBid(contractor, project.id, { ...body, amount: 1 });
      expect(changed.status).toBe(409);
      expect(changed.body.code).toBe('project_not_open');
    });

    it("answers 409 when the client id is another contractor's bid, without revealing or touching it", async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const id = crypto.randomUUID();
      await postBid(await as(server, 'contractor'), project.id, { id, amount: 100 });
      const res = await postBid(await as(server, 'contractor'), project.id, { id, amount: 100 });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('conflict');
      expect(JSON.stringify(res.body)).not.toContain('proposal');
      expect(await knex()('bids').where({ project_id: project.id })).toHaveLength(1);
    });

    it.each([['government'], ['supplier'], ['transport'], ['admin']] as const)('answers 403 to a %s', async (role) => {
      const project = await postProject(await as(server, 'government'));
      const res = await postBid(await as(server, role), project.id);
      expect(res.status).toBe(403);
      expect(await knex()('bids').where({ project_id: project.id })).toEqual([]);
    });

    it('answers 409 project_not_open on an awarded, completed or cancelled project', async () => {
      const gov = await as(server, 'government');
      const awarded = await postProject(gov);
      const cancelled = await postProject(gov);
      const bid = await postBid(await as(server, 'contractor'), awarded.id);
      await openAndAward(gov, awarded.id, bid.body.id);
      await gov.post(`/api/projects/${cancelled.id}/status`, { status: 'cancelled' });
      const contractor = await as(server, 'contractor');
      for (const p of [awarded, cancelled]) {
        const res = await postBid(contractor, p.id);
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ error: expect.any(String), code: 'project_not_open' });
      }
      expect(await knex()('bids').where({ contractor_id: contractor.user.id })).toEqual([]);
    });

    it('answers 409 deadline_passed after the deadline day, and takes bids on the deadline day itself', async () => {
      const gov = await as(server, 'government');
      const late = await postProject(gov);
      const today = await postProject(gov);
      await setDeadline(late.id, -1);
      await setDeadline(today.id, 0);
      const contractor = await as(server, 'contractor');
      const refused = await postBid(contractor, late.id);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('deadline_passed');
      expect((await postBid(contractor, today.id)).status).toBe(201);
    });

    it('refuses a bid after a deadline to the minute by the server clock, whatever the device says', async () => {
      const gov = await as(server, 'government');
      const deadline = new Date(Date.now() + 10 * 60_000);
      const res = await gov.post('/api/projects', { title: 'x', description: 'y', location: 'z', deadline_at: deadline.toISOString() });
      expect(res.status, res.text).toBe(201);
      const contractor = await as(server, 'contractor');
      expect((await postBid(contractor, res.body.id, { amount: 100 })).status).toBe(201);
      server.clock.setDaysAhead(1);
      try {
        const late = await postBid(await as(server, 'contractor'), res.body.id, { amount: 90 });
        expect(late.status).toBe(409);
        expect(late.body.code).toBe('deadline_passed');
      } finally {
        server.clock.setDaysAhead(0);
      }
      // On the deadline's own day, a minute after its time, bids are closed too.
      await knex().raw(`update projects set deadline_at = now() - interval '1 minute', opens_at = now() - interval '1 minute',
                          deadline_date = ((now() - interval '1 minute') at time zone 'Asia/Riyadh')::date where id = ?`, [res.body.id]);
      const minuteLate = await postBid(await as(server, 'contractor'), res.body.id, { amount: 80 });
      expect(minuteLate.body.code).toBe('deadline_passed');
    });

    it('answers 404 for a project that does not exist', async () => {
      const res = await postBid(await as(server, 'contractor'), crypto.randomUUID());
      expect(res.status).toBe(404);
    });

    it.each([
      ['amount', { amount: -5 }],
      ['amount', { amount: 10.001 }],
      ['amount', { amount: '100' }],
      ['proposal', { proposal: '   ' }],
      ['estimated_completion_days', { estimated_completion_days: 0 }],
      ['estimated_completion_days', { estimated_completion_days: 1.5 }],
      ['status', { status: 'accepted' }],
    ])('answers 400 for an invalid %s', async (_field, over) => {
      const project = await postProject(await as(server, 'government'));
      const res = await postBid(await as(server, 'contractor'), project.id, over);
      expect(res.status).toBe(400);
      expect(await knex()('bids').where({ project_id: project.id })).toEqual([]);
    });
  });

  describe('GET /api/bids/my', () => {
    it("lists only the contractor's own bids, newest first, with their project's title and status", async () => {
      const gov = await as(server, 'government');
      const p1 = await postProject(gov, { title: 'الأول' });
      const p2 = await postProject(gov, { title: 'الثاني' });
      const contractor = await as(server, 'contractor');
      const b1 = await postBid(contractor, p1.id);
      const b2 = await postBid(contractor, p2.id);
      await postBid(await as(server, 'contractor'), p1.id);
      await openAndAward(gov, p1.id, b1.body.id);
      const res = await contractor.get('/api/bids/my');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('2');
      expect(res.body.map((b: { id: string; status: string; project_title: string; project_status: string }) => [
        b.id,
        b.status,
        b.project_title,
        b.project_status,
      ])).toEqual([
        [b2.body.id, 'submitted', 'الثاني', 'open'],
        [b1.body.id, 'accepted', 'الأول', 'in_progress'],
      ]);
      expect((await contractor.get('/api/bids/my?limit=1&offset=1')).body.map((b: { id: string }) => b.id)).toEqual([b1.body.id]);
    });

    it('hides bids on a deleted project', async () => {
      const project = await postProject(await as(server, 'government'));
      const contractor = await as(server, 'contractor');
      await postBid(contractor, project.id);
      await knex()('projects').where({ id: project.id }).update({ deleted_at: knex().fn.now() });
      const res = await contractor.get('/api/bids/my');
      expect(res.body).toEqual([]);
      expect(res.headers.get('x-total-count')).toBe('0');
    });

    it('answers 403 to a government entity', async () => {
      expect((await (await as(server, 'government')).get('/api/bids/my')).status).toBe(403);
    });
  });

  describe('POST /api/bids/{id}/withdraw', () => {
    it('withdraws a submitted bid while the project is open, and the bid no longer counts', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const contractor = await as(server, 'contractor');
      const bid = await postBid(contractor, project.id);
      const res = await contractor.post(`/api/bids/${bid.body.id}/withdraw`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: bid.body.id, status: 'withdrawn' });
      expect((await knex()('bids').where({ id: bid.body.id }).first()).status).toBe('withdrawn');
      expect((await gov.get(`/api/projects/${project.id}`)).body.bid_count).toBe(0);
      // sealed: the bid and its withdrawal were addressed to the bidder only
      expect((await changesOf(knex(), 'bid', bid.body.id)).count).toBe(2);
    });

    it('answers 409 bid_withdrawn to a second withdrawal and to a new bid after withdrawing (a withdrawal is final)', async () => {
      const project = await postProject(await as(server, 'government'));
      const contractor = await as(server, 'contractor');
      const bid = await postBid(contractor, project.id);
      await contractor.post(`/api/bids/${bid.body.id}/withdraw`);
      const again = await contractor.post(`/api/bids/${bid.body.id}/withdraw`);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('bid_withdrawn');
      const rebid = await postBid(contractor, project.id, { amount: 5 });
      expect(rebid.status).toBe(409);
      expect(rebid.body.code).toBe('bid_withdrawn');
      expect((await knex()('bids').where({ id: bid.body.id }).first()).amount).toBe(1_000_000);
    });

    it('answers 409 project_not_open once the project was awarded', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const contractor = await as(server, 'contractor');
      const mine = await postBid(contractor, project.id);
      const other = await postBid(await as(server, 'contractor'), project.id);
      await openAndAward(gov, project.id, other.body.id);
      const res = await contractor.post(`/api/bids/${mine.body.id}/withdraw`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('project_not_open');
      expect((await knex()('bids').where({ id: mine.body.id }).first()).status).toBe('rejected');
    });

    it("answers 404 to another contractor (sealed) and 403 to the project's owner", async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const bid = await postBid(await as(server, 'contractor'), project.id);
      expect((await (await as(server, 'contractor')).post(`/api/bids/${bid.body.id}/withdraw`)).status).toBe(404);
      expect((await gov.post(`/api/bids/${bid.body.id}/withdraw`)).status).toBe(403);
      expect((await knex()('bids').where({ id: bid.body.id }).first()).status).toBe('submitted');
    });
  });
});
