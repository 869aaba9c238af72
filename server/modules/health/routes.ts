import Router from '@koa/router';

/** GET /api/health: the process answers and the database does too. */
export function healthRouter(): Router {
  const router = new Router();
  router.get('/api/health', async (ctx) => {
    await ctx.deps.knex.raw('select 1');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ok: true, db: ctx.deps.dbKind };
  });
  return router;
}
