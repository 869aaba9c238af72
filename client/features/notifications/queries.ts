/** Notifications from the local store: they arrive with each sync, every 30 s while visible. */
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { rowKey } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';

/** The unread count for the navigation badge. */
export function useUnreadCount(): number {
  const { db } = useLocalData();
  return useLiveQuery(() => db.notifications.filter((n) => !n.is_read).count(), [db]) ?? 0;
}

/** Newest first; only unread ones when asked. */
export function useNotifications(onlyUnread = false) {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const rows = await db.notifications.orderBy('created_at').reverse().toArray();
    return onlyUnread ? rows.filter((n) => !n.is_read) : rows;
  }, [db, onlyUnread]);
}

/** How the outbox names a notification (its "waiting to send" mark). */
export const notificationKey = (id: string) => rowKey('notification', id);
