/**
 * The open data over HTTP: every answer of GET /api/projects/{id}/ocds and
 * GET /api/ocds/releases, for a project in each phase of its tender, validated against the
 * published OCDS 1.1.5 release package schema; the same answer for everyone, signed in or
 * not; and nothing sealed before the opening.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { as, postBid, postProject, type Client } from '../../test/factories';
import { releasePackageErrors } from './schema';
import { tender } from '../../test/tender-steps';

describe('open data (OCDS)', () => {
  let server: TestServer;
  let anon: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { OCDS_PREFIX: 'ocds-t3st01', STANDSTILL_DAYS: '5', TEST_CLOCK: '1' } });
    anon = new TestClient(server.url);
  });
  afterAll(() => server.close());

  const steps = () => tender(server);

  /** The project's package, checked against the schema; anonymous, as anyone reads it. */
  async function ocds(id: string) {
    const res = await anon.get(`/api/projects/${id}/ocds`);
    expect(res.status, res.text).toBe(200);
    expect(releasePackageErrors(res.body), JSON.stringify(res.body, null, 1)).toEqual([]);
    return res;
  }
  const lastRelease = (body: any) => body.releases[body.releases.length - 1];
  const eventsOf = (body: any) => body.releases.map((r: any) => r.id.slice(r.ocid.length + 1));

  /** A project with two bids whose amounts, days, proposals and bidders are easy to find in a body. */
  let made = 0;
  async function withBids(over: Record<string, unknown> = { deadline_date: '2099-12-31' }) {
    const n = ++made;
    const gov = await as(server, 'government', { company_name: 'أمانة المنطقة الشرقية' });
    const project = await postProject(gov, over);
    const alpha = await as(server, 'contractor', { company_name: `شركة ألفا للمقاولات ${n}` });
    const beta = await as(server, 'contractor', { company_name: `مؤسسة بيتا ${n}` });
    // Amounts, days and proposals of this project only, so a body that holds them can only have them from its bids.
    // Random to the cent over millions: other tests' awards publish their amounts in the
    // same list, and a collision would read as a leak.
    const amount = () => 1_000_000 + Math.floor(Math.random() * 8_000_000) + Math.floor(Math.random() * 90 + 10) / 100;
    const a = await postBid(alpha, project.id, { amount: amount(), estimated_completion_days: 270 + n, proposal: `عرض ألفا السري ${project.id}` });
    const b = await postBid(beta, project.id, { amount: amount(), estimated_completion_days: 190 + n, proposal: `عرض بيتا السري ${project.id}` });
    expect([a.status, b.status]).toEqual([201, 201]);
    return { gov, project, alpha, beta, bidA: a.body, bidB: b.body };
  }

  /** Which of `traces` the body holds (an empty list when none). */
  const found = (text: string, traces: string[]) => traces.filter((t) => text.includes(t));

  /** Every trace a sealed bid could leave in a body. */
  const sealedTraces = (bid: any, bidder: Client) => [
    String(bid.amount),
    bid.amount.toFixed(2),
    bid.proposal,
    bid.id,
    bidder.user.id,
    bid.contractor_name ?? '',
    `"durationInDays":${bid.estimated_completion_days}`,
  ].filter(Boolean);

  describe('every answer validates against the OCDS 1.1.5 release package schema', () => {
    it('bidding, with a deadline: the tender only, its period ending at the opening moment', async () => {
      const { project } = await withBids({ deadline_date: '2099-12-31' });
      const { body } = await ocds(project.id);
      expect(eventsOf(body)).toEqual(['tender']);
      expect(body.releases[0]).toMatchObject({
        ocid: `ocds-t3st01-${project.id}`,
        id: `ocds-t3st01-${project.id}-tender`,
        tag: ['tender'],
        initiationType: 'tender',
        buyer: { id: project.government_id, name: 'أمانة المنطقة الشرقية' },
        tender: {
          id: project.id,
          title: project.title,
          status: 'active',
          value: { amount: 2_500_000, currency: 'SAR' },
          tenderPeriod: { startDate: new Date(project.created_at).toISOString(), endDate: '2099-12-31T21:00:00.000Z' },
        },
      });
      expect(body).toMatchObject({ version: '1.1', publisher: { name: 'Binaa Market', uri: server.config.publicUrl }, publishedDate: body.releases[0].date });
    });

    it('bidding, without a deadline: no end to the tender period yet', async () => {
      const { project } = await withBids({});
      const { body } = await ocds(project.id);
      expect(eventsOf(body)).toEqual(['tender']);
      expect(body.releases[0].tender.tenderPeriod).toEqual({ startDate: new Date(project.created_at).toISOString() });
    });

    it('opened (evaluation): the number of tenderers, still no amount or bidder', async () => {
      const { gov, project, alpha, beta, bidA, bidB } = await withBids({});
      await steps().open(gov, project.id);
      const { body, text } = await ocds(project.id);
      expect(eventsOf(body)).toEqual(['tender', 'opening']);
      const opening = lastRelease(body);
      expect(opening.tag).toEqual(['tenderUpdate']);
      expect(opening.tender).toMatchObject({ status: 'active', numberOfTenderers: 2 });
      expect(Date.parse(opening.tender.tenderPeriod.endDate)).toBeLessThanOrEqual(Date.parse(opening.tender.awardPeriod.startDate));
      expect(opening.awards).toBeUndefined();
      expect(found(text, [...sealedTraces(bidA, alpha), ...sealedTraces(bidB, beta)])).toEqual([]);
    });

    it('standstill: the award pending, with its value and supplier, and the standstill period', async () => {
      const { gov, project, alpha, beta, bidA, bidB } = await withBids({});
      await steps().open(gov, project.id);
      await steps().award(gov, project.id, bidB.id);
      const { body, text } = await ocds(project.id);
      expect(eventsOf(body)).toEqual(['tender', 'opening', 'award-1']);
      const award = lastRelease(body);
      expect(award.tag).toEqual(['award']);
      expect(award.awards).toEqual([
        { id: 'award-1', status: 'pending', date: expect.any(String), value: { amount: bidB.amount, currency: 'SAR' }, suppliers: [{ id: beta.user.id, name: bidB.contractor_name }] },
      ]);
      const days = (Date.parse(award.tender.standstillPeriod.endDate) - Date.parse(award.tender.standstillPeriod.startDate)) / 86_400_000;
      expect(days).toBe(5);
      expect(award.contracts).toBeUndefined();
      // The winner's offer is public now; the other bid never is, nor any proposal.
      expect(found(text, sealedTraces(bidA, alpha))).toEqual([]);
      expect(text).not.toContain(bidB.proposal);
    });

    it('final: the award active and the contract; completed: the contract terminated', async () => {
      const { gov, project, bidA } = await withBids({});
      await steps().open(gov, project.id);
      await steps().award(gov, project.id, bidA.id);
      await steps().finalise(gov, project.id);
      const final = (await ocds(project.id)).body;
      expect(eventsOf(final)).toEqual(['tender', 'opening', 'award-1', 'award-1-final']);
      expect(lastRelease(final)).toMatchObject({
        tag: ['awardUpdate', 'contract'],
        tender: { status: 'complete' },
        awards: [{ id: 'award-1', status: 'active' }],
        contracts: [{ id: 'contract-1', awardID: 'award-1', status: 'active', value: { amount: bidA.amount, currency: 'SAR' }, period: { durationInDays: bidA.estimated_completion_days } }],
      });

      expect((await gov.post(`/api/projects/${project.id}/status`, { status: 'completed' })).status).toBe(200);
      const done = (await ocds(project.id)).body;
      expect(eventsOf(done)).toEqual(['tender', 'opening', 'award-1', 'award-1-final', 'completed']);
      expect(lastRelease(done)).toMatchObject({ tag: ['contractTermination'], contracts: [{ status: 'terminated' }] });
      // What was published before is published unchanged.
      expect(done.releases.slice(0, 4)).toEqual(final.releases);
    });

    it('an award withdrawn by an upheld objection stays published, cancelled, beside the next one', async () => {
      const { gov, project, beta, bidA, bidB } = await withBids({});
      await steps().open(gov, project.id);
      await steps().award(gov, project.id, bidA.id);
      const awarded = (await ocds(project.id)).body;
      await steps().uphold(gov, project.id, beta);
      await steps().award(gov, project.id, bidB.id);
      const { body } = await ocds(project.id);
      expect(eventsOf(body)).toEqual(['tender', 'opening', 'award-1', 'award-1-withdrawn', 'award-2']);
      // The first award's release, dated when that award was made, is published unchanged.
      expect(body.releases.slice(0, 3)).toEqual(awarded.releases);
      expect(lastRelease(body).awards.map((a: any) => [a.id, a.status, a.value.amount])).toEqual([
        ['award-1', 'cancelled', bidA.amount],
        ['award-2', 'pending', bidB.amount],
      ]);
    });

    it('cancelled before the opening: the tender cancelled, and its bids stay sealed', async () => {
      const { gov, project, alpha, beta, bidA, bidB } = await withBids({ deadline_date: '2099-12-31' });
      expect((await gov.post(`/api/projects/${project.id}/status`, { status: 'cancelled' })).status).toBe(200);
      const { body, text } = await ocds(project.id);
      expect(eventsOf(body)).toEqual(['tender', 'cancelled']);
      expect(lastRelease(body)).toMatchObject({ tag: ['tenderCancellation'], tender: { status: 'cancelled' } });
      expect(text).not.toContain('numberOfTenderers');
      expect(found(text, [...sealedTraces(bidA, alpha), ...sealedTraces(bidB, beta)])).toEqual([]);
    });

    it('cancelled during the standstill: the tender and the pending award cancelled', async () => {
      const { gov, project, bidA } = await withBids({});
      await steps().open(gov, project.id);
      await steps().award(gov, project.id, bidA.id);
      expect((await gov.post(`/api/projects/${project.id}/status`, { status: 'cancelled' })).status).toBe(200);
      const { body } = await ocds(project.id);
      expect(lastRelease(body)).toMatchObject({ tag: ['tenderCancellation'], tender: { status: 'cancelled' }, awards: [{ status: 'cancelled' }] });
    });

    it('the paged list: newest project first, every page valid, links.next to the end, each project once', async () => {
      const gov = await as(server, 'government');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await postProject(gov, { title: `مشروع ${i}` })).id);
      const total = await server.db.knex('projects').whereNull('deleted_at').count<{ n: number }[]>({ n: '*' }).first();
      const seen: string[] = [];
      const started: number[] = [];
      let url: string | undefined = '/api/ocds/releases?limit=2';
      let pages = 0;
      while (url) {
        const res: { status: number; body: any; text: string } = await anon.get(url);
        expect(res.status, res.text).toBe(200);
        expect(releasePackageErrors(res.body), res.text).toEqual([]);
        expect(res.body.uri).toBe(new URL(url, server.config.publicUrl).toString());
        const projects = [...new Set<string>(res.body.releases.map((r: any) => r.tender.id))];
        expect(projects.length).toBeLessThanOrEqual(2);
        seen.push(...projects);
        started.push(...projects.map((id) => Date.parse(res.body.releases.find((r: any) => r.tender.id === id).tender.tenderPeriod.startDate)));
        url = res.body.links?.next;
        if (url) expect(url.startsWith(`${server.config.publicUrl}/api/ocds/releases?`)).toBe(true);
        pages++;
      }
      expect(seen.length).toBe(Number(total!.n));
      expect(new Set(seen).size).toBe(seen.length);
      expect(pages).toBe(Math.ceil(seen.length / 2));
      expect(started).toEqual([...started].sort((a, b) => b - a));
      expect(seen.slice(0, 5)).toEqual([...ids].reverse());
      // A project posted while a consumer pages shows on the first page, not as a repeat further on.
      const first = await anon.get('/api/ocds/releases?limit=2');
      const newer = await postProject(gov, { title: 'مشروع جديد' });
      const second = await anon.get(first.body.links.next);
      expect([...new Set(second.body.releases.map((r: any) => r.tender.id))]).toEqual([ids[2], ids[1]]);
      expect((await anon.get('/api/ocds/releases?limit=1')).body.releases[0].tender.id).toBe(newer.id);
    });
  });

  describe('nothing sealed before the opening', () => {
    it('the package, the list and its count say nothing of the bids, to anyone, however they ask', async () => {
      const { gov, project, alpha, beta, bidA, bidB } = await withBids({ deadline_date: '2099-12-31' });
      const admin = await as(server, 'admin');
      const readers: TestClient[] = [anon, gov, admin, alpha, beta];
      const answers = await Promise.all(readers.map((r) => r.get(`/api/projects/${project.id}/ocds`)));
      const lists = await Promise.all(readers.map((r) => r.get('/api/ocds/releases?limit=100')));
      for (const res of [...answers, ...lists]) {
        expect(res.status).toBe(200);
        expect(releasePackageErrors(res.body)).toEqual([]);
        expect(found(res.text, [...sealedTraces(bidA, alpha), ...sealedTraces(bidB, beta)])).toEqual([]);
        const own = JSON.stringify(res.body.releases.filter((r: any) => r.tender.id === project.id));
        expect(own).toContain(project.id);
        expect(own).not.toMatch(/numberOfTenderers|tenderers|"awards"|"contracts"/);
      }
      // The same public answer whoever asks: neither the owner nor a bidder nor an admin gets more.
      for (const res of answers.slice(1)) expect(res.body).toEqual(answers[0].body);
      // A bid amended before the opening changes nothing published.
      expect((await postBid(alpha, project.id, { amount: 1_111_111.11, proposal: 'عرض ألفا المعدل' })).status).toBe(200);
      const after = await anon.get(`/api/projects/${project.id}/ocds`);
      expect(after.body).toEqual(answers[0].body);
      expect(found(after.text, ['1111111.11', 'عرض ألفا المعدل'])).toEqual([]);
    });

    it('once the deadline has passed the tender reads as opened: the count is published, still no amount or bidder', async () => {
      const tomorrow = new Date(Date.now() + 3 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
      const { project, alpha, beta, bidA, bidB } = await withBids({ deadline_date: tomorrow });
      expect(lastRelease((await ocds(project.id)).body).tender).not.toHaveProperty('numberOfTenderers');
      await steps().clock(2);
      try {
        const { body, text } = await ocds(project.id);
        expect(eventsOf(body)).toEqual(['tender', 'opening']);
        expect(lastRelease(body).tender).toMatchObject({ numberOfTenderers: 2, tenderPeriod: { endDate: `${tomorrow}T21:00:00.000Z` } });
        expect(found(text, [...sealedTraces(bidA, alpha), ...sealedTraces(bidB, beta)])).toEqual([]);
      } finally {
        await steps().clock(0);
      }
    });
  });

  describe('refusals', () => {
    it('an unknown, deleted or malformed project is 404; a bad page query is 400 and says which field', async () => {
      const gov = await as(server, 'government');
      const project = await postProject(gov);
      await server.db.knex('projects').where({ id: project.id }).update({ deleted_at: new Date() });
      expect((await anon.get(`/api/projects/${project.id}/ocds`)).status).toBe(404);
      expect((await anon.get('/api/projects/00000000-0000-4000-8000-000000000000/ocds')).status).toBe(404);
      expect((await anon.get('/api/projects/not-a-uuid/ocds')).status).toBe(404);
      for (const q of ['limit=0', 'limit=101', 'after=nope', 'page=2']) {
        const res = await anon.get(`/api/ocds/releases?${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body.code).toBe('validation_failed');
      }
      const unknown = await anon.get('/api/ocds/releases?after=00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(400);
      expect(unknown.body.details).toEqual([{ path: 'after', message: expect.any(String), code: 'unknown_project' }]);
    });

    it('both routes are in the OpenAPI document, public', async () => {
      const { body } = await anon.get('/api/openapi.json');
      for (const path of ['/api/projects/{id}/ocds', '/api/ocds/releases']) {
        expect(body.paths[path].get.security, path).toEqual([]);
        expect(body.paths[path].get.responses['200'].content['application/json'].schema.description).toMatch(/OCDS 1\.1\.5 release package/);
      }
      expect(body.paths['/api/ocds/releases'].get.parameters.map((p: any) => p.name).sort()).toEqual(['after', 'limit']);
    });

    it('OCDS_PREFIX makes the ocid; a prefix that is not one is refused at start-up', async () => {
      const { loadConfig } = await import('../../config');
      expect(loadConfig({ NODE_ENV: 'test' }).ocdsPrefix).toBe('ocds-binaa');
      expect(() => loadConfig({ NODE_ENV: 'test', OCDS_PREFIX: 'ocds binaa/x' })).toThrow(/OCDS_PREFIX/);
    });
  });
});
