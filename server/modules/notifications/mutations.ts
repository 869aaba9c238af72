/**
 * Notification reads a client may queue offline, through the same
 * service functions as PUT /api/notifications/:id/read and /mark-all-read.
 */
import { areaMutations } from '../sync/contracts';
import { markAllNotificationsRead, markNotificationRead } from './service';

export const mutations = areaMutations({
  'notification.read': (trx, user, { id }) => markNotificationRead(trx, user, id),
  'notification.read_all': (trx, user) => markAllNotificationsRead(trx, user),
});
