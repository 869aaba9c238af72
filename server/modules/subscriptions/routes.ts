/**
 * Plans, my subscription, my usage, paying for a plan, cancelling it and the free trial over HTTP. The plans are public, so the pricing page works before sign-in.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { route, routeThenCall } from '../../http/route';
import {
  cancelSubscriptionSchema,
  cancelledSubscriptionSchema,
  freeTrialSchema,
  subscribeSchema,
  subscriptionPlanSchema,
  usageSchema,
  userSubscriptionSchema,
} from '../../../shared/schemas/subscription';
import { listPlans } from './plans';
import { REFUND_WINDOW_DAYS } from '../../../shared/constants';
import { paymentUrlSchema } from '../../../shared/schemas/card';
import { cancelSubscription, startPlanCheckout } from './billing';
import { creditRefundsOf } from '../invoices/plan-invoices';
import { getMySubscription, getUsage, startFreeTrial } from './service';

const TAG = 'subscriptions';

export function subscriptionsRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: '/api/subscription/plans',
      summary: 'The four plans with SAR prices, features, limits (999 = unlimited) and the yearly saving',
      tag: TAG,
      access: 'public',
      response: z.array(subscriptionPlanSchema),
    },
    ({ knex }) => listPlans(knex),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/subscription/my',
      summary: 'My subscription: free without one, expired (and free) once its period or trial has ended',
      tag: TAG,
      access: 'user',
      response: userSubscriptionSchema,
    },
    ({ ctx, knex, user }) => getMySubscription(knex, user, ctx.deps.clock.now()),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/subscription/usage',
      summary: "My products, projects and active instant orders, with my plan's limits",
      tag: TAG,
      access: 'user',
      response: usageSchema,
    },
    ({ ctx, knex, user }) => getUsage(knex, user, ctx.deps.clock.now()),
  );

  routeThenCall(
    router,
    {
      method: 'post',
      path: '/api/subscription/subscribe',
      summary:
        "Pay for a paid plan for a month or a year (its price, 15 % VAT included): answers the card gateway's payment_url; the plan changes only once the payment is verified (callback or webhook)",
      tag: TAG,
      access: 'user',
      body: subscribeSchema,
      response: paymentUrlSchema,
    },
    ({ ctx, knex, user, body }) => startPlanCheckout(knex, ctx.deps.config, user, body),
  );

  routeThenCall(
    router,
    {
      method: 'post',
      path: '/api/subscription/cancel',
      summary: `Cancel the running paid plan: within ${REFUND_WINDOW_DAYS} days of its payment it is refunded and falls back to free at once; later it runs to its period's end and does not renew (409 no_paid_plan without one)`,
      tag: TAG,
      access: 'user',
      body: cancelSubscriptionSchema,
      response: cancelledSubscriptionSchema,
    },
    async ({ ctx, knex, user }) => {
      const cancelled = await cancelSubscription(knex, ctx.deps.config, user, ctx.deps.clock.now());
      if (cancelled.refunded !== null) await creditRefundsOf(knex, ctx.deps, user.account_id, ctx.deps.clock.now());
      return cancelled;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/subscription/free-trial',
      summary: 'Start the 14-day basic trial: once, and only from the free plan (else 409 trial_not_available)',
      tag: TAG,
      access: 'user',
      body: freeTrialSchema,
      response: userSubscriptionSchema,
    },
    ({ ctx, knex, user }) => knex.transaction((trx) => startFreeTrial(trx, user, ctx.deps.clock.now())),
  );

  return router;
}
