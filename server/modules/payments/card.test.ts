/**
 * Paying a tax invoice by card through HTTP against the development gateway (Moyasar's
 * paths, test cards and webhook): who may pay, what is asked (what is left, in halalas),
 * the hosted page's outcomes (paid, declined, 3-D Secure), and the attacks the issue
 * names: a failed payment's id, another invoice's payment, a changed amount or currency,
 * a replayed id, a webhook without its token, twice or out of order, and overpayment.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema } from '../../../shared/schemas/invoice';
import { riyadhDay } from '../../../shared/riyadh';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, notificationsOf, type Client } from '../../test/factories';
import { categoryId } from '../../test/rfq-steps';
import { clearedInvoice, tradingParties } from '../../test/invoice-steps';
import { moyasar, type GatewayPayment } from '../card-gateway/moyasar';
import { devMoyasarRouter } from '../card-gateway/dev-moyasar/router';

const VISA_PAID = '4111111111111111';
const MADA_3DS = '4201320111111010';
const INSUFFICIENT = '4201320000311101';

describe('paying an invoice by card', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;
  const gateway = () => moyasar(server.config);
  const paymentOf = async (client: Client, invoiceId: string) => invoiceSchema.parse((await client.get(`/api/invoices/${invoiceId}`)).body).payment!;
  const cardRows = async (invoiceId: string) =>
    (await knex()('payments').where({ invoice_id: invoiceId, method: 'card' }).select('amount', 'status', 'gateway', 'gateway_payment_id')).map((r) => ({ ...r, amount: Number(r.amount) }));

  async function startPaying(buyer: Client, invoiceId: string) {
    const res = await buyer.post(`/api/invoices/${invoiceId}/pay`, {});
    expect(res.status, res.text).toBe(200);
    const checkout = await knex()('card_checkouts').where({ invoice_id: invoiceId }).orderBy('created_at', 'desc').first();
    return { url: res.body.payment_url as string, checkout };
  }

  /** Pays on the gateway's hosted page with a test card: where the gateway sends the browser. */
  async function payOnPage(url: string, number: string): Promise<URL> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Saleh Ali', number, month: '12', year: String(new Date().getUTCFullYear() + 2), cvc: '123' }),
      redirect: 'manual',
    });
    expect(res.status, await res.clone().text()).toBe(303);
    return new URL(res.headers.get('location')!);
  }

  /** Follows the gateway's redirect to our callback: where our server sends the browser back. */
  async function callback(client: Client, to: URL | string) {
    const u = typeof to === 'string' ? new URL(to, server.url) : to;
    const res = await client.get(`${u.pathname}${u.search}`);
    expect(res.status, res.text).toBe(303);
    return new URL(res.headers.get('location')!, server.url);
  }

  /** A payment made straight on the gateway with the publishable key, as the payment form does. */
  async function directPayment(body: Record<string, unknown>): Promise<GatewayPayment> {
    const res = await fetch(`${server.config.moyasar.apiUrl}/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${server.config.moyasar.publishableKey}:`).toString('base64')}` },
      body: JSON.stringify({
        currency: 'SAR',
        description: 'x',
        callback_url: `${server.url}/api/payments/callback`,
        source: { type: 'creditcard', name: 'Saleh Ali', number: VISA_PAID, month: 12, year: new Date().getUTCFullYear() + 2, cvc: '123' },
        ...body,
      }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as GatewayPayment;
  }

  const webhook = (body: unknown) => fetch(`${server.url}/api/payments/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const event = (type: string, data: unknown, token: string | null = server.config.moyasar.webhookSecret) => ({
    id: randomUUID(),
    type,
    created_at: new Date().toISOString(),
    ...(token === null ? {} : { secret_token: token }),
    account_name: 'Binaa',
    live: false,
    data,
  });

  it('lets the buyer pay what is left with the success card: the gateway’s webhook settles it, the callback shows it paid, the seller is told', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const { url, checkout } = await startPaying(buyer, invoice.id);
    expect(checkout).toMatchObject({ purpose: 'invoice', payer_id: buyer.user.id, amount: 11500, currency: 'SAR', status: 'initiated', return_path: `/invoices/${invoice.id}` });
    expect(url).toBe(`${server.url}/dev-moyasar/checkout/invoices/${checkout.gateway_invoice_id}`);
    expect((await fetch(url)).status).toBe(200);

    const back = await payOnPage(url, VISA_PAID);
    expect(back.pathname).toBe('/api/payments/callback');
    expect(back.searchParams.get('checkout')).toBe(checkout.id);
    expect(back.searchParams.get('status')).toBe('paid');
    // The webhook came before the redirect and settled it.
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ balance: 0, paid: 115, status: 'paid' });
    const page = await callback(buyer, back);
    expect(`${page.pathname}${page.search}`).toBe(`/invoices/${invoice.id}?card=paid`);
    const rows = await cardRows(invoice.id);
    expect(rows).toEqual([{ amount: 115, status: 'confirmed', gateway: 'moyasar', gateway_payment_id: back.searchParams.get('id') }]);
    expect((await knex()('card_checkouts').where({ id: checkout.id }).first()).status).toBe('paid');
    const [told] = await notificationsOf(knex(), seller.user.id, 'payment.card_paid');
    expect(told.params).toMatchObject({ number: invoice.number, amount: 115, invoice_id: invoice.id });
    // Nothing is left: paying again is a conflict.
    expect((await buyer.post(`/api/invoices/${invoice.id}/pay`, {})).body.code).toBe('nothing_to_pay');
  });

  it('asks the 3-D Secure step of the mada test card, and a declined card changes nothing with the gateway’s message', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const { url, checkout } = await startPaying(buyer, invoice.id);

    const declined = await payOnPage(url, INSUFFICIENT);
    expect(declined.searchParams.get('status')).toBe('failed');
    const failedPage = await callback(buyer, declined);
    expect(failedPage.searchParams.get('card')).toBe('failed');
    // The gateway's reason as our code, which the page translates; its English words only when no code names them.
    expect([failedPage.searchParams.get('reason'), failedPage.searchParams.get('message')]).toEqual(['insufficient_funds', null]);
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ balance: 115, paid: 0 });
    // The hosted invoice's own id at the callback stands for its payment, read back from the gateway.
    const byInvoice = `/api/payments/callback?checkout=${checkout.id}&id=${checkout.gateway_invoice_id}`;
    expect((await callback(buyer, byInvoice)).searchParams.get('reason')).toBe('insufficient_funds');
    // ... only for the invoice of the checkout named.
    const unknown = await callback(buyer, `/api/payments/callback?checkout=${randomUUID()}&id=${checkout.gateway_invoice_id}`);
    expect([unknown.searchParams.get('card'), unknown.searchParams.get('reason')]).toEqual(['refused', 'unknown_payment']);

    const challenge = await payOnPage(url, MADA_3DS);
    expect(challenge.pathname).toMatch(/^\/dev-moyasar\/checkout\/3ds\//);
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ paid: 0 });
    const done = await fetch(challenge, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'action=authenticate', redirect: 'manual' });
    expect(done.status).toBe(303);
    const page = await callback(buyer, new URL(done.headers.get('location')!));
    expect(page.searchParams.get('card')).toBe('paid');
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ balance: 0, status: 'paid' });
    expect((await callback(buyer, byInvoice)).searchParams.get('card')).toBe('paid');
    expect(await cardRows(invoice.id)).toHaveLength(1);
  });

  it('takes Apple Pay on the hosted page by Moyasar’s test amounts: 230.00 SAR paid, 115.00 SAR declined', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const applePay = async (url: string) => {
      const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'method=applepay', redirect: 'manual' });
      return callback(buyer, new URL(res.headers.get('location')!));
    };
    const small = await clearedInvoice(buyer, seller, category);
    expect((await applePay((await startPaying(buyer, small.id)).url)).searchParams.get('card')).toBe('failed');
    const inRange = await clearedInvoice(buyer, seller, category, 20);
    expect((await applePay((await startPaying(buyer, inRange.id)).url)).searchParams.get('card')).toBe('paid');
    expect(await paymentOf(buyer, inRange.id)).toMatchObject({ paid: 230, status: 'paid' });
  });

  it('is a 404 for someone else’s invoice, a 403 for its seller, and a conflict for a credit note', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const stranger = await as(server, 'contractor');
    expect((await stranger.post(`/api/invoices/${invoice.id}/pay`, {})).status).toBe(404);
    expect((await stranger.post(`/api/invoices/${randomUUID()}/pay`, {})).status).toBe(404);
    const bySeller = await seller.post(`/api/invoices/${invoice.id}/pay`, {});
    expect([bySeller.status, bySeller.body.code]).toEqual([403, 'not_the_buyer']);
    const credit = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'مرتجع جزئي' });
    expect(credit.status, credit.text).toBe(201);
    await server.drainClearance();
    const note = await buyer.post(`/api/invoices/${credit.body.id}/pay`, {});
    expect(note.body.code).toBe('not_an_invoice');
    expect(await knex()('card_checkouts').where({ payer_id: stranger.user.id })).toEqual([]);
  });

  it('refuses at the callback a failed payment, another invoice’s payment, a changed amount or currency, and settles a replayed id once', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const first = await clearedInvoice(buyer, seller, category);
    const second = await clearedInvoice(buyer, seller, category); // the same amount: only what the payment names tells them apart
    const a = await startPaying(buyer, first.id);
    const b = await startPaying(buyer, second.id);

    // A failed payment's id, for this very checkout.
    const failed = await directPayment({ amount: 11500, metadata: { purpose: 'invoice', checkout_id: a.checkout.id, invoice_id: first.id }, source: { type: 'creditcard', name: 'Saleh Ali', number: INSUFFICIENT, month: 12, year: 2099, cvc: '123' } });
    expect(failed.status).toBe('failed');
    expect((await callback(buyer, `/api/payments/callback?checkout=${a.checkout.id}&id=${failed.id}&status=paid`)).searchParams.get('card')).toBe('failed');

    // The second invoice's payment, paid, at the first one's callback.
    const paidSecond = await payOnPage(b.url, VISA_PAID);
    const otherId = paidSecond.searchParams.get('id')!;
    const refused = await callback(buyer, `/api/payments/callback?checkout=${a.checkout.id}&id=${otherId}&status=paid`);
    expect(refused.pathname).toBe(`/invoices/${first.id}`);
    expect([refused.searchParams.get('card'), refused.searchParams.get('reason')]).toEqual(['refused', 'mismatch']);

    // Paid, naming the first checkout, but for less, or in another currency.
    const meta = { purpose: 'invoice', checkout_id: a.checkout.id, invoice_id: first.id };
    const less = await directPayment({ amount: 100, metadata: meta });
    const dollars = await directPayment({ amount: 11500, currency: 'USD', metadata: meta });
    expect([less.status, dollars.status]).toEqual(['paid', 'paid']);
    for (const p of [less, dollars]) {
      const back = await callback(buyer, `/api/payments/callback?checkout=${a.checkout.id}&id=${p.id}&status=paid`);
      expect(back.searchParams.get('card'), p.currency).toBe('refused');
    }
    // A payment id the gateway does not know.
    expect((await callback(buyer, `/api/payments/callback?checkout=${a.checkout.id}&id=${randomUUID()}`)).searchParams.get('card')).toBe('refused');
    expect(await paymentOf(buyer, first.id)).toMatchObject({ balance: 115, paid: 0 });
    expect(await cardRows(first.id)).toEqual([]);

    // The second invoice, paid once however often its callback comes.
    for (let i = 0; i < 3; i++) expect((await callback(buyer, paidSecond)).searchParams.get('card')).toBe('paid');
    expect(await cardRows(second.id)).toHaveLength(1);
    expect(await paymentOf(buyer, second.id)).toMatchObject({ balance: 0, paid: 115 });
  });

  it('takes the webhook only with its secret token, once however often it comes, and a late failure never undoes a payment', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const { checkout } = await startPaying(buyer, invoice.id);
    // Paid on the gateway with the checkout's metadata: the webhook alone settles it.
    const payment = await directPayment({ amount: 11500, metadata: { purpose: 'invoice', checkout_id: checkout.id, invoice_id: invoice.id } });
    await knex()('payments').where({ gateway_payment_id: payment.id }).delete(); // as if the gateway's own event had not come
    await knex()('card_checkouts').where({ id: checkout.id }).update({ status: 'initiated', gateway_payment_id: null, settled_at: null });

    expect((await webhook(event('payment_paid', payment, null))).status).toBe(401);
    expect((await webhook(event('payment_paid', payment, 'wrong-token-wrong-token'))).status).toBe(401);
    expect((await webhook(event('payment_paid', payment, `${server.config.moyasar.webhookSecret}x`))).status).toBe(401);
    expect(await cardRows(invoice.id)).toEqual([]);

    // The event twice and the browser's callback twice, all at once: one payment.
    const answers = await Promise.all([
      webhook(event('payment_paid', payment)),
      webhook(event('payment_paid', payment)),
      buyer.get(`/api/payments/callback?checkout=${checkout.id}&id=${payment.id}&status=paid`),
      buyer.get(`/api/payments/callback?checkout=${checkout.id}&id=${payment.id}&status=paid`),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 303, 303]);
    expect(await answers[0].json()).toEqual({ received: true });
    expect(answers[2].headers.get('location')).toBe(`/invoices/${invoice.id}?card=paid`);
    // Out of order: a failure event (its body says failed) after the payment was settled.
    expect((await webhook(event('payment_failed', { ...payment, status: 'failed' }))).status).toBe(200);
    const declined = await directPayment({ amount: 11500, metadata: { purpose: 'invoice', checkout_id: checkout.id, invoice_id: invoice.id }, source: { type: 'creditcard', name: 'Saleh Ali', number: INSUFFICIENT, month: 12, year: 2099, cvc: '123' } });
    expect((await webhook(event('payment_failed', declined))).status).toBe(200);
    expect(await cardRows(invoice.id)).toHaveLength(1);
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ balance: 0, paid: 115, status: 'paid' });
    expect(await knex()('card_checkouts').where({ id: checkout.id }).first()).toMatchObject({ status: 'paid', gateway_payment_id: payment.id });
  });

  it('asks only what is left after recorded transfers, and refunds a card payment that would overpay', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const transfer = (amount: number) => buyer.post(`/api/invoices/${invoice.id}/payments`, { id: randomUUID(), amount, paid_on: riyadhDay(new Date()), reference: 'TRX-1' });

    // The card checkout began for everything; a transfer is recorded before the card is paid.
    const whole = await startPaying(buyer, invoice.id);
    expect(whole.checkout.amount).toBe(11500);
    expect((await transfer(50)).status).toBe(201);
    const back = await payOnPage(whole.url, VISA_PAID);
    const page = await callback(buyer, back);
    expect([page.searchParams.get('card'), page.searchParams.get('reason'), page.searchParams.get('message')]).toEqual(['refused', 'refunded', null]);
    expect(await cardRows(invoice.id)).toEqual([]);
    expect((await gateway().fetchPayment(back.searchParams.get('id')!)).status).toBe('refunded');
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ balance: 115, paid: 0, pending: 50 });

    // Now the card is asked for what is left: 65.
    const rest = await startPaying(buyer, invoice.id);
    expect(rest.checkout.amount).toBe(6500);
    expect((await callback(buyer, await payOnPage(rest.url, VISA_PAID))).searchParams.get('card')).toBe('paid');
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ balance: 50, paid: 65, pending: 50, status: 'partially_paid' });
    // With the transfer recorded and the card paid, nothing is left to pay by card.
    expect((await buyer.post(`/api/invoices/${invoice.id}/pay`, {})).status).toBe(409);
  });
  it('takes back a refund the gateway reports, made in its dashboard too: the invoice owes it again, the statement shows it, once per amount', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const back = await payOnPage((await startPaying(buyer, invoice.id)).url, VISA_PAID);
    const paymentId = back.searchParams.get('id')!;
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ balance: 0, paid: 115, status: 'paid' });

    // A refund of 40 SAR made on the gateway, not through the app: its event reaches the webhook.
    await gateway().refund(paymentId, 4000);
    const afterPart = await paymentOf(seller, invoice.id);
    expect(afterPart).toMatchObject({ paid: 75, balance: 40 });
    expect(afterPart.status).not.toBe('paid');
    expect(afterPart.payments[0]).toMatchObject({ amount: 115, refunded: 40, status: 'confirmed' });
    expect(afterPart.payments[0].refunded_at).not.toBeNull();
    const statement = (await seller.get(`/api/statements?counterparty=${buyer.user.id}`)).body;
    expect(statement.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([['invoice', 115], ['payment', -115], ['refund', 40]]);
    expect(statement.balance).toBe(40);

    // The same event again, and the paid callback replayed: nothing more changes.
    const refunded = await gateway().fetchPayment(paymentId);
    expect((await webhook(event('payment_refunded', refunded))).status).toBe(200);
    await callback(buyer, back);
    expect((await paymentOf(buyer, invoice.id)).paid).toBe(75);
    for (const who of [buyer, seller]) expect((await notificationsOf(knex(), who.user.id, 'payment.card_refunded')).map((n) => n.params.amount)).toEqual([40]);

    // The rest refunded: the invoice owes all of it again, and can be paid again.
    await gateway().refund(paymentId);
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ paid: 0, balance: 115, status: 'unpaid' });
    expect((await notificationsOf(knex(), buyer.user.id, 'payment.card_refunded')).map((n) => n.params.amount).sort()).toEqual([40, 75]);
    expect((await buyer.post(`/api/invoices/${invoice.id}/pay`, {})).status).toBe(200);
  });
});

describe('a card gateway that does not answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Moyasar's keys set, its API on a port nothing listens on.
    server = await startTestServer({
      env: { MOYASAR_PUBLISHABLE_KEY: 'pk_test_x', MOYASAR_SECRET_KEY: 'sk_test_x', MOYASAR_WEBHOOK_SECRET: 'w'.repeat(32), MOYASAR_API_URL: 'http://127.0.0.1:9/v1' },
    });
  });
  afterAll(() => server.close());

  it('answers paying with gateway_unavailable and keeps no checkout; the callback goes back saying so; the webhook asks to be sent again', async () => {
    const category = await categoryId(server.db.knex, 2);
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const pay = await buyer.post(`/api/invoices/${invoice.id}/pay`, {});
    expect(pay.status).toBe(502);
    expect(pay.body.code).toBe('gateway_unavailable');
    expect(await server.db.knex('card_checkouts').where({ invoice_id: invoice.id })).toEqual([]);
    // No development gateway with keys set: its paths are the app's pages.
    expect((await fetch(`${server.url}/dev-moyasar/v1/invoices`, { headers: { Accept: 'application/json' } })).headers.get('content-type')).not.toMatch(/json/);

    const checkout = randomUUID();
    await server.db.knex('card_checkouts').insert({ id: checkout, purpose: 'invoice', payer_id: buyer.user.id, invoice_id: invoice.id, amount: 11500, description: 'x', return_path: `/invoices/${invoice.id}` });
    const back = await buyer.get(`/api/payments/callback?checkout=${checkout}&id=${randomUUID()}&status=paid`);
    expect(back.status).toBe(303);
    const to = new URL(back.headers.get('location')!, server.url);
    expect([to.pathname, to.searchParams.get('card'), to.searchParams.get('reason')]).toEqual([`/invoices/${invoice.id}`, 'failed', 'gateway_unavailable']);
    const hook = await fetch(`${server.url}/api/payments/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ type: 'payment_paid', secret_token: 'w'.repeat(32), data: { id: randomUUID() } }) });
    expect(hook.status).toBe(502);
  });
});

describe('the development gateway', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const call = (path: string, init: RequestInit & { key?: string } = {}) =>
    fetch(`${server.config.moyasar.apiUrl}${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${init.key ?? server.config.moyasar.secretKey}:`).toString('base64')}` },
    });

  it('applies Moyasar’s rules: the secret key, amounts in halalas of at least 100, refunds only of paid payments and never beyond them', async () => {
    const invoice = { amount: 5000, currency: 'SAR', description: 'Order', success_url: `${server.url}/x`, metadata: { a: '1' } };
    expect((await call('/invoices', { method: 'POST', body: JSON.stringify(invoice), key: server.config.moyasar.publishableKey })).status).toBe(401);
    expect((await call('/invoices', { method: 'POST', body: JSON.stringify(invoice), key: 'sk_test_wrong' })).status).toBe(401);
    for (const amount of [99, 10.5, -100, '5000']) {
      const res = await call('/invoices', { method: 'POST', body: JSON.stringify({ ...invoice, amount }) });
      expect(res.status, String(amount)).toBe(400);
      expect((await res.json()).errors).toHaveProperty('amount');
    }
    expect((await call('/invoices', { method: 'POST', body: JSON.stringify({ ...invoice, currency: 'XYZ' }) })).status).toBe(400);
    const created = await call('/invoices', { method: 'POST', body: JSON.stringify(invoice) });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ status: 'initiated', amount: 5000, amount_format: '50.00 SAR', metadata: { a: '1' }, payments: [] });

    const client = moyasar(server.config);
    const source = { type: 'creditcard', name: 'Saleh Ali', month: 12, year: 2099, cvc: '123' };
    const pay = async (number: string) =>
      (await (await call('/payments', { method: 'POST', body: JSON.stringify({ amount: 5000, currency: 'SAR', callback_url: `${server.url}/x`, source: { ...source, number } }) })).json()) as GatewayPayment;
    const failed = await pay(INSUFFICIENT);
    expect(failed).toMatchObject({ status: 'failed', source: { message: 'INSUFFICIENT FUNDS' } });
    await expect(client.refund(failed.id)).rejects.toThrow(/cannot be refunded/);
    const paid = await pay(VISA_PAID);
    expect(paid).toMatchObject({ status: 'paid', source: { number: 'XXXX-XXXX-XXXX-1111', message: 'APPROVED' } });
    await expect(client.refund(paid.id, 6000)).rejects.toThrow(/Validation Failed/);
    expect(await client.refund(paid.id, 2000)).toMatchObject({ status: 'refunded', refunded: 2000 });
    expect(await client.refund(paid.id)).toMatchObject({ status: 'refunded', refunded: 5000 });
    await expect(client.refund(paid.id, 1)).rejects.toThrow(/fully refunded/);
    expect((await call(`/payments/${paid.id}`, { key: server.config.moyasar.publishableKey })).status).toBe(401);
    const mada = await pay(MADA_3DS);
    expect(mada.status).toBe('initiated');
    expect(mada.source.transaction_url).toMatch(/\/dev-moyasar\/checkout\/3ds\//);
    const list = await (await call('/payments')).json();
    expect(list.meta).toMatchObject({ current_page: 1, total_count: 3 });
    expect(() => devMoyasarRouter({ ...server.config, production: true })).toThrow(/production/);
  });
});
