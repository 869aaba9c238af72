/**
 * The platform's tax invoice for every paid plan, over HTTP against the development
 * gateway and the development ZATCA: one per verified payment however it arrives, the
 * price paid with its VAT inside, the platform as seller and the subscriber as buyer
 * (standard with a tax profile, simplified without), issued later by the sweep when the
 * platform's unit was not ready, credited when the payment is refunded, and read by its
 * buyer only.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_CYCLES } from '../../../shared/constants';
import { riyadhDay } from '../../../shared/riyadh';
import { invoiceSchema } from '../../../shared/schemas/invoice';
import { netOfGross, vatOn } from '../../../shared/vat';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { CARDS, payForPlan } from '../../test/plans';
import { signInAs, type TestUserSpec } from '../../test/sign-in';
import { VALID_TAX_PROFILE, taxNumbers } from '../../test/tax-profile';
import { moyasar } from '../card-gateway/moyasar';
import { planAmount } from '../subscriptions/billing';
import { catchUpPlanPayment, onboardDevelopmentPlatform, sweepPlanInvoices } from './plan-invoices';

/** The platform's tax profile, as the demo seed gives the admin's company. */
const PLATFORM_PROFILE = { ...VALID_TAX_PROFILE, legal_name: 'شركة سوق بناء لتقنية المعلومات', legal_name_en: 'Binaa Market Information Technology Co.', vat_number: '311204567800003', cr_number: '1010845120' };
const SUBSCRIBER_PROFILE = { ...VALID_TAX_PROFILE, legal_name: 'مؤسسة المشترك للمقاولات', vat_number: '300000000000003', cr_number: '2050000000', iban: null };

/** The platform's account (config.platformSellerEmail outside production), with its tax profile, onboarded with ZATCA when `onboard`. */
async function platform(server: TestServer, onboard: boolean) {
  const admin = await signInAs(server, { email: server.config.platformSellerEmail, role: 'supplier', company_name: 'بناء ماركت' });
  const saved = await admin.put('/api/company/tax-profile', PLATFORM_PROFILE);
  expect(saved.status, saved.text).toBe(200);
  if (onboard) expect((await admin.post('/api/e-invoicing/onboard', { otp: '123456' })).body.status).toBe('ready');
  return admin;
}

describe('plan invoices', () => {
  let server: TestServer;
  let admin: TestClient & { user: { id: string } };
  beforeAll(async () => {
    server = await startTestServer();
    admin = await platform(server, true);
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const subscriber = async (spec: TestUserSpec = {}, profile = true) => {
    const me = await signInAs(server, { role: 'contractor', company_name: 'مؤسسة المشترك', ...spec });
    if (profile) expect((await me.put('/api/company/tax-profile', { ...SUBSCRIBER_PROFILE, ...taxNumbers() })).status).toBe(200);
    return me;
  };
  /** A payment's documents once the clearance queue has sent what waits (they are issued pending). */
  const invoicesOf = async (paymentId: string) => {
    await server.drainClearance();
    return knex()('invoices').where({ plan_payment_id: paymentId }).orderBy('icv');
  };
  const webhook = (body: unknown) => new TestClient(server.url).post('/api/payments/webhook', body);
  /** The invoices a client's sync feed holds: id -> row. */
  async function fedInvoices(client: TestClient) {
    const held = new Map<string, unknown>();
    for (let cursor = ''; ; ) {
      const res = await client.get(`/api/sync/pull?limit=5000${cursor ? `&cursor=${cursor}` : ''}`);
      for (const c of res.body.changes as Array<{ entity: string; op: string; id: string; data?: unknown }>) {
        if (c.entity !== 'invoice') continue;
        if (c.op === 'upsert') held.set(c.id, c.data);
        else held.delete(c.id);
      }
      cursor = res.body.cursor;
      if (!res.body.has_more) return held;
    }
  }

  it('charges for every plan and cycle a total that a net amount with its VAT (rounded) reaches exactly: the price, or a halala less where none does, and shows what it charges', async () => {
    const plans: Array<{ id: string; price_monthly: string; price_yearly: string }> = await knex()('subscription_plans').orderBy('sort').select('id', 'price_monthly', 'price_yearly');
    const shown = (await new TestClient(server.url).get('/api/subscription/plans')).body as Array<{ id: string; price_monthly: number; price_yearly: number }>;
    const paid = plans.filter((p) => Number(p.price_monthly) > 0).map((p) => ({ ...p, price_monthly: Number(p.price_monthly), price_yearly: Number(p.price_yearly) }));
    expect(paid.map((p) => p.id)).toEqual(['basic', 'premium', 'enterprise']);
    const short: string[] = [];
    for (const plan of paid) {
      for (const cycle of BILLING_CYCLES) {
        const price = Math.round((cycle === 'yearly' ? plan.price_yearly : plan.price_monthly) * 100);
        const charged = planAmount(plan, cycle);
        const net = netOfGross(charged);
        expect(net, `${plan.id} ${cycle}`).not.toBeNull();
        expect(net! + Math.round(vatOn(net! / 100, 0.15) * 100)).toBe(charged);
        expect(price - charged).toBeLessThanOrEqual(1);
        if (charged !== price) short.push(`${plan.id} ${cycle}`);
        const page = shown.find((p) => p.id === plan.id)!;
        expect(Math.round((cycle === 'yearly' ? page.price_yearly : page.price_monthly) * 100), `${plan.id} ${cycle} as shown`).toBe(charged);
      }
    }
    // 2,978.00 SAR is out of reach (2,589.56 + 388.43 = 2,977.99; 2,589.57 + 388.44 = 2,978.01)
    expect(short).toEqual(['premium yearly']);
    expect(netOfGross(297_800)).toBeNull();
  });

  it('issues one standard invoice for a verified payment, from the callback, the webhook and a replay alike: the platform sells to the subscriber what was paid, VAT inside', async () => {
    const me = await subscriber();
    const paid = await payForPlan(me, 'basic', 'monthly');
    expect(paid.back).toBe('/pricing?card=paid');
    const { created_at: paidAt } = await knex()('plan_payments').where({ payment_id: paid.paymentId }).first('created_at');
    const payment = await moyasar(server.config).fetchPayment(paid.paymentId);
    expect((await webhook({ id: 'evt-1', type: 'payment_paid', secret_token: server.config.moyasar.webhookSecret, data: payment })).status).toBe(200);
    await me.get(paid.callback);
    const [invoice, ...more] = await invoicesOf(paid.paymentId);
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({ kind: 'invoice', status: 'cleared', seller_id: admin.user.id, buyer_id: me.user.id, purchase_order_id: null, simplified: false });
    expect(await knex()('plan_payments').where({ payment_id: paid.paymentId }).first()).toMatchObject({ invoice_id: invoice.id, amount: 9900 });
    expect([Number(invoice.subtotal), Number(invoice.vat_total), Number(invoice.total)]).toEqual([86.09, 12.91, 99]);
    expect(invoice.seller).toMatchObject({ legal_name: PLATFORM_PROFILE.legal_name, vat_number: PLATFORM_PROFILE.vat_number });
    expect(invoice.buyer).toMatchObject({ legal_name: SUBSCRIBER_PROFILE.legal_name, vat_number: (await me.get('/api/company/tax-profile')).body.vat_number });
    expect(invoice.xml).toContain('<cbc:PaymentMeansCode>48</cbc:PaymentMeansCode>');
    expect(invoice.xml).toMatch(/<cbc:InvoiceTypeCode name="01\d+">388</);

    // the subscriber reads it with its plan, and its PDF; another company cannot
    const res = await me.get(`/api/invoices/${invoice.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ purchase_order_id: null, purchase_order_number: null, plan: { id: 'basic', name: 'Basic', billing_cycle: 'monthly' }, total: 99, vat_total: 12.91 });
    expect(res.body.lines).toMatchObject([{ quantity: 1, unit_price: 86.09, vat_category: 'S', vat_rate: 0.15, line_total: 86.09, vat_amount: 12.91 }]);
    // the plan named in Arabic and English, as the document's labels are (not "باقة Basic")
    expect(res.body.lines[0].description).toBe('اشتراك الباقة الأساسية (شهري) / Basic plan (monthly)');
    // supplied on the day it was paid (Riyadh), by card (UNTDID 48, above)
    expect(res.body.supply_date).toBe(riyadhDay(paidAt));
    expect((await me.get(`/api/invoices?as=buyer`)).body.map((i: { id: string }) => i.id)).toContain(invoice.id);
    const pdf = await me.get(`/api/invoices/${invoice.id}/pdf`, { Accept: 'application/pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const other = await subscriber();
    expect((await other.get(`/api/invoices/${invoice.id}`)).status).toBe(404);
    // the feed brings it to the subscriber's devices (and the platform's), in the shared shape; not to another company's
    expect(invoiceSchema.parse((await fedInvoices(me)).get(invoice.id))).toMatchObject({ plan: { id: 'basic' }, purchase_order_id: null, seller_id: admin.user.id });
    expect((await fedInvoices(admin)).has(invoice.id)).toBe(true);
    expect((await fedInvoices(other)).has(invoice.id)).toBe(false);
    // the subscriber is told, as a buyer is of any cleared invoice
    expect(await knex()('notifications').where({ user_id: me.user.id, kind: 'invoice.issued' })).toHaveLength(1);
  });

  it('states a price no net amount reaches as what was charged: premium yearly, 2,977.99 SAR', async () => {
    const me = await subscriber();
    const paid = await payForPlan(me, 'premium', 'yearly');
    const [invoice] = await invoicesOf(paid.paymentId);
    expect(await knex()('plan_payments').where({ payment_id: paid.paymentId }).first()).toMatchObject({ amount: 297_799 });
    expect([Number(invoice.subtotal), Number(invoice.vat_total), Number(invoice.total)]).toEqual([2589.56, 388.43, 2977.99]);
  });

  it('issues a simplified invoice, reported, to a subscriber without a tax profile, naming its company', async () => {
    const me = await subscriber({ company_name: 'ورشة بلا رقم ضريبي' }, false);
    const paid = await payForPlan(me, 'basic', 'yearly');
    const [invoice, ...more] = await invoicesOf(paid.paymentId);
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({ kind: 'invoice', simplified: true, status: 'reported', buyer_id: me.user.id });
    expect(invoice.buyer).toMatchObject({ legal_name: 'ورشة بلا رقم ضريبي', vat_number: null });
    expect(invoice.xml).toMatch(/<cbc:InvoiceTypeCode name="02\d+">388</);
    expect(Number(invoice.total)).toBe(986);
    expect((await me.get(`/api/invoices/${invoice.id}`)).body.plan).toMatchObject({ id: 'basic', billing_cycle: 'yearly' });
    expect((await me.get(`/api/invoices/${invoice.id}/pdf`, { Accept: 'application/pdf' })).status).toBe(200);
  });

  it('issues nothing for a declined payment, nor for one the gateway says is paid when it is not', async () => {
    const me = await subscriber();
    const declined = await payForPlan(me, 'basic', 'monthly', CARDS.declined);
    expect(declined.back).toMatch(/card=failed/);
    const payment = await moyasar(server.config).fetchPayment(declined.paymentId);
    await webhook({ type: 'payment_paid', secret_token: server.config.moyasar.webhookSecret, data: { ...payment, status: 'paid' } });
    expect(await knex()('plan_payments').where({ user_id: me.user.id })).toHaveLength(0);
    expect(await knex()('invoices').where({ buyer_id: me.user.id })).toHaveLength(0);
  });

  it('credits the whole invoice when the plan is cancelled and refunded within the window', async () => {
    const me = await subscriber();
    const paid = await payForPlan(me, 'premium', 'monthly');
    // its invoice cleared (a credit note is issued only against an accepted invoice)
    expect((await invoicesOf(paid.paymentId)).map((i) => i.status)).toEqual(['cleared']);
    const res = await me.post('/api/subscription/cancel', {});
    expect(res.body.refunded).toBe(299);
    const [invoice, note, ...more] = await invoicesOf(paid.paymentId);
    expect(more).toHaveLength(0);
    expect(note).toMatchObject({ kind: 'credit_note', status: 'cleared', original_invoice_id: invoice.id, seller_id: admin.user.id, buyer_id: me.user.id });
    expect(Number(note.total)).toBe(299);
    // the card payment on the invoice went back: credited in full, nothing owed either way, and the statement says so
    const read = (await me.get(`/api/invoices/${invoice.id}`)).body;
    expect(read.payment).toMatchObject({ status: 'credited', balance: 0, credited: 299, paid: 0 });
    expect(read.payment.payments).toMatchObject([{ method: 'card', amount: 299, refunded: 299 }]);
    const statement = (await me.get(`/api/statements?counterparty=${admin.user.id}`)).body;
    expect(statement.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([['invoice', -299], ['credit_note', 299], ['payment', 299], ['refund', -299]]);
    expect(statement.balance).toBe(0);
    // the sweep finds nothing more to credit
    expect(await sweepPlanInvoices(knex(), { config: server.config, logger: pino({ level: "silent" }) }, new Date())).toEqual({ issued: 0, credited: 0 });
    expect(await invoicesOf(paid.paymentId)).toHaveLength(2);
  });
});

describe("plan invoices while the platform's unit is not ready", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('activates the plan at once and leaves the invoice to the sweep, which issues it once the unit is onboarded', async () => {
    const admin = await platform(server, false);
    const me = await signInAs(server, { role: 'contractor' });
    expect((await me.put('/api/company/tax-profile', { ...SUBSCRIBER_PROFILE, ...taxNumbers() })).status).toBe(200);
    const paid = await payForPlan(me, 'enterprise', 'monthly');
    expect(paid.back).toBe('/pricing?card=paid');
    expect((await me.get('/api/subscription/my')).body).toMatchObject({ subscription_plan: 'enterprise', status: 'active' });
    const deps = { config: server.config, logger: pino({ level: "silent" }) };
    expect(await sweepPlanInvoices(server.db.knex, deps, new Date())).toEqual({ issued: 0, credited: 0 });
    expect(await server.db.knex('invoices').where({ plan_payment_id: paid.paymentId })).toHaveLength(0);

    // a development server onboards the demo platform with the development ZATCA as it starts; production never does
    await onboardDevelopmentPlatform(server.db.knex, { ...server.config, production: true }, new Date());
    expect((await admin.get('/api/e-invoicing/status')).body.status).toBe('none');
    await onboardDevelopmentPlatform(server.db.knex, server.config, new Date());
    expect((await admin.get('/api/e-invoicing/status')).body.status).toBe('ready');
    // two sweeps (two app processes) and the payment's own catch-up at once: one invoice
    const [a, b] = await Promise.all([sweepPlanInvoices(server.db.knex, deps, new Date()), sweepPlanInvoices(server.db.knex, deps, new Date()), catchUpPlanPayment(server.db.knex, deps, paid.paymentId, new Date())]);
    expect(a.issued + b.issued).toBeLessThanOrEqual(1);
    expect(await sweepPlanInvoices(server.db.knex, deps, new Date())).toEqual({ issued: 0, credited: 0 });
    await server.drainClearance();
    const [invoice, ...more] = await server.db.knex('invoices').where({ plan_payment_id: paid.paymentId });
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({ status: 'cleared', seller_id: admin.user.id, buyer_id: me.user.id });
    expect(Number(invoice.total)).toBe(799);
  });
});
