/**
 * Card payments over HTTP: the buyer starts one; the gateway's redirect (callback) and its
 * event (webhook) settle it through gateway/checkout.ts settlePayment, which believes
 * only what it fetches back from the gateway with the secret key. The webhook is taken
 * only with the secret token set in Moyasar's dashboard (MOYASAR_WEBHOOK_SECRET),
 * compared in constant time.
 */
import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { CardReason } from '../../../shared/card-reason';
import { AppError, unauthenticated } from '../../../shared/errors';
import { cardCallbackQuerySchema, cardWebhookAnswerSchema, cardWebhookSchema, paymentUrlSchema, type CardResult } from '../../../shared/schemas/card';
import { route, WithStatus } from '../../http/route';
import { catchUpPlanPayment } from '../subscriptions/plan-invoices';
import { CALLBACK_PATH, settlePayment, type SettleOutcome } from './gateway/checkout';
import { payInvoice } from './card';
import { SETTLERS } from './settlers';

const tag = 'payments';

/** The path Moyasar's dashboard names for the webhook (app.ts exempts it from the origin check: the gateway sends no Origin). */
export const WEBHOOK_PATH = '/api/payments/webhook';

const sameSecret = (given: string | undefined, expected: string): boolean => {
  if (!given) return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
};

const settleDeps = (ctx: Context) => ({ config: ctx.deps.config, logger: ctx.deps.logger, now: ctx.deps.clock.now(), settlers: SETTLERS });

/** Once a plan's payment is settled (or a settled one is reported again, refunded perhaps): its tax invoice or credit note, after the commit; it never fails the answer. */
async function afterSettled(ctx: Context, knex: Knex, outcome: SettleOutcome): Promise<void> {
  if (outcome.result === 'paid' && outcome.checkout.purpose === 'plan' && outcome.checkout.gateway_payment_id) {
    await catchUpPlanPayment(knex, ctx.deps, outcome.checkout.gateway_payment_id, ctx.deps.clock.now());
  }
}

export function cardPaymentsRouter(): Router {
  const router = new Router();

  route(
    router,
    { method: 'post', path: '/api/invoices/{id}/pay', summary: "The buyer pays what is left of an invoice by card (mada, Visa, Mastercard, Apple Pay) on the gateway's page", tag, access: 'user', response: paymentUrlSchema },
    ({ ctx, knex, user, params }) => payInvoice(knex, ctx.deps.config, user, params.id),
  );

  route(
    router,
    {
      method: 'get',
      path: CALLBACK_PATH,
      summary: "The gateway's redirect after a card payment: the payment is fetched back and settled if it matches; the browser goes back to where it began with ?card=",
      tag,
      access: 'public',
      query: cardCallbackQuerySchema,
      status: 303,
    },
    async ({ ctx, knex, query }) => {
      // A reason's code when one names it (the page translates it), else the gateway's own words.
      const back = async (result: CardResult, why: { reason: CardReason | null; message: string } | null, returnPath: string | undefined) => {
        const params = new URLSearchParams({ card: result, ...(why === null ? {} : why.reason === null ? { message: why.message } : { reason: why.reason }) });
        ctx.set('Location', `${returnPath ?? '/'}?${params}`);
        return new WithStatus(303, `Redirecting (${result})`);
      };
      try {
        const outcome = await settlePayment(knex, settleDeps(ctx), query.id, query.checkout);
        await afterSettled(ctx, knex, outcome);
        return back(outcome.result === 'rejected' ? 'refused' : outcome.result, outcome.result === 'paid' ? null : outcome, outcome.checkout?.return_path);
      } catch (err) {
        // The gateway did not answer: the page says so; its webhook settles the payment later.
        if (!(err instanceof AppError) || err.code !== 'gateway_unavailable') throw err;
        const asked = query.checkout ? await knex('card_checkouts').where({ id: query.checkout }).first('return_path') : undefined;
        return back('failed', { reason: 'gateway_unavailable', message: err.message }, asked?.return_path);
      }
    },
  );

  route(
    router,
    {
      method: 'post',
      path: WEBHOOK_PATH,
      summary: "The gateway's payment event (Moyasar webhook, with its secret token): the payment is fetched back and settled if it matches; idempotent",
      tag,
      access: 'public',
      body: cardWebhookSchema,
      response: cardWebhookAnswerSchema,
    },
    async ({ ctx, knex, body }) => {
      if (!sameSecret(body.secret_token, ctx.deps.config.moyasar.webhookSecret)) throw unauthenticated('The webhook secret token is missing or wrong');
      const outcome = await settlePayment(knex, settleDeps(ctx), body.data.id);
      await afterSettled(ctx, knex, outcome);
      ctx.deps.logger.info({ event: body.id, type: body.type, payment: body.data.id, result: outcome.result }, 'card webhook');
      return { received: true as const };
    },
  );

  return router;
}
