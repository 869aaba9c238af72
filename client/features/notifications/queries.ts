/** Notifications from the local store: they arrive with each sync, every 30 s while visible. */
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { rowKey } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import type { BinaaDb } from '../../data/db/database';
import type { NotificationItem } from '../../data/types';
import { NOTIFICATION_TYPES } from '../../../shared/constants';
import { notificationTypeOf } from '../../../shared/schemas/notification';

/** The unread count for the navigation badge. */
export function useUnreadCount(): number {
  const { db } = useLocalData();
  return useLiveQuery(() => db.notifications.filter((n) => !n.is_read).count(), [db]) ?? 0;
}

/** What the list shows: only the unread ones, only one type (null: every type). */
export interface NotificationFilter {
  onlyUnread: boolean;
  type: string | null;
}

/**
 * A row's type is read from its kind (notificationTypeOf), so a row stored on the device
 * under the type an older server gave it shows and filters under its kind's own.
 */
export const typeOfRow = (n: Pick<NotificationItem, 'kind' | 'type'>) => notificationTypeOf(n.kind, n.type);

/** The rows the filter keeps, newest first. */
export async function filteredNotifications(db: BinaaDb, filter: NotificationFilter): Promise<NotificationItem[]> {
  const rows = await db.notifications.orderBy('created_at').reverse().toArray();
  return rows.filter((n) => (!filter.onlyUnread || !n.is_read) && (filter.type === null || typeOfRow(n) === filter.type));
}

/** The types of the notifications on the device, in the order of NOTIFICATION_TYPES (one a newer server sent last). */
export async function typesPresent(db: BinaaDb): Promise<string[]> {
  const present = new Set((await db.notifications.toArray()).map(typeOfRow));
  const known: readonly string[] = NOTIFICATION_TYPES;
  return [...known.filter((t) => present.has(t)), ...[...present].filter((t) => !known.includes(t)).sort()];
}

/** Newest first; only unread ones, or one type, when asked. */
export function useNotifications(filter: NotificationFilter) {
  const { db } = useLocalData();
  return useLiveQuery(() => filteredNotifications(db, filter), [db, filter.onlyUnread, filter.type]);
}

/** The types the type filter offers: those of the notifications there are. */
export function useNotificationTypes(): string[] {
  const { db } = useLocalData();
  return useLiveQuery(() => typesPresent(db), [db]) ?? [];
}

/** How the outbox names a notification (its "waiting to send" mark). */
export const notificationKey = (id: string) => rowKey('notification', id);
