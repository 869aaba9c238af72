/**
 * Notification reads a client may queue offline, through the same
 * service functions as PUT /api/notifications/:id/read and /mark-all-read.
 */
import { defineMutation, type AreaMutations } from '../sync/contracts';
import { markAllNotificationsRead, markNotificationRead } from './service';

export const mutations = {
  'notification.read': defineMutation('notification.read', (trx, user, { id }) => markNotificationRead(trx, user, id)),
  'notification.read_all': defineMutation('notification.read_all', (trx, user) => markAllNotificationsRead(trx, user)),
} satisfies AreaMutations<'notification.read' | 'notification.read_all'>;
