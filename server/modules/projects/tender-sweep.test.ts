/**
 * What time makes due on a tender (tender-sweep.ts): reads write nothing, yet from the
 * opening time they show the tender opened as the upkeep will write it (the phase, the
 * opening time, the count, the owner's bids, the opening record, the open data); the
 * upkeep then writes the opening and the final award once, however often it runs and
 * however many run at once (on Postgres with TEST_DATABASE_URL, truly at once). The app's
 * clock is moved directly, so no upkeep runs until the test runs it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { as, changesOf, notificationsOf, postBid, postProject, type Client } from '../../test/factories';
import { sweepTenders } from './tender-sweep';

describe('the tender upkeep', () => {
  let server: TestServer;
  let anon: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { STANDSTILL_DAYS: '5' } });
    anon = new TestClient(server.url);
  });
  afterAll(() => server.close());
  afterEach(() => server.clock.setDaysAhead(0));
  const knex = () => server.db.knex;

  /** Rows of every table the opening and the final award write. */
  const written = async () => {
    const count = async (q: ReturnType<ReturnType<typeof knex>>) => Number((await q.count<{ n: string }[]>({ n: '*' }))[0].n);
    return {
      changes: await count(knex()('changes')),
      notifications: await count(knex()('notifications')),
      tender_openings: await count(knex()('tender_openings')),
      opened: await count(knex()('projects').whereNotNull('opened_at')),
      final: await count(knex()('projects').whereNotNull('award_final_at')),
      decided: await count(knex()('bids').whereIn('status', ['accepted', 'rejected'])),
    };
  };

  /** A project whose deadline is today, with two bids: opened at the end of today in Riyadh. */
  async function tenderClosingToday() {
    const gov = await as(server, 'government', { company_name: 'أمانة الأحساء' });
    const project = await postProject(gov, { deadline_date: server.clock.today() });
    const [a, b] = [await as(server, 'contractor', { company_name: 'مؤسسة الواحة' }), await as(server, 'contractor')];
    const bids = [await postBid(a, project.id, { amount: 700_000 }), await postBid(b, project.id, { amount: 650_000 })];
    for (const bid of bids) expect(bid.status, bid.text).toBe(201);
    return { gov, project, bidders: [a, b], bids: bids.map((x) => x.body) };
  }

  /** Everything a reader sees of the tender: the owner's project, bids and record, a contractor's list, the open data. */
  async function whatReadersSee(gov: Client, bidder: Client, projectId: string) {
    const get = async (client: Client | TestClient, path: string) => {
      const res = await client.get(path);
      expect(res.status, `${path} ${res.text}`).toBe(200);
      return res.body;
    };
    const { updated_at: _, ...project } = await get(gov, `/api/projects/${projectId}`);
    const releases = (await get(anon, '/api/ocds/releases?limit=100')).releases.filter((r: { ocid: string }) => r.ocid.endsWith(projectId));
    return {
      project,
      mine: (await get(gov, '/api/projects/my')).find((p: { id: string }) => p.id === projectId)?.phase,
      listed: (await get(bidder, '/api/projects')).find((p: { id: string }) => p.id === projectId)?.bid_count,
      bids: await get(gov, `/api/projects/${projectId}/bids`),
      opening: await get(gov, `/api/projects/${projectId}/opening`),
      releases: releases.map((r: { date: string; tag: string[]; tender: unknown }) => ({ date: r.date, tag: r.tag, tender: r.tender })),
      packaged: (await get(anon, `/api/projects/${projectId}/ocds`)).releases.length,
    };
  }

  it('a read after the opening time writes nothing, and shows the tender opened as the upkeep then writes it', async () => {
    const { gov, project, bidders, bids } = await tenderClosingToday();
    server.clock.setDaysAhead(1);
    const before = await written();
    // Anonymous open data first, then the owner, a contractor and the sync pull.
    expect((await anon.get('/api/ocds/releases')).status).toBe(200);
    const seen = await whatReadersSee(gov, bidders[0], project.id);
    expect((await gov.get('/api/sync/pull?limit=1000')).status).toBe(200);
    expect(await written()).toEqual(before);

    expect(seen.project).toMatchObject({ phase: 'evaluation', opened_at: project.opens_at, bid_count: 2 });
    expect(seen.mine).toBe('evaluation');
    expect(seen.listed).toBe(2);
    expect(seen.bids.map((b: { id: string }) => b.id)).toEqual([bids[1].id, bids[0].id]);
    expect(seen.opening).toMatchObject({ project_id: project.id, opened_at: project.opens_at, bid_count: 2 });
    expect(seen.opening.record.map((e: { digest: string }) => e.digest)).toEqual([bids[1].digest, bids[0].digest]);
    expect(seen.releases.at(-1).tender).toMatchObject({ numberOfTenderers: 2 });

    // The upkeep writes what the readers were already shown.
    expect(await sweepTenders(knex(), server.clock)).toMatchObject({ opened: 1 });
    expect(await knex()('projects').where({ id: project.id }).first('opened_at')).toEqual({ opened_at: new Date(project.opens_at) });
    expect(await whatReadersSee(gov, bidders[0], project.id)).toEqual(seen);
  });

  it('opens a tender and makes its award final once, however often the upkeep runs and however many run at once', async () => {
    const { gov, project, bidders, bids } = await tenderClosingToday();
    server.clock.setDaysAhead(1);
    const sweeps = () => Promise.all([sweepTenders(knex(), server.clock), sweepTenders(knex(), server.clock), sweepTenders(knex(), server.clock)]);
    const opened = (await sweeps()).reduce((n, r) => n + r.opened, 0);
    await sweepTenders(knex(), server.clock);
    expect(opened).toBe(1);
    expect(await knex()('tender_openings').where({ project_id: project.id }).pluck('project_id')).toEqual([project.id]);
    for (const u of [gov, ...bidders]) expect(await notificationsOf(knex(), u.user.id, 'tender.opened'), u.user.email).toHaveLength(1);
    // One change of the record (to its owner) and one of each opened bid.
    expect((await changesOf(knex(), 'tender_opening', project.id)).count).toBe(1);
    for (const bid of bids) expect((await changesOf(knex(), 'bid', bid.id)).audiences).toContain(`user:${gov.user.id}`);

    // The award's standstill (5 days) ends with no objection: final once.
    expect((await gov.post(`/api/projects/${project.id}/award`, { bid_id: bids[1].id })).status).toBe(200);
    const projectChanges = await changesOf(knex(), 'project', project.id);
    server.clock.setDaysAhead(7);
    const before = await written();
    expect((await gov.get(`/api/projects/${project.id}`)).body).toMatchObject({ status: 'open', phase: 'standstill' });
    expect(await written()).toEqual(before);
    const finalised = (await sweeps()).reduce((n, r) => n + r.finalised, 0);
    await sweepTenders(knex(), server.clock);
    expect(finalised).toBe(1);
    expect((await gov.get(`/api/projects/${project.id}`)).body).toMatchObject({ status: 'in_progress', phase: null });
    for (const u of [gov, ...bidders]) expect(await notificationsOf(knex(), u.user.id, 'tender.award_final'), u.user.email).toHaveLength(1);
    // One change of the project, a row for each of its audiences.
    expect((await changesOf(knex(), 'project', project.id)).count).toBe(projectChanges.count + projectChanges.audiences.length);
    expect((await knex()('bids').where({ project_id: project.id }).orderBy('amount').pluck('status'))).toEqual(['accepted', 'rejected']);
  });

  it('an award after the opening time writes the opening first, under the project lock, when the upkeep has not', async () => {
    const { gov, project, bids } = await tenderClosingToday();
    server.clock.setDaysAhead(1);
    const awarded = await gov.post(`/api/projects/${project.id}/award`, { bid_id: bids[1].id });
    expect(awarded.status, awarded.text).toBe(200);
    expect(awarded.body).toMatchObject({ phase: 'standstill', opened_at: project.opens_at });
    expect(await knex()('tender_openings').where({ project_id: project.id }).first('bid_count')).toEqual({ bid_count: 2 });
    expect(await sweepTenders(knex(), server.clock)).toEqual({ opened: 0, finalised: 0 });
  });
});
