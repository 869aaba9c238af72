/**
 * The development Moyasar's hosted pages: an invoice's page (its url), a plain HTML form
 * in Arabic and English taking a test card or Apple Pay, and the 3-D Secure step of a
 * mada card (authenticate or fail); the payer is then sent to the invoice's success_url
 * with ?id=<payment id>&status=&message=, as Moyasar redirects.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { DEV_MOYASAR_PREFIX } from '../../../config';
import { escapeHtml } from '../../../auth/dev-idp';
import type { GatewayInvoice, GatewayPayment } from '../moyasar';
import { applePayOutcome, cardErrors, failed, paid, TEST_CARDS, type CardInput } from './rules';
import type { DevGateway } from './state';

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

/** Where the payer goes once a payment is concluded, as Moyasar redirects. */
function redirectAfter(ctx: Context, gw: DevGateway, payment: GatewayPayment): void {
  const inv = payment.invoice_id ? gw.invoices.get(payment.invoice_id) : undefined;
  const target = inv?.success_url ?? payment.callback_url;
  if (!target) {
    ctx.type = 'html';
    ctx.body = pageHtml('Moyasar', `<p>${escapeHtml(payment.status)}: ${escapeHtml(payment.source.message ?? '')}</p>`);
    return;
  }
  ctx.status = 303;
  ctx.redirect(withQuery(target, { id: payment.id, status: payment.status, message: payment.source.message ?? '' }));
}

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

export function mountHostedPages(router: Router, gw: DevGateway): void {
  router.get('/checkout/invoices/:id', (ctx) => {
    const inv = gw.invoices.get(ctx.params.id);
    if (!inv) return ctx.throw(404);
    ctx.type = 'html';
    ctx.body = invoicePage(inv);
  });

  router.post('/checkout/invoices/:id', async (ctx) => {
    const inv = gw.invoices.get(ctx.params.id);
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
      const payment = gw.newPayment({ amount: inv.amount, currency: inv.currency, description: inv.description, callback_url: inv.url, metadata: inv.metadata, invoice_id: inv.id, name: 'Apple Pay', number: '4111111111111111', ip: ctx.ip });
      Object.assign(payment.source, { type: 'applepay', company: 'visa' });
      await gw.conclude(payment, applePayOutcome(inv.amount));
      return redirectAfter(ctx, gw, payment);
    }
    const card = cardErrors(body, new Date());
    if (Object.keys(card.errors).length) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = invoicePage(inv, Object.entries(card.errors).map(([k, v]) => `${k.replace('source.', '')} ${v.join(', ')}`).join('; '));
      return;
    }
    const payment = gw.newPayment({ amount: inv.amount, currency: inv.currency, description: inv.description, callback_url: inv.url, metadata: inv.metadata, invoice_id: inv.id, name: String(body.name), number: card.number, ip: ctx.ip });
    const outcome = TEST_CARDS[card.number] ?? failed('DECLINED', '05');
    if (outcome.threeDs) {
      payment.source.transaction_url = `${gw.base}/checkout/3ds/${payment.id}`;
      ctx.status = 303;
      ctx.redirect(payment.source.transaction_url);
      return;
    }
    await gw.conclude(payment, outcome);
    redirectAfter(ctx, gw, payment);
  });

  router.get('/checkout/3ds/:id', (ctx) => {
    const payment = gw.payments.get(ctx.params.id);
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
    const payment = gw.payments.get(ctx.params.id);
    if (!payment || payment.status !== 'initiated') return ctx.throw(404);
    const action = ((ctx.request.body ?? {}) as { action?: string }).action;
    await gw.conclude(payment, action === 'authenticate' ? paid() : failed('3-D Secure transaction attempt failed', '05'));
    redirectAfter(ctx, gw, payment);
  });
}
