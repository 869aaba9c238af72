import Router from '@koa/router';
import { route } from '../../http/route';
import { pushUnavailable, unauthenticated } from '../../../shared/errors';
import { pushDeviceQuerySchema, pushKeySchema, pushPreferencesSchema, pushSubscribeSchema } from '../../../shared/push';
import { sessionIdOf } from '../../auth/session-id';
import { getPreferences, setPreferences, subscribe, unsubscribe } from './service';

export function pushRouter(): Router {
  const router = new Router();

  route(
    router,
    { method: 'get', path: '/api/push/key', summary: "The server's VAPID public key (null: push is off)", tag: 'push', access: 'public', response: pushKeySchema },
    ({ ctx }) => ({ public_key: ctx.deps.config.push.vapid?.publicKey ?? null }),
  );

  route(
    router,
    { method: 'put', path: '/api/push/subscription', summary: "This device's push subscription (one per device)", tag: 'push', access: 'user', body: pushSubscribeSchema, status: 204 },
    async ({ ctx, knex, user, body }) => {
      const { config, live, push } = ctx.deps;
      if (!config.push.vapid) throw pushUnavailable();
      const sessionId = sessionIdOf(ctx);
      if (!sessionId) throw unauthenticated();
      await subscribe(knex, user, sessionId, body, config.push.hosts);
      // This process now sends too (the listener says when messages wait).
      await live?.start();
      push?.start();
    },
  );

  route(
    router,
    { method: 'delete', path: '/api/push/subscription', summary: "Remove this device's push subscription", tag: 'push', access: 'user', query: pushDeviceQuerySchema, status: 204 },
    ({ knex, user, query }) => unsubscribe(knex, user, query.device_id),
  );

  route(
    router,
    { method: 'get', path: '/api/push/preferences', summary: 'Which kinds of news are pushed', tag: 'push', access: 'user', response: pushPreferencesSchema },
    ({ knex, user }) => getPreferences(knex, user),
  );

  route(
    router,
    { method: 'put', path: '/api/push/preferences', summary: 'Turn kinds of news on or off', tag: 'push', access: 'user', body: pushPreferencesSchema, response: pushPreferencesSchema },
    ({ knex, user, body }) => setPreferences(knex, user, body),
  );

  return router;
}
