/**
 * With STANDSTILL_DAYS=0 an award is final when it is made: the open data publishes the
 * award and its contract in one release, valid against the OCDS 1.1.5 schema. The
 * setting is each app's own: another app in the same process with its own value leaves
 * it alone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { as, postBid, postProject } from '../../test/factories';
import { releasePackageErrors } from './schema';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { STANDSTILL_DAYS: '0' } });
});
afterAll(() => server.close());

/** A project of a new owner with two bids, opened and awarded to the first bid: the project as the award returns it. */
async function awardOn(on: TestServer) {
  const gov = await as(on, 'government');
  const project = await postProject(gov);
  const bid = (await postBid(await as(on, 'contractor'), project.id, { amount: 750_000 })).body;
  await postBid(await as(on, 'contractor'), project.id, { amount: 800_000 });
  expect((await gov.post(`/api/projects/${project.id}/close-bidding`, {})).status).toBe(200);
  const awarded = await gov.post(`/api/projects/${project.id}/award`, { bid_id: bid.id });
  expect(awarded.status).toBe(200);
  return awarded.body;
}

it('two apps in one process keep their own STANDSTILL_DAYS', async () => {
  const other = await startTestServer({ db: server.db, env: { STANDSTILL_DAYS: '7' } });
  try {
    const here = await awardOn(server);
    expect([here.status, here.phase]).toEqual(['in_progress', null]);
    const there = await awardOn(other);
    expect([there.status, there.phase]).toEqual(['open', 'standstill']);
    expect(new Date(there.standstill_ends_at).getTime() - new Date(there.awarded_at).getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    // The first app, after the second was made, still makes its awards final at once.
    expect((await awardOn(server)).status).toBe('in_progress');
  } finally {
    await other.close();
  }
});

it('an award with no standstill is published with its contract at once', async () => {
  const gov = await as(server, 'government');
  const project = await postProject(gov);
  const winner = await as(server, 'contractor', { company_name: 'شركة الترسية الفورية' });
  const bid = (await postBid(winner, project.id, { amount: 750_000, estimated_completion_days: 120 })).body;
  await postBid(await as(server, 'contractor'), project.id, { amount: 800_000 });
  expect((await gov.post(`/api/projects/${project.id}/close-bidding`, {})).status).toBe(200);
  expect((await gov.post(`/api/projects/${project.id}/award`, { bid_id: bid.id })).status).toBe(200);

  const res = await new TestClient(server.url).get(`/api/projects/${project.id}/ocds`);
  expect(res.status).toBe(200);
  expect(releasePackageErrors(res.body)).toEqual([]);
  expect(res.body.releases.map((r: any) => r.tag)).toEqual([['tender'], ['tenderUpdate'], ['award', 'contract']]);
  const last = res.body.releases.at(-1);
  expect(last.tender).toMatchObject({ status: 'complete', numberOfTenderers: 2 });
  expect(last.tender).not.toHaveProperty('standstillPeriod');
  expect(last.awards).toEqual([{ id: 'award-1', status: 'active', date: expect.any(String), value: { amount: 750_000, currency: 'SAR' }, suppliers: [{ id: winner.user.id, name: 'شركة الترسية الفورية' }] }]);
  expect(last.contracts).toMatchObject([{ awardID: 'award-1', status: 'active', dateSigned: last.awards[0].date, period: { durationInDays: 120 } }]);
  expect(res.text).not.toContain('800000');
});
