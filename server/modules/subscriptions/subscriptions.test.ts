import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { payForPlan } from '../../test/plans';
import { signInAs, type TestUserSpec } from '../../test/sign-in';

const DAY = 86_400_000;

describe('subscriptions', () => {
  let server: TestServer;
  let anon: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    anon = new TestClient(server.url);
  });
  afterAll(() => server.close());

  const as = (spec: TestUserSpec = {}) => signInAs(server, spec);
  const knex = () => server.db.knex;
  const row = (userId: string) => knex()('subscriptions').where({ user_id: userId }).first();
  const notes = (userId: string, kind: string) => knex()('notifications').where({ user_id: userId, kind });
  const changes = (userId: string) => knex()('changes').where({ entity: 'subscription', entity_id: userId }).select('op', 'audience_type', 'audience');
  const daysFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / DAY;

  describe('GET /api/subscription/plans', () => {
    it('lists the four plans publicly with SAR prices, limits and the 17% yearly saving', async () => {
      const res = await anon.get('/api/subscription/plans');
      expect(res.status).toBe(200);
      expect(res.body.map((p: { id: string }) => p.id)).toEqual(['free', 'basic', 'premium', 'enterprise']);
      const [free, basic, premium, enterprise] = res.body;
      expect(free).toMatchObject({ price_monthly: 0, price_yearly: 0, max_products: 10, max_instant_orders: 3, yearly_saving_percent: 0 });
      expect(basic).toMatchObject({
        name: 'Basic',
        price_monthly: 99,
        price_yearly: Math.round(99 * 12 * 0.83),
        max_products: 50,
        priority_support: false,
        yearly_saving_percent: 17,
      });
      expect(basic.features).toContain('plan_feature.products_50');
      expect(premium).toMatchObject({ max_products: 999, priority_support: true, yearly_saving_percent: 17 });
      expect(enterprise).toMatchObject({ max_products: 999, max_instant_orders: 999, yearly_saving_percent: 17 });
    });
  });

  describe('GET /api/subscription/my', () => {
    it('answers 401 when signed out', async () => {
      for (const path of ['/api/subscription/my', '/api/subscription/usage']) expect((await anon.get(path)).status).toBe(401);
      expect((await anon.post('/api/subscription/subscribe', { planId: 'basic', billingCycle: 'monthly' })).status).toBe(401);
      expect((await anon.post('/api/subscription/free-trial', {})).status).toBe(401);
    });

    it('reports the free plan for a user without a subscription', async () => {
      const me = await as();
      const res = await me.get('/api/subscription/my');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        subscription_plan: 'free',
        billing_cycle: null,
        status: 'active',
        current_period_end: null,
        free_trial_used: false,
        trial_ends_at: null,
        plan: { id: 'free', max_products: 10 },
      });
    });
  });

  describe('a paid plan (billing.test.ts has the payment itself)', () => {
    it("raises the user's plan limits once paid for", async () => {
      const me = await as({ role: 'supplier' });
      expect((await me.get('/api/subscription/usage')).body.max_products).toBe(10);
      await payForPlan(me, 'basic', 'monthly');
      expect((await me.get('/api/subscription/usage')).body).toMatchObject({ plan_id: 'basic', max_products: 50, max_instant_orders: 20 });
    });
  });

  describe('POST /api/subscription/free-trial', () => {
    it('starts 14 days of basic from the free plan, logged and notified', async () => {
      const me = await as({ language: 'en' });
      const res = await me.post('/api/subscription/free-trial', {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ subscription_plan: 'basic', status: 'trialing', billing_cycle: null, free_trial_used: true, plan: { id: 'basic' } });
      expect(daysFromNow(res.body.trial_ends_at)).toBeGreaterThan(13.9);
      expect(daysFromNow(res.body.trial_ends_at)).toBeLessThan(14.1);
      const [n] = await notes(me.user.id, 'subscription.trial_started');
      expect(n.params).toMatchObject({ plan: 'Basic', days: 14, date: res.body.trial_ends_at.slice(0, 10) });
      expect(n.title).toBe('Free trial started');
      expect(await changes(me.user.id)).toHaveLength(1);
    });

    it('answers 409 trial_not_available the second time', async () => {
      const me = await as();
      await me.post('/api/subscription/free-trial', {});
      const res = await me.post('/api/subscription/free-trial', {});
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('trial_not_available');
      expect(await notes(me.user.id, 'subscription.trial_started')).toHaveLength(1);
    });

    it('answers 409 trial_not_available on a paid plan', async () => {
      const me = await as();
      await payForPlan(me, 'enterprise', 'monthly');
      const res = await me.post('/api/subscription/free-trial', {});
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('trial_not_available');
      expect(await row(me.user.id)).toMatchObject({ plan_id: 'enterprise', free_trial_used: false });
    });

    it('answers 400 to a body with fields', async () => {
      expect((await (await as()).post('/api/subscription/free-trial', { plan: 'premium' })).status).toBe(400);
    });

    it('lets a trialing user subscribe to a paid plan', async () => {
      const me = await as();
      await me.post('/api/subscription/free-trial', {});
      await payForPlan(me, 'premium', 'yearly');
      expect((await me.get('/api/subscription/my')).body).toMatchObject({ subscription_plan: 'premium', status: 'active', free_trial_used: true });
    });
  });

  describe('when a period or trial ends', () => {
    it('reports an ended trial as expired and free, with free limits, and no second trial', async () => {
      const me = await as();
      await me.post('/api/subscription/free-trial', {});
      const past = new Date(Date.now() - DAY);
      await knex()('subscriptions').where({ user_id: me.user.id }).update({ current_period_end: past, trial_ends_at: past });
      const my = await me.get('/api/subscription/my');
      expect(my.body).toMatchObject({ subscription_plan: 'free', status: 'expired', free_trial_used: true, plan: { id: 'free' } });
      expect((await me.get('/api/subscription/usage')).body).toMatchObject({ plan_id: 'free', max_products: 10 });
      expect((await me.post('/api/subscription/free-trial', {})).body.code).toBe('trial_not_available');
    });

    it('reports an ended paid period as expired and free, and then offers the trial', async () => {
      const me = await as();
      await payForPlan(me, 'basic', 'monthly');
      await knex()('subscriptions').where({ user_id: me.user.id }).update({ current_period_end: new Date(Date.now() - 1000) });
      expect((await me.get('/api/subscription/my')).body).toMatchObject({ subscription_plan: 'free', status: 'expired', billing_cycle: null });
      const trial = await me.post('/api/subscription/free-trial', {});
      expect(trial.status).toBe(200);
      expect(trial.body.status).toBe('trialing');
    });
  });

  describe('GET /api/subscription/usage', () => {
    it('counts live products, live projects and active instant orders', async () => {
      const me = await as({ role: 'supplier' });
      const id = me.user.id;
      await knex()('products').insert([
        { supplier_id: id, name: 'a', price: 1, unit: 'kg' },
        { supplier_id: id, name: 'b', price: 1, unit: 'kg' },
        { supplier_id: id, name: 'gone', price: 1, unit: 'kg', deleted_at: new Date() },
      ]);
      await knex()('projects').insert({ government_id: id, title: 't', description: 'd', location: 'l' });
      const order = { contractor_id: id, title: 't', description: 'd', unit: 'kg', location: 'l' };
      await knex()('instant_orders').insert([order, { ...order, status: 'fulfilled' }]);
      const res = await me.get('/api/subscription/usage');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        products_count: 2,
        projects_count: 1,
        instant_orders_count: 1,
        plan_id: 'free',
        max_products: 10,
        max_instant_orders: 3,
      });
    });
  });

  describe.runIf(onPostgres)('races (Postgres)', () => {
    it('starts the trial once when two requests race', async () => {
      const me = await as();
      const results = await Promise.all([1, 2, 3].map(() => me.post('/api/subscription/free-trial', {})));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(await notes(me.user.id, 'subscription.trial_started')).toHaveLength(1);
    });
  });
});
