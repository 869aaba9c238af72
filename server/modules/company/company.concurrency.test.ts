/**
 * Two people accepting one invite link at the same moment, through HTTP on Postgres
 * (PGlite has one connection, so nothing there runs concurrently): exactly one joins, the
 * other is told 409 invite_used and stays in no company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { signInAs } from '../../test/sign-in';

describe.runIf(onPostgres)('one invite accepted twice at once (Postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  it('lets exactly one of two people join; the other gets 409 invite_used and no membership', async () => {
    for (let round = 0; round < 10; round++) {
      const owner = await signInAs(server, { role: 'supplier' });
      const created = await owner.post('/api/company/invites', { role: 'member' });
      expect(created.status, created.text).toBe(201);
      const people = [await signInAs(server, { role: null }), await signInAs(server, { role: null })];

      const answers = await Promise.all(people.map((p) => p.post(`/api/company/invites/${created.body.token}/accept`)));
      expect(answers.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 409]);
      const winner = people[answers.findIndex((r) => r.status === 200)];
      expect(answers.find((r) => r.status === 409)!.body.code).toBe('invite_used');

      const members = await knex()('company_members').where({ company_id: owner.user.id }).whereNot({ role: 'owner' }).select('user_id');
      expect(members).toEqual([{ user_id: winner.user.id }]);
      expect(await knex()('company_invites').where({ id: created.body.id }).first('accepted_by')).toEqual({ accepted_by: winner.user.id });
    }
  });
});
