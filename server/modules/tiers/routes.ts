/** The company's own tier progress over HTTP (owner and members): what the next tier still needs. */
import Router from '@koa/router';
import { route } from '../../http/route';
import { tierProgressSchema } from '../../../shared/schemas/tier-progress';
import { getTierProgress } from './service';

export function tiersRouter(): Router {
  const router = new Router();
  route(
    router,
    {
      method: 'get',
      path: '/api/company/tier',
      summary: "My company's verification tier and what the next tier still needs, by the rule the pricing page shows (owner and members)",
      tag: 'company',
      access: 'user',
      response: tierProgressSchema,
    },
    ({ ctx, knex, user }) => getTierProgress(knex, user, ctx.deps.clock.now()),
  );
  return router;
}
