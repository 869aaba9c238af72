/**
 * Notification reads a client may queue offline (DESIGN section 10), through the same
 * service functions as PUT /api/notifications/:id/read and /mark-all-read.
 */
import { defineMutation, type MutationTable } from '../sync/contracts';
import { notificationReadAllArgsSchema, notificationReadArgsSchema } from '../../../shared/schemas/notification';
import { markAllNotificationsRead, markNotificationRead } from './service';

export const mutations: MutationTable = {
  'notification.read': defineMutation({
    schema: notificationReadArgsSchema,
    run: (trx, user, { id }) => markNotificationRead(trx, user, id),
  }),
  'notification.read_all': defineMutation({
    schema: notificationReadAllArgsSchema,
    run: (trx, user) => markAllNotificationsRead(trx, user),
  }),
};
