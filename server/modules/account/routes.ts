/**
 * The person's own account over HTTP: deleting it (deletion.ts says what goes and what the
 * law keeps). The session cookie that asked ends with it.
 */
import Router from '@koa/router';
import { route } from '../../http/route';
import { accountDeleteSchema } from '../../../shared/schemas/account-deletion';
import { deleteAccount } from './deletion';

export function accountRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'delete',
      path: '/api/account',
      summary: "Delete my account, confirmed by its email typed again: personal data erased, sessions and push devices ended, devices emptied at their next sync; tax documents kept as the law requires",
      tag: 'session',
      access: 'user',
      body: accountDeleteSchema,
      status: 204,
    },
    async ({ ctx, knex, user, body }) => {
      await knex.transaction((trx) => deleteAccount(trx, user, body.confirm));
      // This browser's session is a tombstone now; it has nothing left to say to this one.
      ctx.session = null;
    },
  );

  return router;
}
