/**
 * Plans paid for through the development gateway, over HTTP: the checkout changes nothing,
 * only a verified payment activates (once), renewals extend, cancelling refunds within the
 * window and otherwise lets the period run out, and the trial stays free and once only.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { CARDS, payForPlan, payOnGateway } from '../../test/plans';
import { signInAs, type TestUserSpec } from '../../test/sign-in';
import { moyasar } from '../card-gateway/moyasar';
import { settlePlanPayment } from './billing';
import { sweepSubscriptions } from './sweep';

const DAY = 86_400_000;

describe('plans paid for', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const as = (spec: TestUserSpec = {}) => signInAs(server, spec);
  const knex = () => server.db.knex;
  const my = async (c: TestClient) => (await c.get('/api/subscription/my')).body;
  const notes = (userId: string, kind: string) => knex()('notifications').where({ user_id: userId, kind });
  const changes = (userId: string) => knex()('changes').where({ entity: 'subscription', entity_id: userId });
  const planPayments = (userId: string) => knex()('plan_payments').where({ user_id: userId });
  const checkoutOf = (paymentUrl: string) => knex()('card_checkouts').where({ gateway_invoice_id: paymentUrl.split('/').at(-1) }).first();
  const daysFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / DAY;
  const gateway = () => moyasar(server.config);
  const webhook = (body: unknown) => new TestClient(server.url).post('/api/payments/webhook', body);

  /** A payment made straight on the gateway with the publishable key, as its payment form does, naming a checkout of ours. */
  async function directPayment(on: TestServer, checkoutId: string, amount: number, card: string = CARDS.paid): Promise<string> {
    const res = await fetch(`${on.url}/dev-moyasar/v1/payments`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${on.config.moyasar.publishableKey}:`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        amount,
        currency: 'SAR',
        description: 'forged',
        callback_url: `${on.url}/api/payments/callback`,
        metadata: { purpose: 'plan', checkout_id: checkoutId },
        source: { type: 'creditcard', name: 'Test Payer', number: card, month: 12, year: new Date().getUTCFullYear() + 2, cvc: '123' },
      }),
    });
    const body = (await res.json()) as { id: string };
    return body.id;
  }

  describe('POST /api/subscription/subscribe', () => {
    it('answers the gateway page for the monthly price in halalas, VAT included, and changes nothing', async () => {
      const me = await as({ language: 'en' });
      const res = await me.post('/api/subscription/subscribe', { planId: 'basic', billingCycle: 'monthly' });
      expect(res.status).toBe(200);
      expect(res.body.payment_url).toMatch(new RegExp(`^${server.url}/dev-moyasar/checkout/invoices/`));
      expect(await checkoutOf(res.body.payment_url)).toMatchObject({ purpose: 'plan', payer_id: me.user.id, amount: 9900, currency: 'SAR', status: 'initiated', details: { plan_id: 'basic', billing_cycle: 'monthly' }, return_path: '/pricing' });
      expect(await my(me)).toMatchObject({ subscription_plan: 'free', status: 'active', current_period_end: null });
      expect(await notes(me.user.id, 'subscription.subscribed')).toHaveLength(0);
      expect(await changes(me.user.id)).toHaveLength(0);
      // the gateway's page states the amount
      expect((await me.get(new URL(res.body.payment_url).pathname, { Accept: 'text/html' })).text).toContain('99.00 SAR');
    });

    it('asks the yearly price (the 17 % saving as the plans table has it) for a yearly cycle', async () => {
      const me = await as();
      const premium = (await me.get('/api/subscription/plans')).body.find((p: { id: string }) => p.id === 'premium');
      // the table's 2,978.00 less a halala: no net amount with its VAT comes to 2,978.00, and
      // the tax invoice states what was paid (shared/vat.ts chargeableGross); the page shows it so
      expect(premium.price_yearly).toBe(Math.round(299 * 12 * 0.83) - 0.01);
      const res = await me.post('/api/subscription/subscribe', { planId: 'premium', billingCycle: 'yearly' });
      expect((await checkoutOf(res.body.payment_url)).amount).toBe(297_799);
      await payForPlan(me, 'premium', 'yearly');
      const sub = await my(me);
      expect(sub).toMatchObject({ subscription_plan: 'premium', billing_cycle: 'yearly', status: 'active' });
      expect(daysFromNow(sub.current_period_end)).toBeGreaterThan(364);
      expect(daysFromNow(sub.current_period_end)).toBeLessThan(367);
      expect(await planPayments(me.user.id)).toMatchObject([{ amount: 297_799, currency: 'SAR', plan_id: 'premium', billing_cycle: 'yearly' }]);
    });

    it('answers 400 to the free plan, an unknown cycle or a missing field, 401 signed out', async () => {
      const me = await as();
      for (const body of [{ planId: 'free', billingCycle: 'monthly' }, { planId: 'basic', billingCycle: 'weekly' }, { planId: 'basic' }]) {
        expect((await me.post('/api/subscription/subscribe', body)).status).toBe(400);
      }
      expect((await new TestClient(server.url).post('/api/subscription/subscribe', { planId: 'basic', billingCycle: 'monthly' })).status).toBe(401);
      expect(await knex()('card_checkouts').where({ payer_id: me.user.id })).toHaveLength(0);
    });
  });

  describe('a verified payment', () => {
    it('activates the plan once on the webhook and the callback both, notified and logged, and sends the payer back to /pricing', async () => {
      const me = await as({ language: 'en' });
      const paid = await payForPlan(me, 'basic', 'monthly');
      expect(paid.back).toBe('/pricing?card=paid');
      const sub = await my(me);
      expect(sub).toMatchObject({ subscription_plan: 'basic', billing_cycle: 'monthly', status: 'active', cancelled_at: null });
      expect(daysFromNow(sub.current_period_end)).toBeGreaterThan(27);
      expect(daysFromNow(sub.current_period_end)).toBeLessThan(32);
      expect(daysFromNow(sub.refundable_until)).toBeGreaterThan(6.9);
      expect((await me.get('/api/subscription/usage')).body).toMatchObject({ plan_id: 'basic', max_products: 50 });
      const [n, ...more] = await notes(me.user.id, 'subscription.subscribed');
      expect(more).toHaveLength(0);
      expect(n).toMatchObject({ type: 'subscription', title: 'Subscription active', message: 'You are now on the Basic plan.' });
      expect(await changes(me.user.id)).toHaveLength(1);
      expect(await planPayments(me.user.id)).toMatchObject([{ payment_id: paid.paymentId, amount: 9900 }]);

      // the callback replayed, and the webhook sent again: nothing more
      expect((await me.get(paid.callback)).headers.get('location')).toBe('/pricing?card=paid');
      const payment = await gateway().fetchPayment(paid.paymentId);
      expect((await webhook({ id: 'evt', type: 'payment_paid', secret_token: server.config.moyasar.webhookSecret, data: payment })).status).toBe(200);
      expect(await notes(me.user.id, 'subscription.subscribed')).toHaveLength(1);
      expect(await planPayments(me.user.id)).toHaveLength(1);
      expect((await my(me)).current_period_end).toBe(sub.current_period_end);
    });

    it('counts a payment id once even if two checkouts came to name it', async () => {
      const me = await as();
      const paid = await payForPlan(me, 'basic', 'monthly');
      const checkout = await knex()('card_checkouts').where({ gateway_payment_id: paid.paymentId }).first();
      const payment = await gateway().fetchPayment(paid.paymentId);
      await knex().transaction((trx) => settlePlanPayment(trx, { ...checkout, id: crypto.randomUUID() }, payment, new Date()));
      expect(await planPayments(me.user.id)).toHaveLength(1);
      expect(await notes(me.user.id, 'subscription.subscribed')).toHaveLength(1);
    });

    it('renews the running plan from the end of its period', async () => {
      const me = await as();
      await payForPlan(me, 'basic', 'monthly');
      const first = (await my(me)).current_period_end;
      await payForPlan(me, 'basic', 'monthly');
      const renewed = await my(me);
      expect(daysFromNow(renewed.current_period_end) - daysFromNow(first)).toBeGreaterThan(27);
      expect(daysFromNow(renewed.current_period_end) - daysFromNow(first)).toBeLessThan(32);
      const rows = await planPayments(me.user.id).orderBy('created_at');
      expect(new Date(rows[1].period_start).toISOString()).toBe(first);
    });

    it('moves a trialing user to the paid plan from now, the trial still spent', async () => {
      const me = await as();
      await me.post('/api/subscription/free-trial', {});
      await payForPlan(me, 'premium', 'monthly');
      expect(await my(me)).toMatchObject({ subscription_plan: 'premium', status: 'active', free_trial_used: true });
      expect((await me.post('/api/subscription/free-trial', {})).body.code).toBe('trial_not_available');
    });
  });

  describe('a plan is never active on an unverified payment', () => {
    it('a declined card: the payer is back on /pricing with the gateway message, the plan unchanged', async () => {
      const me = await as();
      const declined = await payForPlan(me, 'basic', 'monthly', CARDS.declined);
      expect(declined.back).toBe('/pricing?card=failed&reason=declined');
      expect(await my(me)).toMatchObject({ subscription_plan: 'free', current_period_end: null });
      expect(await notes(me.user.id, 'subscription.subscribed')).toHaveLength(0);
      expect(await planPayments(me.user.id)).toHaveLength(0);
      // the failed payment's id on the callback again, or as a webhook event, changes nothing either
      await me.get(declined.callback);
      const payment = await gateway().fetchPayment(declined.paymentId);
      await webhook({ type: 'payment_paid', secret_token: server.config.moyasar.webhookSecret, data: { ...payment, status: 'paid' } });
      expect(await my(me)).toMatchObject({ subscription_plan: 'free' });
    });

    it("another payment's id on the callback of my checkout", async () => {
      const other = await as();
      const paid = await payForPlan(other, 'basic', 'monthly');
      const me = await as();
      const mine = await me.post('/api/subscription/subscribe', { planId: 'basic', billingCycle: 'monthly' });
      const checkout = await checkoutOf(mine.body.payment_url);
      const res = await me.get(`/api/payments/callback?checkout=${checkout.id}&id=${paid.paymentId}&status=paid`);
      expect(res.headers.get('location')).toBe('/pricing?card=refused&reason=mismatch');
      expect(await my(me)).toMatchObject({ subscription_plan: 'free' });
      expect(await planPayments(me.user.id)).toHaveLength(0);
      expect(await planPayments(other.user.id)).toHaveLength(1);
    });

    it('a payment of a changed amount naming my checkout', async () => {
      const me = await as();
      const start = await me.post('/api/subscription/subscribe', { planId: 'enterprise', billingCycle: 'yearly' });
      const checkout = await checkoutOf(start.body.payment_url);
      const cheap = await directPayment(server, checkout.id, 100);
      const res = await me.get(`/api/payments/callback?checkout=${checkout.id}&id=${cheap}&status=paid`);
      expect(res.headers.get('location')).toBe('/pricing?card=refused&reason=mismatch');
      const payment = await gateway().fetchPayment(cheap);
      await webhook({ type: 'payment_paid', secret_token: server.config.moyasar.webhookSecret, data: payment });
      expect(await my(me)).toMatchObject({ subscription_plan: 'free' });
      expect(await planPayments(me.user.id)).toHaveLength(0);
      expect((await knex()('card_checkouts').where({ id: checkout.id }).first()).status).toBe('initiated');
    });

    it('a webhook with a wrong or missing token, even for a paid payment of my checkout', async () => {
      // The secret rotated on our side only: the gateway's own event carries the old token and is refused too.
      const real = server.config.moyasar.webhookSecret;
      server.config.moyasar.webhookSecret = 'rotated-secret-rotated-secret';
      try {
        const me = await as();
        const start = await me.post('/api/subscription/subscribe', { planId: 'basic', billingCycle: 'monthly' });
        const checkout = await checkoutOf(start.body.payment_url);
        const id = await directPayment(server, checkout.id, 9900);
        const payment = await gateway().fetchPayment(id);
        expect(payment.status).toBe('paid');
        for (const token of [real, 'wrong-token-wrong-token', '', undefined]) {
          expect((await webhook({ type: 'payment_paid', ...(token === undefined ? {} : { secret_token: token }), data: payment })).status).toBe(401);
        }
        expect(await my(me)).toMatchObject({ subscription_plan: 'free' });
        expect(await planPayments(me.user.id)).toHaveLength(0);
        // the same event with the right token: the payment was good all along
        expect((await webhook({ type: 'payment_paid', secret_token: 'rotated-secret-rotated-secret', data: payment })).status).toBe(200);
        expect(await my(me)).toMatchObject({ subscription_plan: 'basic', status: 'active' });
      } finally {
        server.config.moyasar.webhookSecret = real;
      }
    });

    it('a callback for a payment id the gateway does not know', async () => {
      const me = await as();
      const start = await me.post('/api/subscription/subscribe', { planId: 'basic', billingCycle: 'monthly' });
      const checkout = await checkoutOf(start.body.payment_url);
      const res = await me.get(`/api/payments/callback?checkout=${checkout.id}&id=00000000-0000-4000-8000-000000000000&status=paid`);
      expect(res.headers.get('location')).toMatch(/card=refused&reason=unknown_payment$/);
      expect(await my(me)).toMatchObject({ subscription_plan: 'free' });
    });
  });

  it("is the owner's: a member neither subscribes, cancels (and so refunds) nor starts the trial, REST or sync, and the plan stays as it was", async () => {
    const owner = await as({ role: 'supplier' });
    await payForPlan(owner, 'premium', 'monthly');
    const { token } = (await owner.post('/api/company/invites', { role: 'member' })).body;
    const member = await as({ role: null });
    expect((await member.post(`/api/company/invites/${token}/accept`)).status).toBe(200);
    for (const [path, body] of [['/api/subscription/subscribe', { planId: 'basic', billingCycle: 'monthly' }], ['/api/subscription/cancel', {}], ['/api/subscription/free-trial', {}]] as const) {
      const res = await member.post(path, body);
      expect([path, res.status, res.body.code]).toEqual([path, 403, 'owner_only']);
    }
    const pushed = await member.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'subscription.free_trial', args: {} }] });
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', code: 'owner_only' });
    expect(await my(owner)).toMatchObject({ subscription_plan: 'premium', status: 'active', cancelled_at: null });
    expect(await planPayments(owner.user.id)).toMatchObject([{ refunded_amount: null, refunded_at: null }]);
  });

  describe('POST /api/subscription/cancel', () => {
    it('within the refund window: refunds the payment through the gateway and falls back to free at once', async () => {
      const me = await as({ language: 'en' });
      const paid = await payForPlan(me, 'premium', 'monthly');
      const res = await me.post('/api/subscription/cancel', {});
      expect(res.status).toBe(200);
      expect(res.body.refunded).toBe(299);
      expect(res.body.subscription).toMatchObject({ subscription_plan: 'free', status: 'expired', refundable_until: null });
      expect(await my(me)).toMatchObject({ subscription_plan: 'free' });
      expect((await me.get('/api/subscription/usage')).body.plan_id).toBe('free');
      const payment = await gateway().fetchPayment(paid.paymentId);
      expect(payment).toMatchObject({ status: 'refunded', refunded: 29_900 });
      expect(await planPayments(me.user.id)).toMatchObject([{ refunded_amount: 29_900 }]);
      // told once, though the gateway's refund event came back to the webhook meanwhile
      const [n, ...again] = await notes(me.user.id, 'subscription.refunded');
      expect(again).toHaveLength(0);
      expect(n).toMatchObject({ type: 'subscription', title: 'Subscription cancelled and refunded' });
      expect(n.params).toMatchObject({ plan_id: 'premium', amount: 299 });
      expect(await changes(me.user.id)).toHaveLength(2);
      // nothing left to cancel, nor to refund twice
      expect((await me.post('/api/subscription/cancel', {})).body.code).toBe('no_paid_plan');
    });

    it('after the window: no refund; the plan runs to its end, is not renewed or reminded, then is free', async () => {
      const me = await as({ language: 'en' });
      const paid = await payForPlan(me, 'basic', 'monthly');
      await knex()('plan_payments').where({ payment_id: paid.paymentId }).update({ created_at: new Date(Date.now() - 8 * DAY) });
      expect((await my(me)).refundable_until).toBeNull();
      const res = await me.post('/api/subscription/cancel', {});
      expect(res.status).toBe(200);
      expect(res.body.refunded).toBeNull();
      const end = res.body.subscription.current_period_end;
      expect(res.body.subscription).toMatchObject({ subscription_plan: 'basic', status: 'active' });
      expect(res.body.subscription.cancelled_at).not.toBeNull();
      expect((await gateway().fetchPayment(paid.paymentId)).status).toBe('paid');
      const [n] = await notes(me.user.id, 'subscription.cancelled');
      expect(n.params).toMatchObject({ plan_id: 'basic', date: end.slice(0, 10) });
      expect((await me.post('/api/subscription/cancel', {})).body.code).toBe('no_paid_plan');

      // near its end: no reminder to renew; at its end: free
      await knex()('subscriptions').where({ user_id: me.user.id }).update({ current_period_end: new Date(Date.now() + 2 * DAY) });
      await sweepSubscriptions(knex(), new Date());
      expect(await notes(me.user.id, 'subscription.renewal_due')).toHaveLength(0);
      await knex()('subscriptions').where({ user_id: me.user.id }).update({ current_period_end: new Date(Date.now() - 1000) });
      expect(await my(me)).toMatchObject({ subscription_plan: 'free', status: 'expired', cancelled_at: null });
    });

    it('a refunded renewal gives back only the period it bought', async () => {
      const me = await as();
      const first = await payForPlan(me, 'basic', 'monthly');
      await knex()('plan_payments').where({ payment_id: first.paymentId }).update({ created_at: new Date(Date.now() - 8 * DAY) });
      const end = (await my(me)).current_period_end;
      const renewal = await payForPlan(me, 'basic', 'monthly');
      const res = await me.post('/api/subscription/cancel', {});
      expect(res.body.refunded).toBe(99);
      expect(res.body.subscription).toMatchObject({ subscription_plan: 'basic', status: 'active', current_period_end: end });
      expect((await gateway().fetchPayment(renewal.paymentId)).status).toBe('refunded');
      expect((await gateway().fetchPayment(first.paymentId)).status).toBe('paid');
    });

    it('changes nothing when the gateway refuses the refund, and counts one it made already', async () => {
      const me = await as();
      const paid = await payForPlan(me, 'basic', 'monthly');
      const before = await my(me);
      // more than was paid: the gateway refuses
      await knex()('plan_payments').where({ payment_id: paid.paymentId }).update({ amount: 10_000 });
      const refused = await me.post('/api/subscription/cancel', {});
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('gateway_refused');
      expect(await my(me)).toEqual(before);
      expect(await planPayments(me.user.id)).toMatchObject([{ refunded_at: null, refunded_amount: null }]);
      expect(await notes(me.user.id, 'subscription.refunded')).toHaveLength(0);
      // refunded on the gateway already, its answer and its event lost (the webhook refuses
      // the development gateway's token meanwhile): asked again, it is taken as done
      await knex()('plan_payments').where({ payment_id: paid.paymentId }).update({ amount: 9900 });
      const token = server.config.moyasar.webhookSecret;
      server.config.moyasar.webhookSecret = 'x'.repeat(32);
      try {
        await gateway().refund(paid.paymentId);
      } finally {
        server.config.moyasar.webhookSecret = token;
      }
      expect(await my(me)).toEqual(before);
      const res = await me.post('/api/subscription/cancel', {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ refunded: 99, subscription: { subscription_plan: 'free' } });
    });

    it('takes back the period of a payment refunded on the gateway (its dashboard), once; part of one, or an older one, changes no period', async () => {
      const me = await as({ language: 'en' });
      const paid = await payForPlan(me, 'basic', 'monthly');
      // part of it: recorded, the plan runs on
      await gateway().refund(paid.paymentId, 1000);
      expect(await planPayments(me.user.id)).toMatchObject([{ refunded_amount: 1000 }]);
      expect(await my(me)).toMatchObject({ subscription_plan: 'basic', status: 'active', cancelled_at: null });
      // all of it: the period goes, the subscriber is told once, and there is nothing left to cancel
      await gateway().refund(paid.paymentId);
      expect(await my(me)).toMatchObject({ subscription_plan: 'free', status: 'expired' });
      expect(await planPayments(me.user.id)).toMatchObject([{ refunded_amount: 9900 }]);
      const event = { id: crypto.randomUUID(), type: 'payment_refunded', created_at: new Date().toISOString(), secret_token: server.config.moyasar.webhookSecret, data: await gateway().fetchPayment(paid.paymentId) };
      expect((await webhook(event)).status).toBe(200);
      expect((await notes(me.user.id, 'subscription.refunded')).map((n) => n.params.amount)).toEqual([99]);
      expect((await me.post('/api/subscription/cancel', {})).body.code).toBe('no_paid_plan');

      // an older payment refunded in full after a renewal: the renewal's period stays
      const other = await as();
      const first = await payForPlan(other, 'basic', 'monthly');
      await payForPlan(other, 'basic', 'monthly');
      const renewed = await my(other);
      await gateway().refund(first.paymentId);
      expect(await my(other)).toEqual(renewed);
      expect(await notes(other.user.id, 'subscription.refunded')).toHaveLength(0);
    });

    it('answers 409 no_paid_plan on the free plan and on a trial', async () => {
      const me = await as();
      expect((await me.post('/api/subscription/cancel', {})).body.code).toBe('no_paid_plan');
      await me.post('/api/subscription/free-trial', {});
      const res = await me.post('/api/subscription/cancel', {});
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('no_paid_plan');
    });
  });

  describe('the end of a period', () => {
    it('reminds once to renew within seven days of the end, then falls back to free', async () => {
      const me = await as({ language: 'en' });
      await payForPlan(me, 'basic', 'monthly');
      const later = await as();
      await payForPlan(later, 'basic', 'monthly');
      await knex()('subscriptions').where({ user_id: me.user.id }).update({ current_period_end: new Date(Date.now() + 5 * DAY) });
      await sweepSubscriptions(knex(), new Date());
      await sweepSubscriptions(knex(), new Date());
      const reminders = await notes(me.user.id, 'subscription.renewal_due');
      expect(reminders).toHaveLength(1);
      expect(reminders[0]).toMatchObject({ type: 'subscription', priority: 'high', title: 'Renew your plan' });
      expect(await notes(later.user.id, 'subscription.renewal_due')).toHaveLength(0);
      // renewed: the next period gets its own reminder
      await payForPlan(me, 'basic', 'monthly');
      await knex()('subscriptions').where({ user_id: me.user.id }).update({ current_period_end: new Date(Date.now() + 3 * DAY) });
      await sweepSubscriptions(knex(), new Date());
      expect(await notes(me.user.id, 'subscription.renewal_due')).toHaveLength(2);
      await knex()('subscriptions').where({ user_id: me.user.id }).update({ current_period_end: new Date(Date.now() - 1000) });
      await sweepSubscriptions(knex(), new Date());
      expect(await my(me)).toMatchObject({ subscription_plan: 'free', status: 'expired' });
    });
  });

  describe('the free trial', () => {
    it('stays free and once only: no checkout, no payment', async () => {
      const me = await as();
      const res = await me.post('/api/subscription/free-trial', {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ subscription_plan: 'basic', status: 'trialing' });
      expect(await knex()('card_checkouts').where({ payer_id: me.user.id })).toHaveLength(0);
      expect((await me.post('/api/subscription/free-trial', {})).status).toBe(409);
    });
  });

  describe.runIf(onPostgres)('races (Postgres)', () => {
    it('activates once when callbacks and webhooks of one payment arrive together', async () => {
      // The gateway's own event is refused (the secret rotated on our side), so the first settlement is one of the racers.
      const real = server.config.moyasar.webhookSecret;
      server.config.moyasar.webhookSecret = 'rotated-secret-rotated-secret';
      try {
        const me = await as();
        const start = await me.post('/api/subscription/subscribe', { planId: 'premium', billingCycle: 'monthly' });
        const checkout = await checkoutOf(start.body.payment_url);
        const id = await directPayment(server, checkout.id, 29_900);
        const payment = await gateway().fetchPayment(id);
        const event = { type: 'payment_paid', secret_token: 'rotated-secret-rotated-secret', data: payment };
        const answers = await Promise.all([
          me.get(`/api/payments/callback?checkout=${checkout.id}&id=${id}&status=paid`),
          me.get(`/api/payments/callback?checkout=${checkout.id}&id=${id}&status=paid`),
          webhook(event),
          webhook(event),
        ]);
        expect(answers.map((a) => a.status)).toEqual([303, 303, 200, 200]);
        expect(await planPayments(me.user.id)).toHaveLength(1);
        expect(await notes(me.user.id, 'subscription.subscribed')).toHaveLength(1);
        expect(await changes(me.user.id)).toHaveLength(1);
        expect(await my(me)).toMatchObject({ subscription_plan: 'premium', status: 'active' });
      } finally {
        server.config.moyasar.webhookSecret = real;
      }
    });

    it('refunds once when two cancels race', async () => {
      const me = await as();
      const paid = await payForPlan(me, 'basic', 'monthly');
      const answers = await Promise.all([me.post('/api/subscription/cancel', {}), me.post('/api/subscription/cancel', {})]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect((await gateway().fetchPayment(paid.paymentId)).refunded).toBe(9900);
      expect(await notes(me.user.id, 'subscription.refunded')).toHaveLength(1);
    });
  });

  it('the page of a paid checkout takes no second payment', async () => {
    const me = await as();
    const paid = await payForPlan(me, 'basic', 'monthly');
    await expect(payOnGateway(me, paid.paymentUrl)).rejects.toThrow(/409/);
    expect(await planPayments(me.user.id)).toHaveLength(1);
  });
});
