/** Marking notifications read, through the outbox (works offline; the badge drops at once). */
import { useMemo } from 'react';
import { useMutate } from '../../data/local/hooks';

export function useNotificationWrites() {
  const mutate = useMutate();
  return useMemo(
    () => ({
      read: (id: string) => mutate('notification.read', { id }),
      readAll: () => mutate('notification.read_all', {}),
    }),
    [mutate],
  );
}
