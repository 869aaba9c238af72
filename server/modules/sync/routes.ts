import Router from '@koa/router';
import { pullQuerySchema, pullResponseSchema, pushBodySchema, pushResponseSchema } from '../../../shared/sync';
import { route } from '../../http/route';
import type { SyncRegistry } from './contracts';
import { pull } from './pull';
import { push } from './push';

/** The pull and the push, over every area's loaders and mutations (the registry, given by the composition root). */
export function syncRouter(registry: SyncRegistry): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: '/api/sync/pull',
      summary: 'Changes after the cursor that this user may see; {reset: true} when the cursor is too old',
      tag: 'sync',
      access: 'user',
      query: pullQuerySchema,
      response: pullResponseSchema,
    },
    async ({ ctx, knex, user, query }) => {
      ctx.set('Cache-Control', 'no-store');
      // A pull writes nothing: the feed carries openings and final awards once the upkeep
      // has written them (projects/tender-sweep.ts).
      const answer = await pull(knex, registry.loaders, user, {
        now: ctx.deps.clock.now(),
        cursor: query.cursor || undefined,
        limit: query.limit,
        clientId: query.client_id,
        entities: query.entities,
      });
      ctx.deps.metrics?.pulled(answer);
      return answer;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/sync/push',
      summary: 'Apply queued offline mutations in order, each exactly once',
      tag: 'sync',
      access: 'user',
      body: pushBodySchema,
      response: pushResponseSchema,
    },
    async ({ ctx, knex, user, body }) => {
      const answer = await push(knex, registry, ctx.deps, user, body, ctx.log);
      ctx.deps.metrics?.pushed(body.mutations, answer.results, (name) => Object.hasOwn(registry.mutations, name));
      return answer;
    },
  );

  return router;
}
