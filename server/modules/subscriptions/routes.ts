/**
 * Plans, my subscription, my usage, subscribing and the free trial over HTTP. The plans are public, so the pricing page works before sign-in.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { route } from '../../http/route';
import {
  freeTrialSchema,
  subscribeSchema,
  subscriptionPlanSchema,
  usageSchema,
  userSubscriptionSchema,
} from '../../../shared/schemas/subscription';
import { listPlans } from './plans';
import { getMySubscription, getUsage, startFreeTrial, subscribe } from './service';

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
    ({ knex, user }) => getMySubscription(knex, user),
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
    ({ knex, user }) => getUsage(knex, user),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/subscription/subscribe',
      summary: 'Subscribe to a paid plan for a month or a year (no payment is taken: billing is not integrated)',
      tag: TAG,
      access: 'user',
      body: subscribeSchema,
      response: userSubscriptionSchema,
    },
    ({ knex, user, body }) => knex.transaction((trx) => subscribe(trx, user, body)),
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
    ({ knex, user }) => knex.transaction((trx) => startFreeTrial(trx, user)),
  );

  return router;
}
