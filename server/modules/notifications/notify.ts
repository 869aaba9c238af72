/**
 * Writes notifications inside the transaction of the event that causes them, each in its
 * recipient's language, and appends them to the change log for that recipient only.
 */
import type { Knex } from 'knex';
import { recordChanges } from '../../db/changes';
import { DEFAULT_LANGUAGE, type Language, type NotificationPriority, type NotificationType } from '../../../shared/constants';
import type { NotificationKind, NotificationParams } from '../../../shared/schemas/notification';
import { renderNotification } from './messages';
import { notificationPolicy } from './policy';

export interface NotifyInput<K extends NotificationKind> {
  /** user ids, or every user of a role */
  to: string[] | { role: string };
  kind: K;
  type: NotificationType;
  priority?: NotificationPriority;
  /** what the kind's texts are filled with (its shape is the kind's, shared/schemas/notification.ts) */
  params: NotificationParams<K>;
  /** never notify the person who caused the event */
  except?: string;
}

export async function notify<K extends NotificationKind>(trx: Knex.Transaction, input: NotifyInput<K>): Promise<void> {
  const recipients: Array<{ user_id: string; language: Language | null }> = Array.isArray(input.to)
    ? await trx('users as u')
        // a driver has no profile: their company's language
        .leftJoin('company_members as m', 'm.user_id', 'u.id')
        .leftJoin('profiles as p', 'p.user_id', trx.raw('coalesce(m.company_id, u.id)'))
        .whereIn('u.id', input.to)
        .whereNull('u.deleted_at')
        .select('u.id as user_id', 'p.language')
    : await trx('profiles as p')
        .join('users as u', 'u.id', 'p.user_id')
        .where('p.role', input.to.role)
        .whereNull('u.deleted_at')
        .select('p.user_id', 'p.language');
  const rows = recipients
    .filter((r) => r.user_id !== input.except)
    .map((r) => ({
      user_id: r.user_id,
      kind: input.kind,
      params: JSON.stringify(input.params),
      type: input.type,
      priority: input.priority ?? 'normal',
      ...renderNotification(input.kind, r.language ?? DEFAULT_LANGUAGE, input.params),
    }));
  if (!rows.length) return;
  const inserted: Array<{ id: string; user_id: string }> = await trx('notifications').insert(rows).returning(['id', 'user_id']);
  await recordChanges(
    trx,
    inserted.map((n) => ({ entity: 'notification' as const, id: n.id, audiences: notificationPolicy.audiences(n) })),
  );
}
