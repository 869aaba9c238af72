import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, audiences, changesOf, notificationsOf, openAndAward, openBids, postBid, postProject } from '../../test/factories';

describe('project lifecycle: award, complete, cancel', () => {
  let server: TestServer;
  beforeAll(async () => {
    // An award is final at once here (no standstill; tender.test.ts covers the standstill).
    server = await startTestServer({ env: { STANDSTILL_DAYS: '0' } });
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;

  describe('POST /api/projects/{id}/award', () => {
    it('after the opening, accepts the chosen bid, rejects the other submitted ones, moves the project to in_progress and tells every bidder', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov, { title: 'مستشفى الخرج' });
      const winner = await as(server, 'contractor', { language: 'en' });
      const loser = await as(server, 'contractor', { language: 'zh' });
      const quitter = await as(server, 'contractor');
      const win = await postBid(winner, project.id);
      const lose = await postBid(loser, project.id);
      const quit = await postBid(quitter, project.id);
      await quitter.post(`/api/bids/${quit.body.id}/withdraw`);

      const early = await gov.post(`/api/projects/${project.id}/award`, { bid_id: win.body.id });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('tender_not_opened');
      const res = await openAndAward(gov, project.id, win.body.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: project.id, status: 'in_progress', awarded_bid_id: win.body.id, bid_count: 2, phase: null });
      expect(res.body.award_final_at).toBe(res.body.awarded_at);

      const statuses = Object.fromEntries(
        (await knex()('bids').where({ project_id: project.id }).select('id', 'status')).map((b) => [b.id, b.status]),
      );
      expect(statuses).toEqual({ [win.body.id]: 'accepted', [lose.body.id]: 'rejected', [quit.body.id]: 'withdrawn' });

      const [accepted] = await notificationsOf(knex(), winner.user.id, 'tender.award_final');
      expect(accepted).toMatchObject({ type: 'tender', title: 'The award is final', params: { awarded: true, project_id: project.id } });
      expect(accepted.message).toContain('مستشفى الخرج');
      const [rejected] = await notificationsOf(knex(), loser.user.id, 'tender.award_final');
      expect(rejected).toMatchObject({ title: '授标已生效', params: { awarded: false } });
      expect(await notificationsOf(knex(), quitter.user.id, 'tender.award_final')).toEqual([]);

      // opened at the opening: from then on the owner receives the bid too
      expect((await changesOf(knex(), 'bid', lose.body.id)).audiences).toEqual(
        audiences(`user:${loser.user.id}`, `user:${gov.user.id}`),
      );
      // the withdrawn bid was never opened: never sent to the owner
      expect((await changesOf(knex(), 'bid', quit.body.id)).audiences).toEqual(audiences(`user:${quitter.user.id}`));
      // create, closing, opening, award, final: five changes, two audiences each; three first
      // bids and one withdrawal (bid_count, sealed until the opening): four, to the owner alone
      expect((await changesOf(knex(), 'project', project.id)).count).toBe(14);
    });

    it('answers 409 project_not_open when the project was already awarded, and changes nothing', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const a = await postBid(await as(server, 'contractor'), project.id);
      const b = await postBid(await as(server, 'contractor'), project.id);
      await openAndAward(gov, project.id, a.body.id);
      const res = await gov.post(`/api/projects/${project.id}/award`, { bid_id: b.body.id });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: expect.any(String), code: 'project_not_open' });
      expect((await knex()('projects').where({ id: project.id }).first()).awarded_bid_id).toBe(a.body.id);
      expect((await knex()('bids').where({ id: b.body.id }).first()).status).toBe('rejected');
    });

    it('answers 404 bid_not_found for a bid of another project, and 409 invalid_transition for a withdrawn bid', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const other = await postProject(gov);
      const contractor = await as(server, 'contractor');
      const elsewhere = await postBid(contractor, other.id);
      const withdrawn = await postBid(contractor, project.id);
      await contractor.post(`/api/bids/${withdrawn.body.id}/withdraw`);
      await openBids(gov, project.id);

      const wrong = await gov.post(`/api/projects/${project.id}/award`, { bid_id: elsewhere.body.id });
      expect(wrong.status).toBe(404);
      expect(wrong.body.code).toBe('bid_not_found');
      const gone = await gov.post(`/api/projects/${project.id}/award`, { bid_id: withdrawn.body.id });
      expect(gone.status).toBe(409);
      expect(gone.body.code).toBe('invalid_transition');
      expect((await knex()('projects').where({ id: project.id }).first()).status).toBe('open');
    });

    it('answers 403 to another government and to contractors, 404 to a government that cannot see it', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const bidder = await as(server, 'contractor');
      const bid = await postBid(bidder, project.id);
      expect((await (await as(server, 'government')).post(`/api/projects/${project.id}/award`, { bid_id: bid.body.id })).status).toBe(403);
      expect((await bidder.post(`/api/projects/${project.id}/award`, { bid_id: bid.body.id })).status).toBe(403);
      expect((await knex()('projects').where({ id: project.id }).first()).status).toBe('open');
      await gov.post(`/api/projects/${project.id}/status`, { status: 'cancelled' });
      expect((await (await as(server, 'government')).post(`/api/projects/${project.id}/award`, { bid_id: bid.body.id })).status).toBe(404);
    });

    it('answers 400 without a bid id', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      expect((await gov.post(`/api/projects/${project.id}/award`, {})).status).toBe(400);
      expect((await gov.post(`/api/projects/${project.id}/award`, { bid_id: 'x' })).status).toBe(400);
    });
  });

  describe('POST /api/projects/{id}/status', () => {
    it('cancels an open project: submitted bids rejected, their bidders told with project.cancelled', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov, { title: 'جسر وادي حنيفة' });
      const [a, b] = [await as(server, 'contractor'), await as(server, 'contractor')];
      const bidA = await postBid(a, project.id);
      const bidB = await postBid(b, project.id);
      await b.post(`/api/bids/${bidB.body.id}/withdraw`);
      const res = await gov.post(`/api/projects/${project.id}/status`, { status: 'cancelled' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('cancelled');
      expect((await knex()('bids').where({ id: bidA.body.id }).first()).status).toBe('rejected');
      expect((await knex()('bids').where({ id: bidB.body.id }).first()).status).toBe('withdrawn');
      const [told] = await notificationsOf(knex(), a.user.id, 'project.cancelled');
      expect(told.message).toContain('جسر وادي حنيفة');
      expect(await notificationsOf(knex(), b.user.id, 'project.cancelled')).toEqual([]);
      // submitted, rejected; never opened, so to the bidder only
      expect((await changesOf(knex(), 'bid', bidA.body.id)).audiences).toEqual(audiences(`user:${a.user.id}`));
      expect((await changesOf(knex(), 'bid', bidA.body.id)).count).toBe(2);
    });

    it('completes an in_progress project, and cancelling one tells the awarded bidder', async () => {
      const gov = await as(server, 'government');
      const done = await postProject(gov);
      const dropped = await postProject(gov);
      const contractor = await as(server, 'contractor');
      const bid1 = await postBid(contractor, done.id);
      const bid2 = await postBid(contractor, dropped.id);
      await openAndAward(gov, done.id, bid1.body.id);
      await openAndAward(gov, dropped.id, bid2.body.id);

      const completed = await gov.post(`/api/projects/${done.id}/status`, { status: 'completed' });
      expect(completed.status).toBe(200);
      expect(completed.body.status).toBe('completed');
      const cancelled = await gov.post(`/api/projects/${dropped.id}/status`, { status: 'cancelled' });
      expect(cancelled.body.status).toBe('cancelled');
      expect((await knex()('bids').where({ id: bid2.body.id }).first()).status).toBe('accepted');
      expect((await notificationsOf(knex(), contractor.user.id, 'project.cancelled')).length).toBe(1);
    });

    it('answers 409 invalid_transition for moves no screen offers, and project_closed once the project is finished', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      const early = await gov.post(`/api/projects/${project.id}/status`, { status: 'completed' });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('invalid_transition');
      await gov.post(`/api/projects/${project.id}/status`, { status: 'cancelled' });
      for (const status of ['cancelled', 'completed']) {
        const res = await gov.post(`/api/projects/${project.id}/status`, { status });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('project_closed');
      }
      expect((await gov.post(`/api/projects/${project.id}/status`, { status: 'open' })).status).toBe(400);
      expect((await knex()('projects').where({ id: project.id }).first()).status).toBe('cancelled');
    });

    it('answers 403 to a contractor and to another government', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      for (const c of [await as(server, 'contractor'), await as(server, 'government')]) {
        expect((await c.post(`/api/projects/${project.id}/status`, { status: 'cancelled' })).status).toBe(403);
      }
      expect((await knex()('projects').where({ id: project.id }).first()).status).toBe('open');
    });
  });
});
