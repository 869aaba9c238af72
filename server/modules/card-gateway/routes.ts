/**
 * The gateway's two doors: its redirect after a payment (callback) and its event
 * (webhook) settle the payment through checkout.ts settlePayment, which believes only
 * what it fetches back from the gateway with the secret key. The webhook is taken only
 * with the secret token set in Moyasar's dashboard (MOYASAR_WEBHOOK_SECRET), compared in
 * constant time. What each purpose's payment pays for comes in as `settlers`, given by
 * the composition root, so the gateway imports no module that sells something.
 */
import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { CardReason } from '../../../shared/card-reason';
import { AppError, unauthenticated } from '../../../shared/errors';
import { cardCallbackQuerySchema, cardWebhookAnswerSchema, cardWebhookSchema, type CardResult } from '../../../shared/schemas/card';
import { routeThenCall, WithStatus } from '../../http/route';
import { CALLBACK_PATH, settlePayment, type SettleOutcome, type Settlers } from './checkout';

const tag = 'payments';

/** The path Moyasar's dashboard names for the webhook (app.ts exempts it from the origin check: the gateway sends no Origin). */
export const WEBHOOK_PATH = '/api/payments/webhook';

const sameSecret = (given: string | undefined, expected: string): boolean => {
  if (!given) return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
};

export function cardGatewayRouter(settlers: Settlers): Router {
  const router = new Router();
  const settleDeps = (ctx: Context) => ({ config: ctx.deps.config, logger: ctx.deps.logger, now: ctx.deps.clock.now(), settlers });

  /** Once a payment is settled (or a settled one is reported again, refunded perhaps): its purpose's work after the commit, which never fails the answer. */
  async function afterSettled(ctx: Context, knex: Knex, outcome: SettleOutcome): Promise<void> {
    if (outcome.result !== 'paid' || !outcome.checkout.gateway_payment_id) return;
    await settlers[outcome.checkout.purpose].afterPaid?.(knex, ctx.deps, outcome.checkout.gateway_payment_id, ctx.deps.clock.now());
  }

  routeThenCall(
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

  routeThenCall(
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
