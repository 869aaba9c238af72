import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { refusal } from '../../test/mutations';
import { payForPlan } from '../../test/plans';
import { signInAs } from '../../test/sign-in';
import { loadSessionUser } from '../../auth/session-user';
import { loaders } from './sync';
import { mutations } from './mutations';

describe('subscription sync exports', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const json = (v: unknown) => JSON.parse(JSON.stringify(v));
  const sessionUser = async (id: string) => (await loadSessionUser(knex(), server.config, id))!;

  it('loads plans by id as GET /api/subscription/plans shows them', async () => {
    const me = await signInAs(server);
    const plans = (await me.get('/api/subscription/plans')).body;
    expect(json(await loaders.plan!(knex(), await sessionUser(me.user.id), ['basic', 'free'], new Date()))).toEqual([plans[0], plans[1]]);
  });

  it("loads the caller's own subscription under their user id, and nobody else's", async () => {
    const me = await signInAs(server);
    const other = await signInAs(server);
    const user = await sessionUser(me.user.id);
    await payForPlan(me, 'premium', 'monthly');
    const rows = await loaders.subscription!(knex(), user, [me.user.id, other.user.id], new Date());
    expect(json(rows)).toEqual([{ id: me.user.id, ...(await me.get('/api/subscription/my')).body }]);
    expect(rows[0]).toMatchObject({ subscription_plan: 'premium' });
    expect(await loaders.subscription!(knex(), await sessionUser(other.user.id), [me.user.id], new Date())).toEqual([]);
  });

  it('refuses a second trial through the mutation as through the route', async () => {
    const me = await signInAs(server);
    const user = await sessionUser(me.user.id);
    const def = mutations['subscription.free_trial'];
    await knex().transaction((trx) => def.run(trx, user, def.schema.parse({}), server));
    const err = await refusal(knex().transaction((trx) => def.run(trx, user, def.schema.parse({}), server)));
    expect(err.code).toBe('trial_not_available');
  });
});
