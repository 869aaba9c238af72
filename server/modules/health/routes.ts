import Router from '@koa/router';
import { route } from '../../http/route';

/** GET /api/health: the process answers and the database does too. */
export function healthRouter(): Router {
  const router = new Router();
  route(router, { method: 'get', path: '/api/health', summary: 'Liveness and database kind', tag: 'meta', access: 'public' }, async ({ ctx, knex }) => {
    await knex.raw('select 1');
    ctx.set('Cache-Control', 'no-store');
    return { ok: true, db: ctx.deps.dbKind };
  });
  return router;
}
