/**
 * A user's notifications: the list (all or unread, newest first, with the unread count
 * the navigation badge shows), marking one read and marking all read. Nobody reads or
 * marks another user's: their ids answer 404, as if they did not exist. Writing them is
 * notify.ts's job, inside the transaction of the event that causes them.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { Notification, NotificationListQuery } from '../../../shared/schemas/notification';
import { notFound } from '../../../shared/errors';
import { recordChanges } from '../../db/changes';
import { page, type Page } from '../../db/page';
import { notificationPolicy } from './policy';

const COLUMNS = ['id', 'kind', 'params', 'type', 'priority', 'title', 'message', 'is_read', 'created_at'];

/** A user's notifications as the API presents them. */
export const notificationQuery = (db: Knex, userId: string) => db('notifications').where({ user_id: userId }).select(COLUMNS);

async function unreadCount(db: Knex, userId: string): Promise<number> {
  const [row] = await db('notifications').where({ user_id: userId, is_read: false }).count<{ count: number | string }[]>('* as count');
  return Number(row?.count ?? 0);
}

export async function listNotifications(
  knex: Knex,
  user: SessionUser,
  query: NotificationListQuery,
): Promise<Page<Notification> & { unread: number }> {
  const q = notificationQuery(knex, user.account_id);
  if (query.unread) q.where({ is_read: false });
  const list = await page<Notification>(q, {
    ...query,
    orderBy: [
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ],
  });
  return { ...list, unread: await unreadCount(knex, user.account_id) };
}

const logReads = (trx: Knex.Transaction, userId: string, ids: string[]) =>
  recordChanges(
    trx,
    ids.map((id) => ({ entity: 'notification' as const, id, audiences: notificationPolicy.audiences({ user_id: userId }) })),
  );

/** Marks one of the caller's notifications read; reading it again changes nothing. */
export async function markNotificationRead(trx: Knex.Transaction, user: SessionUser, id: string): Promise<Notification> {
  const updated = await trx('notifications').where({ id, user_id: user.account_id, is_read: false }).update({ is_read: true }).returning('id');
  await logReads(trx, user.account_id, updated.map((r: { id: string }) => r.id));
  const row = await notificationQuery(trx, user.account_id).where({ id }).first();
  if (!row) throw notFound('Notification');
  return row;
}

/** Marks every unread notification of the caller read; answers how many changed. */
export async function markAllNotificationsRead(trx: Knex.Transaction, user: SessionUser): Promise<{ updated: number }> {
  const updated: Array<{ id: string }> = await trx('notifications')
    .where({ user_id: user.account_id, is_read: false })
    .update({ is_read: true })
    .returning('id');
  await logReads(trx, user.account_id, updated.map((r) => r.id));
  return { updated: updated.length };
}
