/**
 * Sites at the same instant, through HTTP on Postgres (PGlite has one connection, so
 * nothing there runs concurrently):
 * - one site sent twice at once (a phone's retry racing its first send): one creates it,
 *   the other answers the stored site, and its budget lines are written once;
 * - two approval rules set at once: the site's row lock sets them one after the other, so
 *   the site ends with one of them whole, never levels of both.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { as, joinCompany } from '../../test/factories';
import { signInAs } from '../../test/sign-in';

describe.runIf(onPostgres)('sites at once (Postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const siteBody = () => ({
    id: crypto.randomUUID(),
    name: 'برج',
    location: 'جدة',
    budget_lines: [
      { id: crypto.randomUUID(), description: 'خرسانة', quantity: 100, unit: 'م3', budget_amount: 30000 },
      { id: crypto.randomUUID(), description: 'حديد', quantity: 20, unit: 'طن', budget_amount: 60000 },
    ],
  });

  it('creates a site sent twice at once exactly once: one 201, one 200 with the same site', async () => {
    const owner = await as(server, 'contractor');
    for (let round = 0; round < 5; round++) {
      const body = siteBody();
      const answers = await Promise.all([owner.post('/api/sites', body), owner.post('/api/sites', body)]);
      expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([200, 201]);
      expect(answers[0].body).toEqual(answers[1].body);
      expect(await server.db.knex('site_budget_lines').where({ site_id: body.id }).pluck('id')).toHaveLength(2);
      expect(await server.db.knex('site_approval_levels').where({ site_id: body.id }).pluck('position')).toHaveLength(2);
    }
  });

  it('sets two approval rules sent at once one after the other: the site keeps one of them whole', async () => {
    const owner = await as(server, 'contractor');
    const member = await signInAs(server, { role: null });
    await joinCompany(server.db.knex, member.user.id, owner.user.id, 'member');
    const site = (await owner.post('/api/sites', siteBody())).body;
    const a = [
      { up_to_amount: 5000, approver_ids: [] },
      { up_to_amount: 50000, approver_ids: [member.user.id] },
      { up_to_amount: null, approver_ids: [owner.user.id] },
    ];
    const b = [{ up_to_amount: null, approver_ids: [member.user.id, owner.user.id] }];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([owner.put(`/api/sites/${site.id}/approval-rules`, { levels: a }), owner.put(`/api/sites/${site.id}/approval-rules`, { levels: b })]);
      expect(answers.map((r) => r.status), answers.map((r) => r.text).join('\n')).toEqual([200, 200]);
      const { levels } = (await owner.get(`/api/sites/${site.id}`)).body;
      expect([a, b]).toContainEqual(levels);
    }
  });
});
