import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { as, audiences, changesOf, openAndAward, postBid, postProject } from '../../test/factories';
import { openingMoment } from '../../../shared/tender';
import { recomputeScorecard } from '../scorecards/compute';

describe('projects', () => {
  let server: TestServer;
  beforeAll(async () => {
    // An award is final at once here: these tests are about projects, not the standstill.
    server = await startTestServer({ env: { STANDSTILL_DAYS: '0' } });
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;

  describe('POST /api/projects', () => {
    it('answers 401 when signed out', async () => {
      const res = await new TestClient(server.url).post('/api/projects', { title: 'x', description: 'y', location: 'z' });
      expect(res.status).toBe(401);
    });

    it('creates an open project for a government entity, with its name and no bids, and logs it for contractors and the owner', async () => {
      const gov = await as(server, 'government', { company_name: 'أمانة الرياض' });
      const res = await gov.post('/api/projects', {
        title: 'طريق الملك سلمان',
        description: 'رصف وإنارة',
        location: 'الرياض',
        budget: 1_500_000.5,
        deadline_date: '2099-03-31',
        requirements: 'تصنيف أول',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        government_id: gov.user.id,
        title: 'طريق الملك سلمان',
        budget: 1_500_000.5,
        deadline_date: '2099-03-31',
        status: 'open',
        awarded_bid_id: null,
        government_name: 'أمانة الرياض',
        bid_count: 0,
        // bids are taken until the end of the deadline day in Riyadh
        opens_at: openingMoment('2099-03-31'),
        opened_at: null,
        awarded_at: null,
        phase: 'bidding',
      });
      expect(res.body.opens_at).toBe('2099-03-31T21:00:00.000Z');
      const row = await knex()('projects').where({ id: res.body.id }).first();
      expect(row).toMatchObject({ government_id: gov.user.id, status: 'open', budget: 1_500_000.5 });
      expect((await changesOf(knex(), 'project', res.body.id)).audiences).toEqual(
        audiences('role:contractor', `user:${gov.user.id}`),
      );
    });

    it.each([['contractor'], ['supplier'], ['transport']] as const)('answers 403 to a %s and writes nothing', async (role) => {
      const client = await as(server, role);
      const id = crypto.randomUUID();
      const res = await client.post('/api/projects', { id, title: 'x', description: 'y', location: 'z' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
      expect(await knex()('projects').where({ id }).first()).toBeUndefined();
    });

    it('answers 403 profile_required before setup', async () => {
      const client = await as(server, null as never);
      const res = await client.post('/api/projects', { title: 'x', description: 'y', location: 'z' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('profile_required');
    });

    it('answers 400 naming the missing fields, and refuses a status or owner in the body', async () => {
      const gov = await as(server, 'government');
      const missing = await gov.post('/api/projects', { budget: 5 });
      expect(missing.status).toBe(400);
      expect(missing.body.details.map((d: { path: string }) => d.path)).toEqual(
        expect.arrayContaining(['title', 'description', 'location']),
      );
      for (const extra of [{ status: 'in_progress' }, { government_id: gov.user.id }, { bid_count: 3 }]) {
        const res = await gov.post('/api/projects', { title: 'x', description: 'y', location: 'z', ...extra });
        expect(res.status).toBe(400);
      }
      expect(await knex()('projects').where({ government_id: gov.user.id }).first()).toBeUndefined();
    });

    it('takes a deadline to the minute (seconds dropped): bids until that moment, on the Riyadh day it falls on', async () => {
      const gov = await as(server, 'government');
      const res = await gov.post('/api/projects', { title: 'x', description: 'y', location: 'z', deadline_at: '2099-03-31T22:30:45.123+03:00' });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ deadline_at: '2099-03-31T19:30:00.000Z', deadline_date: '2099-03-31', opens_at: '2099-03-31T19:30:00.000Z', phase: 'bidding' });
      // A date-only deadline is the end of that day in Riyadh, and still reads as that day.
      const day = await gov.post('/api/projects', { title: 'x', description: 'y', location: 'z', deadline_date: '2099-03-31' });
      expect(day.body).toMatchObject({ deadline_at: '2099-03-31T21:00:00.000Z', deadline_date: '2099-03-31', opens_at: '2099-03-31T21:00:00.000Z' });
      const none = await gov.post('/api/projects', { title: 'x', description: 'y', location: 'z' });
      expect(none.body).toMatchObject({ deadline_at: null, deadline_date: null, opens_at: null });
    });

    it('answers 400 for a deadline to the minute already past by the server clock, and for both kinds of deadline at once', async () => {
      const gov = await as(server, 'government');
      const past = await gov.post('/api/projects', { title: 'x', description: 'y', location: 'z', deadline_at: new Date(Date.now() - 60_000).toISOString() });
      expect(past.status).toBe(400);
      expect(past.body.details[0]).toMatchObject({ path: 'deadline_at', message: 'deadline_in_past' });
      const both = await gov.post('/api/projects', { title: 'x', description: 'y', location: 'z', deadline_at: '2099-03-31T10:00:00Z', deadline_date: '2099-03-31' });
      expect(both.status).toBe(400);
      expect(both.body.details[0]).toMatchObject({ path: 'deadline_at', message: 'deadline_twice' });
      expect(await knex()('projects').where({ government_id: gov.user.id }).first()).toBeUndefined();
    });

    it('answers 400 when the deadline day has already passed', async () => {
      const gov = await as(server, 'government');
      const res = await gov.post('/api/projects', { title: 'x', description: 'y', location: 'z', deadline_date: '2020-01-01' });
      expect(res.status).toBe(400);
      expect(res.body.details[0].path).toBe('deadline_date');
    });

    it('returns the existing project with 200 when the same client id is created twice', async () => {
      const gov = await as(server, 'government');
      const id = crypto.randomUUID();
      const body = { id, title: 'مبنى إداري', description: 'd', location: 'الدمام' };
      const first = await gov.post('/api/projects', body);
      const second = await gov.post('/api/projects', body);
      expect(first.status).toBe(201);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(await knex()('projects').where({ id }).count('* as n')).toEqual([{ n: 1 }]);
      expect((await changesOf(knex(), 'project', id)).count).toBe(2); // one create, two audiences
    });

    it("answers 409 when the client id is another government's project", async () => {
      const [a, b] = [await as(server, 'government'), await as(server, 'government')];
      const id = crypto.randomUUID();
      await postProject(a, { id });
      const res = await b.post('/api/projects', { id, title: 'x', description: 'y', location: 'z' });
      expect(res.status).toBe(409);
      expect((await knex()('projects').where({ id }).first()).government_id).toBe(a.user.id);
    });
  });

  describe('GET /api/projects', () => {
    it('lists open projects newest first with government_name, X-Total-Count, and no bid count of a sealed tender', async () => {
      const gov = await as(server, 'government', { company_name: 'وزارة الإسكان' });
      const older = await postProject(gov, { title: 'أقدم' });
      const newer = await postProject(gov, { title: 'أحدث' });
      await postBid(await as(server, 'contractor'), newer.id);
      const contractor = await as(server, 'contractor');
      const res = await contractor.get('/api/projects');
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
      expect(res.body.slice(0, 2).map((p: { id: string }) => p.id)).toEqual([newer.id, older.id]);
      expect(res.body[0]).toMatchObject({ government_name: 'وزارة الإسكان', bid_count: null, status: 'open' });
      expect(res.body.every((p: { status: string }) => p.status === 'open')).toBe(true);
    });

    it('pages with limit and offset', async () => {
      const gov = await as(server, 'government');
      const made = [await postProject(gov), await postProject(gov), await postProject(gov)].reverse();
      const contractor = await as(server, 'contractor');
      const first = await contractor.get('/api/projects?limit=2');
      const second = await contractor.get('/api/projects?limit=2&offset=2');
      expect(first.body.map((p: { id: string }) => p.id)).toEqual(made.slice(0, 2).map((p) => p.id));
      expect(second.body[0].id).toBe(made[2].id);
      expect(second.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));
      expect((await contractor.get('/api/projects?limit=101')).status).toBe(400);
      expect((await contractor.get('/api/projects?status=closed')).status).toBe(400);
    });

    it('shows a contractor only the awarded projects they bid on when asked for in_progress', async () => {
      const gov = await as(server, 'government');
      const [bidder, outsider] = [await as(server, 'contractor'), await as(server, 'contractor')];
      const project = await postProject(gov);
      const bid = await postBid(bidder, project.id);
      expect((await openAndAward(gov, project.id, bid.body.id)).status).toBe(200);
      const ids = async (c: typeof gov) =>
        (await c.get('/api/projects?status=in_progress&limit=100')).body.map((p: { id: string }) => p.id);
      expect(await ids(bidder)).toContain(project.id);
      expect(await ids(outsider)).not.toContain(project.id);
      expect(await ids(await as(server, 'government'))).not.toContain(project.id);
      expect(await ids(await as(server, 'admin'))).toContain(project.id);
    });

    it.each([['supplier'], ['transport']] as const)('answers 403 to a %s', async (role) => {
      expect((await (await as(server, role)).get('/api/projects')).status).toBe(403);
    });

    it('hides a deleted project from every list and from :id', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      await knex()('projects').where({ id: project.id }).update({ deleted_at: knex().fn.now() });
      const contractor = await as(server, 'contractor');
      expect((await contractor.get('/api/projects?limit=100')).body.map((p: { id: string }) => p.id)).not.toContain(project.id);
      expect((await gov.get('/api/projects/my')).body).toEqual([]);
      expect((await gov.get(`/api/projects/${project.id}`)).status).toBe(404);
      expect((await postBid(contractor, project.id)).status).toBe(404);
    });
  });

  describe('GET /api/projects/my', () => {
    it("lists only the government's own projects in every status, with bid counts", async () => {
      const gov = await as(server, 'government');
      const open = await postProject(gov);
      const done = await postProject(gov);
      await postProject(await as(server, 'government'));
      const bid = await postBid(await as(server, 'contractor'), done.id);
      await postBid(await as(server, 'contractor'), done.id);
      await openAndAward(gov, done.id, bid.body.id);
      const res = await gov.get('/api/projects/my');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('2');
      expect(res.body.map((p: { id: string; status: string; bid_count: number }) => [p.id, p.status, p.bid_count])).toEqual([
        [done.id, 'in_progress', 2],
        [open.id, 'open', 0],
      ]);
      expect((await gov.get('/api/projects/my?status=open')).body.map((p: { id: string }) => p.id)).toEqual([open.id]);
    });

    it('answers 403 to a contractor', async () => {
      expect((await (await as(server, 'contractor')).get('/api/projects/my')).status).toBe(403);
    });
  });

  describe('GET /api/projects/{id}', () => {
    it('shows an open project to its owner, contractors, other governments and admins, not to suppliers', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov, { deadline_date: '2099-12-31' });
      for (const role of ['contractor', 'government', 'admin'] as const) {
        const res = await (await as(server, role)).get(`/api/projects/${project.id}`);
        expect(res.status, role).toBe(200);
        // the same project, but how many bids it has is its owner's alone until the opening
        expect(res.body).toEqual({ ...project, bid_count: null });
      }
      expect((await gov.get(`/api/projects/${project.id}`)).body.deadline_date).toBe('2099-12-31');
      expect((await (await as(server, 'supplier')).get(`/api/projects/${project.id}`)).status).toBe(404);
    });

    it('shows an awarded project only to its owner, its bidders and admins (404 for everyone else)', async () => {
      const gov = await as(server, 'government');
      const [winner, loser] = [await as(server, 'contractor'), await as(server, 'contractor')];
      const project = await postProject(gov);
      const bid = await postBid(winner, project.id);
      await postBid(loser, project.id);
      await openAndAward(gov, project.id, bid.body.id);
      for (const c of [gov, winner, loser, await as(server, 'admin')]) {
        expect((await c.get(`/api/projects/${project.id}`)).status).toBe(200);
      }
      for (const c of [await as(server, 'contractor'), await as(server, 'government')]) {
        const res = await c.get(`/api/projects/${project.id}`);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    });

    it('answers 404 for an unknown or malformed id', async () => {
      const contractor = await as(server, 'contractor');
      expect((await contractor.get(`/api/projects/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await contractor.get('/api/projects/not-a-uuid')).status).toBe(404);
    });
  });

  describe('GET /api/projects/{id}/bids', () => {
    it('lists the opened bids to the owner after the opening, lowest first, with the bidders (withdrawn bids are never opened)', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const a = await as(server, 'contractor', { company_name: 'مقاولات أ', verification_tier: 'gold' });
      const b = await as(server, 'contractor');
      const first = await postBid(a, project.id, { amount: 900_000 });
      const second = await postBid(b, project.id, { amount: 950_000, estimated_completion_days: 200 });
      const c = await as(server, 'contractor');
      const third = await postBid(c, project.id, { amount: 800_000 });
      // The bidder's record measured anew, a shown figure moved (from a stored measure that no
      // longer holds), reaches the sealed bid's only audience, its bidder.
      const remeasure = async () => {
        await knex()('scorecards').insert(['12m', 'all'].map((window) => ({ company_id: c.user.id, window, deals: 1, computed_at: new Date() }))).onConflict(['company_id', 'window']).merge();
        await knex()('changes').where({ entity: 'bid', entity_id: third.body.id }).delete();
        await server.db.knex.transaction((trx) => recomputeScorecard(trx, c.user.id, new Date()));
        return (await changesOf(knex(), 'bid', third.body.id)).audiences;
      };
      expect(await remeasure()).toEqual([`user:${c.user.id}`]);
      await b.post(`/api/bids/${second.body.id}/withdraw`);
      const sealed = await gov.get(`/api/projects/${project.id}/bids`);
      expect(sealed.status).toBe(409);
      expect(sealed.body.code).toBe('tender_not_opened');
      expect(JSON.stringify(sealed.body)).not.toMatch(/900000|800000|950000/);
      expect((await gov.get(`/api/projects/${project.id}`)).body).toMatchObject({ bid_count: 2, phase: 'bidding' });

      await gov.post(`/api/projects/${project.id}/close-bidding`, {});
      // Once opened, its owner hears of it too.
      expect(await remeasure()).toEqual(audiences(`user:${c.user.id}`, `user:${gov.user.id}`));
      const res = await gov.get(`/api/projects/${project.id}/bids`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('2');
      expect(res.body.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([
        [third.body.id, 'submitted'],
        [first.body.id, 'submitted'],
      ]);
      expect(res.body[1]).toMatchObject({
        contractor_id: a.user.id,
        contractor_name: 'مقاولات أ',
        contractor_verification_tier: 'gold',
        contractor_average_rating: 0,
        contractor_total_reviews: 0,
        amount: 900_000,
        project_title: project.title,
        project_status: 'open',
      });
      // A bidder whose record was never measured has no scorecard yet; a measured one's is the stored pair.
      expect(res.body[1].contractor_scorecard).toBeNull();
      expect(res.body[0].contractor_scorecard).toMatchObject({ '12m': { window: '12m', deals: 0, on_time_rate: null }, all: { window: 'all', deals: 0 } });
    });

    it('keeps bids sealed: 403 for contractors, other governments and admins who see the project, 404 for others', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const bidder = await as(server, 'contractor');
      await postBid(bidder, project.id);
      await gov.post(`/api/projects/${project.id}/close-bidding`, {});
      for (const c of [bidder, await as(server, 'government'), await as(server, 'admin')]) {
        const res = await c.get(`/api/projects/${project.id}/bids`);
        expect(res.status).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('1000000');
      }
      expect((await (await as(server, 'supplier')).get(`/api/projects/${project.id}/bids`)).status).toBe(404);
      expect((await gov.get(`/api/projects/${crypto.randomUUID()}/bids`)).status).toBe(404);
    });
  });
});
