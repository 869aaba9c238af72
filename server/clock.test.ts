/**
 * The deadline calendar a browser test can move (TEST_CLOCK=1): a bid queued before the
 * deadline day ended and pushed after it is refused; a plan's trial and an instant order
 * run out on the moved clock, with no real time passing; and only a server started for
 * tests offers the route.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testConfig, type TestServer } from './test/harness';
import { as, notificationsOf, postOffer, postOrder, postProject } from './test/factories';

describe('the test clock', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TEST_CLOCK: '1' } });
  });
  afterAll(() => server.close());

  it('moves the deadline day: a bid pushed after the deadline day of its project is refused deadline_passed', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov, { deadline_date: server.clock.today() });
    const bid = (amount: number) => ({ id: crypto.randomUUID(), project_id: project.id, amount, proposal: 'ننفذ خلال شهرين' });
    const push = (client: Awaited<ReturnType<typeof as>>, args: Record<string, unknown>) =>
      client.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'bid.create', args }] });

    const onTime = await push(await as(server, 'contractor'), bid(900_000));
    expect(onTime.body.results[0]).toEqual({ id: 1, status: 'applied' });

    const moved = await gov.post('/api/test/clock', { days: 1 });
    try {
      expect(moved.status).toBe(200);
      expect(moved.body.today > project.deadline_date).toBe(true);
      const late = await push(await as(server, 'contractor'), bid(850_000));
      expect(late.body.results[0]).toMatchObject({ id: 1, status: 'rejected', code: 'deadline_passed' });
    } finally {
      expect((await gov.post('/api/test/clock', { days: 0 })).body.today).toBe(project.deadline_date);
    }
    expect((await gov.post('/api/test/clock', { days: -1 })).status).toBe(400);
  });

  it("moves every time rule: a trial nears its end and ends, an instant order expires, with no real time passing", async () => {
    const contractor = await as(server, 'contractor');
    const knex = server.db.knex;
    const trial = await contractor.post('/api/subscription/free-trial', {});
    expect([trial.status, trial.body.status]).toEqual([200, 'trialing']);
    const order = await postOrder(contractor);
    const mine = async () => (await contractor.get(`/api/instant-orders/${order.id}`)).body;
    const stored = async () => (await knex('instant_orders').where({ id: order.id }).first('status')).status;
    const started = Date.now();
    try {
      // Day 6: the order (7 days) still runs, the trial (14 days) is far from its end.
      await contractor.post('/api/test/clock', { days: 6 });
      expect((await mine()).status).toBe('active');
      expect(await notificationsOf(knex, contractor.user.id, 'subscription.trial_ending')).toHaveLength(0);

      // Day 12: the order has expired (written down by the moved clock's sweep too), the
      // trial ends within three days and says so once.
      await contractor.post('/api/test/clock', { days: 12 });
      expect([(await mine()).status, await stored()]).toEqual(['expired', 'expired']);
      const late = await postOffer(await as(server, 'supplier'), order.id);
      expect([late.status, late.body.code]).toEqual([409, 'order_not_active']);
      expect(await notificationsOf(knex, contractor.user.id, 'subscription.trial_ending')).toHaveLength(1);
      expect((await contractor.get('/api/subscription/my')).body).toMatchObject({ status: 'trialing', subscription_plan: 'basic' });

      // Day 15: the trial has ended: free again, the row written down as expired.
      await contractor.post('/api/test/clock', { days: 15 });
      expect((await contractor.get('/api/subscription/my')).body).toMatchObject({ status: 'expired', subscription_plan: 'free' });
      expect((await knex('subscriptions').where({ user_id: contractor.user.id }).first('status')).status).toBe('expired');
    } finally {
      await contractor.post('/api/test/clock', { days: 0 });
    }
    // Two weeks of the app's time, in far less than a day of the real one.
    expect(Date.now() - started).toBeLessThan(86_400_000);
  });

  it("is the app's own: moving one server's clock leaves another's in the same process unchanged", async () => {
    const other = await startTestServer({ db: server.db, env: { TEST_CLOCK: '1' } });
    const gov = await as(server, 'government');
    const today = server.clock.today();
    try {
      expect((await gov.post('/api/test/clock', { days: 1 })).body.today > today).toBe(true);
      // A deadline of the real today is past on the moved server, still open on the other.
      expect((await gov.post('/api/projects', { title: 'x', description: 'x', location: 'x', deadline_date: today })).status).toBe(400);
      expect((await postProject(await as(other, 'government'), { deadline_date: today })).deadline_date).toBe(today);
      expect(other.clock.today()).toBe(today);
    } finally {
      await gov.post('/api/test/clock', { days: 0 });
      await other.close();
    }
  });

  it('is not there unless the server was started with TEST_CLOCK=1, and production refuses it', async () => {
    const plain = await startTestServer({ db: server.db });
    try {
      const res = await (await as(plain, 'government')).post('/api/test/clock', { days: 1 });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
    expect(() =>
      testConfig('https://binaa.example', {
        NODE_ENV: 'production',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        TEST_CLOCK: '1',
      }),
    ).toThrow(/TEST_CLOCK/);
  });
});
