/**
 * Who may see notifications, and who receives their changes (server/db/policy.ts): each
 * is its recipient's only.
 */
import { definePolicy } from '../../db/policy';

export const notificationPolicy = definePolicy<{ user_id: string }>({
  entity: 'notification',
  audience: [{ user_in: 'user_id' }],
  rows: (db) => db('notifications').select('id', 'user_id'),
  /** Table: notifications. */
  visible: (q, user) => (user ? q.where('notifications.user_id', user.account_id) : q.whereRaw('false')),
});
