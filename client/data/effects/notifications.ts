/** Local effects of reading notifications (see types.ts). */
import { rowKey } from '../db/schema';
import { getRow, rowsOf, setRow, type EffectTable } from './types';

export const notificationEffects: Pick<EffectTable, 'notification.read' | 'notification.read_all'> = {
  'notification.read': {
    keys: async (args) => [rowKey('notification', args.id)],
    apply(args, rows) {
      const row = getRow(rows, 'notification', args.id);
      if (row) setRow(rows, 'notification', { ...row, is_read: true });
    },
  },
  'notification.read_all': {
    // The unread ones this device knows of; any the server has and this device does not
    // are marked read there too and arrive with the next pull.
    keys: async (_args, read) => (await read.all('notification')).filter((n) => !n.is_read).map((n) => rowKey('notification', n.id)),
    apply(_args, rows) {
      for (const row of rowsOf(rows, 'notification')) if (!row.is_read) setRow(rows, 'notification', { ...row, is_read: true });
    },
  },
};
