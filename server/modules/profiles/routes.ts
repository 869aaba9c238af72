import Router from '@koa/router';
import { profileSchema, profileUpsertSchema } from '../../../shared/schemas/profile';
import { route } from '../../http/route';
import { getProfile, saveProfile } from './service';

export function profilesRouter(): Router {
  const router = new Router();

  route(
    router,
    { method: 'get', path: '/api/profiles/me', summary: 'My profile (404 before setup)', tag: 'profiles', access: 'user', response: profileSchema },
    ({ knex, user }) => getProfile(knex, user.account_id),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/profiles',
      summary: 'Create or update my profile; the role cannot change after setup',
      tag: 'profiles',
      access: 'user',
      body: profileUpsertSchema,
      response: profileSchema,
    },
    ({ knex, user, body }) => knex.transaction((trx) => saveProfile(trx, user, body)),
  );

  return router;
}
