import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { refusal } from '../../test/mutations';
import { signInAs } from '../../test/sign-in';
import { loadSessionUser } from '../../auth/session-user';
import { notify } from './notify';
import { loaders } from './sync';
import { mutations } from './mutations';
import { loaders as profileLoaders } from '../company/sync';

describe('notification and profile sync exports', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const json = (v: unknown) => JSON.parse(JSON.stringify(v));
  const sessionUser = async (id: string) => (await loadSessionUser(knex(), server.config, id))!;
  const give = (userId: string) =>
    knex().transaction((trx) => notify(trx, { to: [userId], kind: 'subscription.subscribed', params: { plan: 'Basic', plan_id: 'basic', billing_cycle: 'monthly' } }));

  it("loads the caller's notifications as the REST API shows them, never another user's", async () => {
    const me = await signInAs(server);
    const other = await signInAs(server);
    await give(me.user.id);
    await give(other.user.id);
    const [mine] = (await me.get('/api/notifications')).body;
    const [theirs] = (await other.get('/api/notifications')).body;
    expect(json(await loaders.notification!(knex(), await sessionUser(me.user.id), [mine.id, theirs.id], new Date()))).toEqual([mine]);
  });

  it('marks read through notification.read and notification.read_all, own only', async () => {
    const me = await signInAs(server);
    const other = await signInAs(server);
    await give(me.user.id);
    await give(me.user.id);
    await give(other.user.id);
    const [a] = (await me.get('/api/notifications')).body;
    const [theirs] = (await other.get('/api/notifications')).body;
    const user = await sessionUser(me.user.id);
    const read = mutations['notification.read'];
    expect(await knex().transaction((trx) => read.run(trx, user, read.schema.parse({ id: a.id }), server))).toMatchObject({ id: a.id, is_read: true });
    const err = await refusal(knex().transaction((trx) => read.run(trx, user, read.schema.parse({ id: theirs.id }), server)));
    expect(err.status).toBe(404);
    const all = mutations['notification.read_all'];
    expect(await knex().transaction((trx) => all.run(trx, user, all.schema.parse({}), server))).toEqual({ updated: 1 });
    expect((await knex()('notifications').where({ id: theirs.id }).first()).is_read).toBe(false);
  });

  it("loads the caller's own profile as GET /api/profiles/me shows it, with the user id as its id and the company's tax profile (none yet)", async () => {
    const me = await signInAs(server, { role: 'supplier', company_name: 'شركة' });
    const other = await signInAs(server, { role: 'supplier' });
    const rows = await profileLoaders.profile!(knex(), await sessionUser(me.user.id), [me.user.id, other.user.id], new Date());
    expect(json(rows)).toEqual([{ id: me.user.id, ...(await me.get('/api/profiles/me')).body, tax_profile: null }]);
    const noProfile = await signInAs(server, { role: null });
    expect(await profileLoaders.profile!(knex(), await sessionUser(noProfile.user.id), [noProfile.user.id], new Date())).toEqual([]);
  });
});
