import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { payForPlan } from '../../test/plans';
import { signInAs, type TestUserSpec } from '../../test/sign-in';
import { sweepSubscriptions } from './sweep';

const DAY = 86_400_000;

describe('subscription sweep', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const as = (spec: TestUserSpec = {}) => signInAs(server, spec);
  const knex = () => server.db.knex;
  const setEnd = (userId: string, msFromNow: number) =>
    knex()('subscriptions').where({ user_id: userId }).update({ current_period_end: new Date(Date.now() + msFromNow) });
  const changes = (userId: string) => knex()('changes').where({ entity: 'subscription', entity_id: userId });

  it('writes an ended trial or period down as expired and logs it for the user', async () => {
    const trial = await as();
    await trial.post('/api/subscription/free-trial', {});
    await setEnd(trial.user.id, -1000);
    const paid = await as();
    await payForPlan(paid, 'basic', 'monthly');
    await setEnd(paid.user.id, -1000);
    const running = await as();
    await payForPlan(running, 'basic', 'monthly');

    const result = await sweepSubscriptions(knex(), new Date());
    expect(result.expired).toBeGreaterThanOrEqual(2);
    for (const c of [trial, paid]) {
      expect((await knex()('subscriptions').where({ user_id: c.user.id }).first()).status).toBe('expired');
      expect(await changes(c.user.id)).toHaveLength(2);
      expect((await c.get('/api/subscription/my')).body).toMatchObject({ subscription_plan: 'free', status: 'expired' });
    }
    expect((await knex()('subscriptions').where({ user_id: running.user.id }).first()).status).toBe('active');
    expect(await changes(running.user.id)).toHaveLength(1);
    // the trial is still spent
    expect((await trial.post('/api/subscription/free-trial', {})).body.code).toBe('trial_not_available');
  });

  it('warns once, in the user language, when a trial ends within three days', async () => {
    const soon = await as({ language: 'en' });
    await soon.post('/api/subscription/free-trial', {});
    await setEnd(soon.user.id, 2 * DAY);
    const later = await as();
    await later.post('/api/subscription/free-trial', {});

    await sweepSubscriptions(knex(), new Date());
    await sweepSubscriptions(knex(), new Date());
    const warnings = await knex()('notifications').where({ user_id: soon.user.id, kind: 'subscription.trial_ending' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ type: 'subscription', priority: 'high', title: 'Your trial ends soon' });
    expect(warnings[0].params.plan).toBe('Basic');
    expect(await knex()('notifications').where({ user_id: later.user.id, kind: 'subscription.trial_ending' })).toHaveLength(0);
  });
});
