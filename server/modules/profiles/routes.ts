import Router from '@koa/router';
import { profileUpsertSchema } from '../../../shared/schemas/profile';
import { requireUser } from '../../http/guards';
import { parse } from '../../http/validate';
import { getProfile, saveProfile } from './service';

export function profilesRouter(): Router {
  const router = new Router();

  router.get('/api/profiles/me', async (ctx) => {
    ctx.body = await getProfile(ctx.deps.knex, requireUser(ctx).id);
  });

  router.post('/api/profiles', async (ctx) => {
    const user = requireUser(ctx);
    const input = parse(profileUpsertSchema, ctx.request.body);
    ctx.body = await ctx.deps.knex.transaction((trx) => saveProfile(trx, user, input));
  });

  return router;
}
