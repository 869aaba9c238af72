/**
 * A user's notifications over HTTP: the list the client polls every 30 s,
 * with the unread count for the badge in X-Unread-Count, and the two ways to mark read.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { listResult, route } from '../../http/route';
import {
  markAllReadResultSchema,
  notificationListQuerySchema,
  notificationSchema,
} from '../../../shared/schemas/notification';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './service';

const TAG = 'notifications';

export function notificationsRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: '/api/notifications',
      summary: 'My notifications, newest first (unread=true for the unread ones); X-Unread-Count has the unread total',
      tag: TAG,
      access: 'user',
      query: notificationListQuerySchema,
      response: z.array(notificationSchema),
    },
    async ({ ctx, knex, user, query }) => {
      const list = await listNotifications(knex, user, query);
      ctx.set('X-Unread-Count', String(list.unread));
      const items = listResult(ctx, list);
      ctx.set('Access-Control-Expose-Headers', 'X-Total-Count, X-Unread-Count');
      return items;
    },
  );

  route(
    router,
    {
      method: 'put',
      path: '/api/notifications/mark-all-read',
      summary: 'Mark all my notifications read',
      tag: TAG,
      access: 'user',
      response: markAllReadResultSchema,
    },
    ({ knex, user }) => knex.transaction((trx) => markAllNotificationsRead(trx, user)),
  );

  route(
    router,
    {
      method: 'put',
      path: '/api/notifications/{id}/read',
      summary: "Mark one of my notifications read (another user's is 404)",
      tag: TAG,
      access: 'user',
      response: notificationSchema,
    },
    ({ knex, user, params }) => knex.transaction((trx) => markNotificationRead(trx, user, params.id)),
  );

  return router;
}
