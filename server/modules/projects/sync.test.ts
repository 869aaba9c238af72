/**
 * What projects and bids give the sync endpoints: mutations that enforce the REST rules
 * (one rule, two doors), and loaders that present rows as REST does and keep bids sealed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/harness';
import { refusal, runMutation } from '../../test/mutations';
import { loadSessionUser } from '../../auth/session-user';
import type { SessionUser } from '../../auth/session-user';
import { mutations } from './mutations';
import { loaders } from './sync';
import { as, openAndAward, openBids, postBid, postProject, type Client } from '../../test/factories';

describe('projects and bids for sync', () => {
  let server: TestServer;
  beforeAll(async () => {
    // An award is final at once here (tender.test.ts covers the standstill).
    server = await startTestServer({ env: { STANDSTILL_DAYS: '0' } });
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const sessionOf = async (c: Client) => (await loadSessionUser(knex(), server.config, c.user.id)) as SessionUser;
  const run = async (name: string, c: Client, args: unknown) => runMutation(knex(), server, mutations, name, await sessionOf(c), args);
  const load = async (entity: 'project' | 'bid', c: Client, ids: string[]) => loaders[entity]!(knex(), await sessionOf(c), ids, new Date());

  it('exports the project and bid mutations', () => {
    expect(Object.keys(mutations).sort()).toEqual([
      'bid.create',
      'bid.withdraw',
      'objection.answer',
      'objection.create',
      'project.award',
      'project.closeBidding',
      'project.create',
      'project.openFinancial',
      'project.status',
      'project.technicalEvaluation',
      'tender_question.answer',
      'tender_question.ask',
    ]);
  });

  it('creates a project and a bid through the mutations, with client ids, and replays them without a second row', async () => {
    const gov = await as(server, 'government');
    const contractor = await as(server, 'contractor');
    const projectId = crypto.randomUUID();
    const bidId = crypto.randomUUID();
    const project = { id: projectId, title: 'مدرسة', description: 'd', location: 'تبوك' };
    const bid = { id: bidId, project_id: projectId, amount: 900, proposal: 'p' };
    await run('project.create', gov, project);
    await run('project.create', gov, project);
    await run('bid.create', contractor, bid);
    expect(await run('bid.create', contractor, bid)).toMatchObject({ id: bidId, status: 'submitted' });
    expect(await knex()('projects').where({ id: projectId })).toHaveLength(1);
    expect(await knex()('bids').where({ id: bidId })).toHaveLength(1);
  });

  it('refuses through the mutations exactly what the routes refuse', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov);
    const contractor = await as(server, 'contractor');
    const bid = await postBid(contractor, project.id);

    expect(await refusal(run('bid.create', await as(server, 'supplier'), { id: crypto.randomUUID(), project_id: project.id, amount: 1, proposal: 'x' }))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    expect(await refusal(run('project.award', await as(server, 'government'), { id: project.id, bid_id: bid.body.id }))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    expect(await refusal(run('bid.withdraw', await as(server, 'contractor'), { id: bid.body.id }))).toEqual({
      status: 404,
      code: 'not_found',
    });
    expect(await refusal(run('project.award', gov, { id: project.id, bid_id: bid.body.id }))).toEqual({ status: 409, code: 'tender_not_opened' });
    expect(await refusal(run('project.closeBidding', await as(server, 'government'), { id: project.id }))).toEqual({ status: 403, code: 'forbidden' });
    expect(await run('project.closeBidding', gov, { id: project.id })).toMatchObject({ phase: 'evaluation' });
    expect(await refusal(run('bid.create', contractor, { id: crypto.randomUUID(), project_id: project.id, amount: 1, proposal: 'x' }))).toEqual({
      status: 409,
      code: 'deadline_passed',
    });
    expect(await refusal(run('bid.withdraw', contractor, { id: bid.body.id }))).toEqual({ status: 409, code: 'deadline_passed' });
    await run('project.award', gov, { id: project.id, bid_id: bid.body.id });
    expect(await refusal(run('bid.create', await as(server, 'contractor'), { id: crypto.randomUUID(), project_id: project.id, amount: 1, proposal: 'x' }))).toEqual({
      status: 409,
      code: 'project_not_open',
    });
  });

  it('completes and cancels through project.status as the lifecycle allows', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov);
    expect(await refusal(run('project.status', gov, { id: project.id, status: 'completed' }))).toEqual({
      status: 409,
      code: 'invalid_transition',
    });
    expect(await run('project.status', gov, { id: project.id, status: 'cancelled' })).toMatchObject({ status: 'cancelled' });
  });

  it('loads a project exactly as GET /api/projects/{id} presents it, and drops it for contractors once awarded to others', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov, { deadline_date: '2099-06-30' });
    const bidder = await as(server, 'contractor');
    const outsider = await as(server, 'contractor');
    const [loaded] = await load('project', outsider, [project.id]);
    expect(JSON.parse(JSON.stringify(loaded))).toEqual((await outsider.get(`/api/projects/${project.id}`)).body);

    const bid = await postBid(bidder, project.id);
    await knex()('projects').where({ id: project.id }).update({ opens_at: new Date(Date.now() - 1000) });
    expect((await openAndAward(gov, project.id, bid.body.id)).status).toBe(200);
    expect(await load('project', outsider, [project.id])).toEqual([]);
    expect(await load('project', bidder, [project.id])).toHaveLength(1);
    expect(await load('project', gov, [project.id])).toHaveLength(1);
  });

  it('loads a bid only for its bidder until the opening, then for the project owner too, as GET /api/bids/my presents it', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov);
    const bidder = await as(server, 'contractor');
    const bid = await postBid(bidder, project.id);
    const [mine] = await load('bid', bidder, [bid.body.id]);
    expect(JSON.parse(JSON.stringify(mine))).toEqual((await bidder.get('/api/bids/my')).body[0]);
    expect(await load('bid', gov, [bid.body.id])).toEqual([]);
    await openBids(gov, project.id);
    expect(await load('bid', gov, [bid.body.id])).toHaveLength(1);
    for (const role of ['contractor', 'government', 'supplier', 'admin'] as const) {
      expect(await load('bid', await as(server, role), [bid.body.id]), role).toEqual([]);
    }
  });

  it('drops a deleted project and its bids for everyone', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov);
    const bidder = await as(server, 'contractor');
    const bid = await postBid(bidder, project.id);
    await knex()('projects').where({ id: project.id }).update({ deleted_at: knex().fn.now() });
    expect(await load('project', gov, [project.id])).toEqual([]);
    expect(await load('bid', bidder, [bid.body.id])).toEqual([]);
  });
});
