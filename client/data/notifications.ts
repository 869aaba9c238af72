/**
 * The unread count for the navigation badge, polled every 30 s (SPEC section 9).
 * The notifications API may not exist yet on older servers: any failure hides the
 * badge instead of showing an error.
 */
import { useEffect, useState } from 'react';
import { NOTIFICATION_POLL_MS } from '../../shared/constants';
import { api } from './client';
import type { NotificationItem } from './types';

export function useUnreadCount(enabled: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const load = () =>
      api.get<NotificationItem[]>('/api/notifications', { limit: 100 }).then(
        ({ data }) => live && setCount(Array.isArray(data) ? data.filter((n) => !n.is_read).length : 0),
        () => live && setCount(0),
      );
    void load();
    const timer = window.setInterval(load, NOTIFICATION_POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [enabled]);
  return count;
}
