/**
 * POST /api/quick-signup: public, validated on the server (400 names the missing fields),
 * and rate limited per IP (config.limits.quickSignupPerHour) because it is the one write
 * anyone can make without signing in. Only accepted submissions count against the limit,
 * so a visitor correcting a form is not locked out by their own mistakes.
 */
import Router from '@koa/router';
import { route } from '../../http/route';
import { Limiter } from '../../http/rate-limit';
import { quickSignupResultSchema, quickSignupSchema } from '../../../shared/schemas/quick-signup';
import { createRegistrationRequest } from './service';

export function quickSignupRouter(): Router {
  const router = new Router();
  // One budget per app, sized from its config on first use (tests lower it per server).
  let limiter: Limiter | undefined;

  route(
    router,
    {
      method: 'post',
      path: '/api/quick-signup',
      summary: 'Ask to join as a supplier or transport company; stored for admins to review (rate limited per IP)',
      tag: 'quick-signup',
      access: 'public',
      body: quickSignupSchema,
      response: quickSignupResultSchema,
      status: 201,
    },
    async ({ ctx, knex, body }) => {
      limiter ??= new Limiter('quick-signup', ctx.deps.config.limits.quickSignupPerHour, 3600);
      await limiter.consume(ctx, ctx.ip);
      return createRegistrationRequest(knex, body, ctx.ip || null);
    },
  );

  return router;
}
