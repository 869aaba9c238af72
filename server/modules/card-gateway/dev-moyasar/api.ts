/**
 * The development Moyasar's API under /v1, in Moyasar's paths and shapes (../moyasar.ts):
 * HTTP Basic with the secret key (the publishable key may only create a payment, as the
 * payment form does); invoices and payments created, read and listed a page of 20 at a
 * time; a refund only of a paid payment and never beyond what was paid; errors in
 * Moyasar's shape ({type, message, errors}).
 */
import crypto from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../../../config';
import type { GatewayInvoice } from '../moyasar';
import { amountErrors, cardErrors, failed, metadataOf, TEST_CARDS, type CardInput, type Errors } from './rules';
import { format, type DevGateway } from './state';

const refuse = (ctx: Context, status: number, type: string, message: string, errors: Errors | null = null) => {
  ctx.status = status;
  ctx.body = { type, message, errors };
};

export function mountApi(router: Router, gw: DevGateway, config: Config): void {
  const { secretKey, publishableKey } = config.moyasar;

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
      url: `${gw.base}/checkout/invoices/${id}`,
      callback_url: (body.callback_url as string) ?? null,
      success_url: (body.success_url as string) ?? null,
      back_url: (body.back_url as string) ?? null,
      expired_at: null,
      created_at: now,
      updated_at: now,
      metadata: metadata as Record<string, string> | null,
      payments: [],
    };
    gw.invoices.set(id, invoice);
    ctx.status = 201;
    ctx.body = gw.invoiceOut(invoice);
  });

  router.get('/v1/invoices/:id', (ctx) => {
    if (!authenticated(ctx)) return;
    const inv = gw.invoices.get(ctx.params.id);
    if (!inv) return notFound(ctx);
    ctx.body = gw.invoiceOut(inv);
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
    page(ctx, [...gw.invoices.values()].reverse().map(gw.invoiceOut), 'invoices');
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
    const payment = gw.newPayment({
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
    if (outcome.threeDs) payment.source.transaction_url = `${gw.base}/checkout/3ds/${payment.id}`;
    else await gw.conclude(payment, outcome);
    ctx.status = 201;
    ctx.body = payment;
  });

  router.get('/v1/payments/:id', (ctx) => {
    if (!authenticated(ctx)) return;
    const payment = gw.payments.get(ctx.params.id);
    if (!payment) return notFound(ctx);
    ctx.body = payment;
  });

  router.get('/v1/payments', (ctx) => {
    if (!authenticated(ctx)) return;
    page(ctx, [...gw.payments.values()].reverse(), 'payments');
  });

  router.post('/v1/payments/:id/refund', async (ctx) => {
    if (!authenticated(ctx)) return;
    const payment = gw.payments.get(ctx.params.id);
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
    if (payment.invoice_id && payment.refunded === payment.amount) gw.invoices.get(payment.invoice_id)!.status = 'refunded';
    await gw.sendEvent('payment_refunded', payment);
    ctx.body = payment;
  });
}
