/**
 * A development Moyasar served by the same server at /dev-moyasar (config.ts
 * DEV_MOYASAR_PREFIX), as the development identity provider stands in for Google and the
 * development ZATCA for ZATCA: Moyasar's paths and shapes (moyasar.ts), so card payments
 * run end to end on a fresh machine with Moyasar's published test cards. It judges as
 * Moyasar's test environment does:
 * - the API under /v1, HTTP Basic with the secret key (the publishable key may only create
 *   a payment, as the payment form does): POST/GET /invoices, POST/GET /payments, GET
 *   /payments/{id}, POST /payments/{id}/refund; amounts a positive integer of the smallest
 *   unit, at least 100 (1.00 SAR), a known currency; errors in Moyasar's shape
 *   ({type, message, errors});
 * - the hosted invoice page (an invoice's url): a plain HTML form in Arabic and English
 *   taking a test card: Visa 4111111111111111 and Mastercard 5421080101000000 are paid,
 *   mada 4201320111111010 is paid after a 3-D Secure step (authenticate or fail), the
 *   declining cards fail with Moyasar's message (INSUFFICIENT FUNDS, DECLINED, ...), and
 *   any other number fails; its Apple Pay button follows Moyasar's test amounts (200.00 to
 *   300.00 SAR paid, the documented ranges declined, any other amount failed); the payer is then sent to the invoice's success_url with
 *   ?id=<payment id>&status=&message=, as Moyasar redirects;
 * - statuses move as Moyasar's: initiated -> paid | failed; paid -> refunded; a refund only
 *   of a paid payment and never beyond what was paid;
 * - each change is sent to our webhook (POST /api/payments/webhook) as Moyasar's event:
 *   {id, type: payment_paid | payment_failed | payment_refunded, created_at, secret_token,
 *   account_name, live: false, data: the payment}, before the payer is redirected.
 *
 * Invoices and payments are held in memory: a checkout cut by a restart is started again.
 * It cannot run in production: devMoyasarRouter refuses, and createApp mounts it only when
 * the MOYASAR_* keys are unset, which production refuses (config.ts).
 */
import crypto from 'node:crypto';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Context } from 'koa';
import { DEV_MOYASAR_PREFIX, type Config } from '../../../config';
import { escapeHtml } from '../../../auth/dev-idp';
import type { GatewayInvoice, GatewayPayment } from './moyasar';

type Outcome = { status: 'paid' | 'failed'; message: string; code: string; threeDs?: boolean };

const paid = (threeDs = false): Outcome => ({ status: 'paid', message: 'APPROVED', code: '00', threeDs });
const failed = (message: string, code: string): Outcome => ({ status: 'failed', message, code });

/** Moyasar's published test cards (docs.moyasar.com, Testing Cards). */
const TEST_CARDS: Record<string, Outcome> = {
  // mada: a 3-D Secure step first
  '4201320111111010': paid(true),
  '4201320000013020': failed('UNSPECIFIED FAILURE', '99'),
  '4201320000311101': failed('INSUFFICIENT FUNDS', '51'),
  '4201320131000508': failed('DECLINED: LOST CARD', '41'),
  '4201321234411220': failed('DECLINED', '05'),
  '4201322267774310': failed('DECLINED: EXPIRED CARD', '54'),
  '4201326324640570': failed('DECLINED: EXCEEDS WITHDRAWAL LIMIT', '61'),
  '4201321144311528': failed('DECLINED: STOLEN CARD', '43'),
  // Visa
  '4111111111111111': paid(),
  '4123120000000000': failed('UNSPECIFIED FAILURE', '99'),
  '4123120001090000': failed('INSUFFICIENT FUNDS', '51'),
  '4123120001090109': failed('DECLINED', '05'),
  '4111118250252531': failed('3DS: attempted but not available', '05'),
  // Mastercard
  '5421080101000000': paid(),
  '5105105105105100': failed('UNSPECIFIED FAILURE', '99'),
  '5457210001000092': failed('INSUFFICIENT FUNDS', '51'),
};

/** Moyasar's Apple Pay test amounts (halalas; docs.moyasar.com, Apple Pay test cards): any other amount fails. */
const APPLE_PAY_AMOUNTS: Array<[number, number, Outcome]> = [
  [20000, 30000, paid()],
  [100000, 110000, failed('UNSPECIFIED FAILURE', '99')],
  [110100, 120000, failed('INSUFFICIENT FUNDS', '51')],
  [120100, 130000, failed('DECLINED: LOST CARD', '41')],
  [130100, 140000, failed('DECLINED', '05')],
  [140100, 150000, failed('DECLINED: EXPIRED CARD', '54')],
  [150100, 160000, failed('DECLINED: EXCEEDS WITHDRAWAL LIMIT', '61')],
  [160100, 170000, failed('DECLINED: STOLEN CARD', '43')],
];
const applePayOutcome = (amount: number): Outcome => APPLE_PAY_AMOUNTS.find(([lo, hi]) => amount >= lo && amount <= hi)?.[2] ?? failed('DECLINED', '05');

const CURRENCIES = new Set(['SAR', 'USD', 'EUR', 'AED', 'KWD', 'BHD', 'QAR', 'OMR']);
const MIN_AMOUNT = 100;

type Errors = Record<string, string[]>;
const refuse = (ctx: Context, status: number, type: string, message: string, errors: Errors | null = null) => {
  ctx.status = status;
  ctx.body = { type, message, errors };
};

const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

interface CardInput {
  name?: unknown;
  number?: unknown;
  month?: unknown;
  year?: unknown;
  cvc?: unknown;
}

/** What Moyasar's test environment checks of a card's fields, and the card's number. */
function cardErrors(source: CardInput, now: Date): { errors: Errors; number: string } {
  const errors: Errors = {};
  const number = String(source.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) errors['source.number'] = ['is invalid'];
  if (String(source.name ?? '').trim().split(/\s+/).length < 2) errors['source.name'] = ['must be two names or more'];
  const month = Number(source.month);
  const yearText = String(source.year ?? '');
  const year = Number(yearText.length === 2 ? `20${yearText}` : yearText);
  if (!Number.isInteger(month) || month < 1 || month > 12) errors['source.month'] = ['is invalid'];
  else if (!Number.isInteger(year) || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) errors['source.year'] = ['card is expired'];
  if (!/^\d{3,4}$/.test(String(source.cvc ?? ''))) errors['source.cvc'] = ['is invalid'];
  return { errors, number };
}

/** Moyasar's rules of an amount and currency. */
function amountErrors(body: Record<string, unknown>): Errors {
  const errors: Errors = {};
  if (!Number.isInteger(body.amount) || (body.amount as number) < MIN_AMOUNT) errors.amount = [`must be an integer greater than or equal to ${MIN_AMOUNT}`];
  if (body.currency !== undefined && !CURRENCIES.has(String(body.currency))) errors.currency = ['is not supported'];
  return errors;
}

function metadataOf(value: unknown): Record<string, string> | null | 'invalid' {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return 'invalid';
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 30 || entries.some(([, v]) => typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')) return 'invalid';
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}

const format = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency}`;
const withQuery = (url: string, params: Record<string, string>) => {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
};

function pageHtml(title: string, body: string): string {
  // It names the app's icon, or the browser asks /favicon.ico, which answers 404.
  return `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="icon" type="image/png" href="/icons/icon-192.png">
<style>body{font-family:system-ui,'Noto Sans Arabic',sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin-block:.8rem .2rem}input{inline-size:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}
.row{display:flex;gap:.5rem}.row>div{flex:1}button{margin-block-start:1.2rem;padding:.7rem 1.5rem;font-size:1rem}
.err{color:#b00020}.amount{font-size:1.5rem;font-weight:600}small{color:#555}</style></head><body>${body}</body></html>`;
}

export function devMoyasarRouter(config: Config): Router {
  if (config.production) throw new Error('The development Moyasar never runs in production');
  const { secretKey, publishableKey, webhookSecret } = config.moyasar;
  const invoices = new Map<string, GatewayInvoice>();
  const payments = new Map<string, GatewayPayment>();
  const base = `${config.publicUrl}${DEV_MOYASAR_PREFIX}`;
  const router = new Router({ prefix: DEV_MOYASAR_PREFIX });
  router.use(bodyParser({ enableTypes: ['json', 'form'], encoding: 'utf-8' }));

  /** The key of the Basic credentials, if it is ours: 'secret' or 'publishable'. */
  function keyOf(ctx: Context): 'secret' | 'publishable' | null {
    const m = /^Basic\s+(.+)$/i.exec(ctx.get('Authorization'));
    const user = m ? Buffer.from(m[1], 'base64').toString('utf8').split(':')[0] : '';
    const same = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
    return same(user, secretKey) ? 'secret' : same(user, publishableKey) ? 'publishable' : null;
  }
  const authenticated = (ctx: Context, publishableToo = false): boolean => {
    const key = keyOf(ctx);
    if (key === 'secret' || (publishableToo && key === 'publishable')) return true;
    refuse(ctx, 401, 'authentication_error', 'Invalid authorization credentials');
    return false;
  };
  const notFound = (ctx: Context) => refuse(ctx, 404, 'api_error', 'Object not found');

  const invoiceOut = (inv: GatewayInvoice): GatewayInvoice => ({ ...inv, payments: inv.payments.map((p) => payments.get(p.id)!) });

  async function sendEvent(type: string, payment: GatewayPayment): Promise<void> {
    const event = { id: crypto.randomUUID(), type, created_at: new Date().toISOString(), secret_token: webhookSecret, account_name: 'Binaa (development)', live: false, data: payment };
    try {
      await fetch(`${config.publicUrl}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      /* Moyasar retries; the callback settles it anyway */
    }
  }

  function newPayment(input: { amount: number; currency: string; description: string | null; callback_url: string | null; metadata: Record<string, string> | null; invoice_id: string | null; name: string; number: string; ip: string }): GatewayPayment {
    const now = new Date().toISOString();
    const payment: GatewayPayment = {
      id: crypto.randomUUID(),
      status: 'initiated',
      amount: input.amount,
      fee: 0,
      currency: input.currency,
      refunded: 0,
      refunded_at: null,
      captured: 0,
      captured_at: null,
      voided_at: null,
      description: input.description,
      amount_format: format(input.amount, input.currency),
      invoice_id: input.invoice_id,
      ip: input.ip,
      callback_url: input.callback_url,
      created_at: now,
      updated_at: now,
      metadata: input.metadata,
      source: {
        type: 'creditcard',
        company: input.number.startsWith('4201') ? 'mada' : input.number.startsWith('4') ? 'visa' : 'master',
        name: input.name,
        number: `XXXX-XXXX-XXXX-${input.number.slice(-4)}`,
        message: null,
        transaction_url: null,
        gateway_id: `moyasar_cc_${crypto.randomBytes(12).toString('base64url')}`,
        reference_number: null,
      },
    };
    payments.set(payment.id, payment);
    if (input.invoice_id) invoices.get(input.invoice_id)!.payments.push(payment);
    return payment;
  }

  /** A payment's outcome: its status and message, the invoice it pays, and the event. */
  async function conclude(payment: GatewayPayment, outcome: Pick<Outcome, 'status' | 'message'>): Promise<void> {
    if (payment.status !== 'initiated') return;
    payment.status = outcome.status;
    payment.source.message = outcome.message;
    payment.updated_at = new Date().toISOString();
    if (outcome.status === 'paid' && payment.invoice_id) {
      const inv = invoices.get(payment.invoice_id)!;
      inv.status = 'paid';
      inv.updated_at = payment.updated_at;
    }
    await sendEvent(outcome.status === 'paid' ? 'payment_paid' : 'payment_failed', payment);
  }

  /** Where the payer goes once a payment is concluded, as Moyasar redirects. */
  function redirectAfter(ctx: Context, payment: GatewayPayment): void {
    const inv = payment.invoice_id ? invoices.get(payment.invoice_id) : undefined;
    const target = inv?.success_url ?? payment.callback_url;
    if (!target) {
      ctx.type = 'html';
      ctx.body = pageHtml('Moyasar', `<p>${escapeHtml(payment.status)}: ${escapeHtml(payment.source.message ?? '')}</p>`);
      return;
    }
    ctx.status = 303;
    ctx.redirect(withQuery(target, { id: payment.id, status: payment.status, message: payment.source.message ?? '' }));
  }

  // ---- the API ----

  router.post('/v1/invoices', (ctx) => {
    if (!authenticated(ctx)) return;
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const errors = amountErrors(body);
    if (typeof body.description !== 'string' || !body.description.trim()) errors.description = ["can't be blank"];
    for (const k of ['success_url', 'back_url', 'callback_url'] as const) {
      if (body[k] !== undefined && body[k] !== null && !URL.canParse(String(body[k]))) errors[k] = ['is not a valid URL'];
    }
    const metadata = metadataOf(body.metadata);
    if (metadata === 'invalid') errors.metadata = ['is invalid'];
    if (Object.keys(errors).length) return refuse(ctx, 400, 'invalid_request_error', 'Validation Failed', errors);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const currency = String(body.currency ?? 'SAR');
    const invoice: GatewayInvoice = {
      id,
      status: 'initiated',
      amount: body.amount as number,
      currency,
      description: String(body.description),
      amount_format: format(body.amount as number, currency),
      url: `${base}/checkout/invoices/${id}`,
      callback_url: (body.callback_url as string) ?? null,
      success_url: (body.success_url as string) ?? null,
      back_url: (body.back_url as string) ?? null,
      expired_at: null,
      created_at: now,
      updated_at: now,
      metadata: metadata as Record<string, string> | null,
      payments: [],
    };
    invoices.set(id, invoice);
    ctx.status = 201;
    ctx.body = invoiceOut(invoice);
  });

  router.get('/v1/invoices/:id', (ctx) => {
    if (!authenticated(ctx)) return;
    const inv = invoices.get(ctx.params.id);
    if (!inv) return notFound(ctx);
    ctx.body = invoiceOut(inv);
  });

  const page = <T>(ctx: Context, all: T[], key: string) => {
    const per = 20;
    const current = Math.max(1, Number(ctx.query.page) || 1);
    const pages = Math.max(1, Math.ceil(all.length / per));
    ctx.body = {
      [key]: all.slice((current - 1) * per, current * per),
      meta: { current_page: current, next_page: current < pages ? current + 1 : null, prev_page: current > 1 ? current - 1 : null, total_pages: pages, total_count: all.length },
    };
  };

  router.get('/v1/invoices', (ctx) => {
    if (!authenticated(ctx)) return;
    page(ctx, [...invoices.values()].reverse().map(invoiceOut), 'invoices');
  });

  // A payment made directly, as Moyasar's payment form does with the publishable key.
  router.post('/v1/payments', async (ctx) => {
    if (!authenticated(ctx, true)) return;
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const source = (body.source ?? {}) as CardInput & { type?: unknown };
    const errors = amountErrors(body);
    if (body.currency === undefined) errors.currency = ["can't be blank"];
    if (typeof body.callback_url !== 'string' || !URL.canParse(body.callback_url)) errors.callback_url = ['is not a valid URL'];
    if (source.type !== 'creditcard') errors['source.type'] = ['is not supported here (creditcard)'];
    const card = cardErrors(source, new Date());
    Object.assign(errors, card.errors);
    const metadata = metadataOf(body.metadata);
    if (metadata === 'invalid') errors.metadata = ['is invalid'];
    if (Object.keys(errors).length) return refuse(ctx, 400, 'invalid_request_error', 'Validation Failed', errors);
    const payment = newPayment({
      amount: body.amount as number,
      currency: String(body.currency),
      description: typeof body.description === 'string' ? body.description : null,
      callback_url: body.callback_url as string,
      metadata: metadata as Record<string, string> | null,
      invoice_id: null,
      name: String(source.name),
      number: card.number,
      ip: ctx.ip,
    });
    const outcome = TEST_CARDS[card.number] ?? failed('DECLINED', '05');
    if (outcome.threeDs) payment.source.transaction_url = `${base}/checkout/3ds/${payment.id}`;
    else await conclude(payment, outcome);
    ctx.status = 201;
    ctx.body = payment;
  });

  router.get('/v1/payments/:id', (ctx) => {
    if (!authenticated(ctx)) return;
    const payment = payments.get(ctx.params.id);
    if (!payment) return notFound(ctx);
    ctx.body = payment;
  });

  router.get('/v1/payments', (ctx) => {
    if (!authenticated(ctx)) return;
    page(ctx, [...payments.values()].reverse(), 'payments');
  });

  router.post('/v1/payments/:id/refund', async (ctx) => {
    if (!authenticated(ctx)) return;
    const payment = payments.get(ctx.params.id);
    if (!payment) return notFound(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    if (!['paid', 'captured', 'refunded'].includes(payment.status) || payment.refunded >= payment.amount) {
      return refuse(ctx, 400, 'invalid_request_error', `Payment cannot be refunded while it is ${payment.status === 'refunded' ? 'fully refunded' : payment.status}`);
    }
    const left = payment.amount - payment.refunded;
    const amount = body.amount === undefined ? left : body.amount;
    if (!Number.isInteger(amount) || (amount as number) <= 0) return refuse(ctx, 400, 'invalid_request_error', 'Validation Failed', { amount: ['must be a positive integer'] });
    if ((amount as number) > left) return refuse(ctx, 400, 'invalid_request_error', 'Validation Failed', { amount: [`must be less than or equal to ${left}`] });
    payment.refunded += amount as number;
    payment.status = 'refunded';
    payment.refunded_at = payment.updated_at = new Date().toISOString();
    if (payment.invoice_id && payment.refunded === payment.amount) invoices.get(payment.invoice_id)!.status = 'refunded';
    await sendEvent('payment_refunded', payment);
    ctx.body = payment;
  });

  // ---- the hosted pages ----

  function invoicePage(inv: GatewayInvoice, error?: string): string {
    const cards = Object.entries(TEST_CARDS)
      .map(([n, o]) => `<li><code>${n}</code> · ${escapeHtml(o.status === 'paid' ? (o.threeDs ? 'APPROVED (3-D Secure)' : 'APPROVED') : o.message)}</li>`)
      .join('');
    const form =
      inv.status === 'paid'
        ? '<p>هذه الفاتورة مدفوعة · This invoice is paid.</p>'
        : `${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="POST" action="${DEV_MOYASAR_PREFIX}/checkout/invoices/${inv.id}">
<label for="name">الاسم على البطاقة · Name on card</label><input id="name" name="name" autocomplete="cc-name" required>
<label for="number">رقم البطاقة · Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="month">الشهر · Month</label><input id="month" name="month" inputmode="numeric" placeholder="MM" required></div>
<div><label for="year">السنة · Year</label><input id="year" name="year" inputmode="numeric" placeholder="YYYY" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
<button id="pay" type="submit">ادفع ${escapeHtml(inv.amount_format)} · Pay</button></form>
<form method="POST" action="${DEV_MOYASAR_PREFIX}/checkout/invoices/${inv.id}"><input type="hidden" name="method" value="applepay">
<button id="apple-pay" type="submit">Apple Pay</button> <small>(200.00–300.00 SAR paid, other amounts fail · ٢٠٠–٣٠٠ ريال تنجح)</small></form>`;
    const back = inv.back_url ? `<p><a href="${escapeHtml(inv.back_url)}">رجوع · Back</a></p>` : '';
    return pageHtml(
      'ميسّر التجريبي · Development Moyasar',
      `<h1>بوابة الدفع التجريبية · Development payment gateway</h1>
<p><small>ليست ميسّر الحقيقية ولا تعمل في الإنتاج · Not the real Moyasar; never in production.</small></p>
<p>${escapeHtml(inv.description)}</p><p class="amount" dir="ltr">${escapeHtml(inv.amount_format)}</p>${form}${back}
<details><summary>بطاقات الاختبار · Test cards (any future expiry, any CVC, a two-word name)</summary><ul dir="ltr">${cards}</ul></details>`,
    );
  }

  router.get('/checkout/invoices/:id', (ctx) => {
    const inv = invoices.get(ctx.params.id);
    if (!inv) return ctx.throw(404);
    ctx.type = 'html';
    ctx.body = invoicePage(inv);
  });

  router.post('/checkout/invoices/:id', async (ctx) => {
    const inv = invoices.get(ctx.params.id);
    if (!inv) return ctx.throw(404);
    if (inv.status === 'paid') {
      ctx.status = 409;
      ctx.type = 'html';
      ctx.body = invoicePage(inv);
      return;
    }
    const body = (ctx.request.body ?? {}) as CardInput & { method?: string };
    if (body.method === 'applepay') {
      // The wallet's token stands in for the card: the outcome follows the amount, as in Moyasar's test environment.
      const payment = newPayment({ amount: inv.amount, currency: inv.currency, description: inv.description, callback_url: inv.url, metadata: inv.metadata, invoice_id: inv.id, name: 'Apple Pay', number: '4111111111111111', ip: ctx.ip });
      Object.assign(payment.source, { type: 'applepay', company: 'visa' });
      await conclude(payment, applePayOutcome(inv.amount));
      return redirectAfter(ctx, payment);
    }
    const card = cardErrors(body, new Date());
    if (Object.keys(card.errors).length) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = invoicePage(inv, Object.entries(card.errors).map(([k, v]) => `${k.replace('source.', '')} ${v.join(', ')}`).join('; '));
      return;
    }
    const payment = newPayment({ amount: inv.amount, currency: inv.currency, description: inv.description, callback_url: inv.url, metadata: inv.metadata, invoice_id: inv.id, name: String(body.name), number: card.number, ip: ctx.ip });
    const outcome = TEST_CARDS[card.number] ?? failed('DECLINED', '05');
    if (outcome.threeDs) {
      payment.source.transaction_url = `${base}/checkout/3ds/${payment.id}`;
      ctx.status = 303;
      ctx.redirect(payment.source.transaction_url);
      return;
    }
    await conclude(payment, outcome);
    redirectAfter(ctx, payment);
  });

  router.get('/checkout/3ds/:id', (ctx) => {
    const payment = payments.get(ctx.params.id);
    if (!payment || payment.status !== 'initiated') return ctx.throw(404);
    ctx.type = 'html';
    ctx.body = pageHtml(
      '3-D Secure',
      `<h1>التحقق الآمن 3-D Secure</h1><p>مصرفك يطلب تأكيد هذه الدفعة · Your bank asks you to confirm this payment.</p>
<p class="amount" dir="ltr">${escapeHtml(payment.amount_format)}</p><p dir="ltr">${escapeHtml(payment.source.number ?? '')}</p>
<form method="POST" action="${DEV_MOYASAR_PREFIX}/checkout/3ds/${payment.id}"><button type="submit" name="action" value="authenticate">تأكيد · Authenticate</button>
<button type="submit" name="action" value="fail">إلغاء · Fail authentication</button></form>`,
    );
  });

  router.post('/checkout/3ds/:id', async (ctx) => {
    const payment = payments.get(ctx.params.id);
    if (!payment || payment.status !== 'initiated') return ctx.throw(404);
    const action = ((ctx.request.body ?? {}) as { action?: string }).action;
    await conclude(payment, action === 'authenticate' ? paid() : failed('3-D Secure transaction attempt failed', '05'));
    redirectAfter(ctx, payment);
  });

  return router;
}
