/**
 * Writes notifications inside the transaction of the event that causes them, each in its
 * recipient's language, and appends them to the change log for that recipient only.
 */
import type { Knex } from 'knex';
import { audienceRows } from '../../db/policy';
import { DEFAULT_LANGUAGE, LANGUAGES, type NotificationPriority } from '../../../shared/constants';
import { notificationTypeOf, type NotificationKind, type NotificationParams } from '../../../shared/schemas/notification';
import { renderNotification } from './messages';
import { notificationPolicy } from './policy';

export interface NotifyInput<K extends NotificationKind> {
  /** user ids, or every user of a role */
  to: string[] | { role: string };
  /** also decides its type, the tag it shows (notificationTypeOf) */
  kind: K;
  priority?: NotificationPriority;
  /** what the kind's texts are filled with (its shape is the kind's, shared/schemas/notification.ts) */
  params: NotificationParams<K>;
  /** never notify the person who caused the event */
  except?: string;
}

/**
 * One statement: the recipients, their notifications (the text of each language rendered
 * once, picked by the recipient's) and the change log's rows. A new instant order tells
 * every supplier; sending thousands of rows' values to the database and their ids back
 * made that write several times slower, and it delays the signal every device waits for.
 */
export async function notify<K extends NotificationKind>(trx: Knex.Transaction, input: NotifyInput<K>): Promise<void> {
  if (Array.isArray(input.to) && !input.to.length) return;
  await trx.raw(`with ${notificationsWriteSql} insert into changes (entity, entity_id, op, audience_type, audience) ?`, [
    ...notificationsWrite(trx, input),
    notificationChanges(trx),
  ]);
}

/**
 * notify's writes as CTEs of another statement, for a write that tells in its own round
 * trip: `written` (id, user_id of each notification) and the CTEs it reads, to be followed
 * by the bindings of notificationsWrite; notificationChanges selects the change log's rows
 * of `written`. `onlyIf`: an SQL condition of the outer statement (a CTE's rows, say)
 * without which nobody is notified.
 */
export const notificationsWriteSql = `recipients as (?),
     texts as (select * from jsonb_to_recordset(?::jsonb) as t(language text, title text, message text)),
     written as (
       insert into notifications (user_id, kind, params, type, priority, title, message)
       select r.user_id, ?, ?::jsonb, ?, ?, coalesce(t.title, d.title), coalesce(t.message, d.message)
         from recipients r
         join texts d on d.language = ?
         left join texts t on t.language = r.language
       returning id, user_id
     )`;

/** The bindings of notificationsWriteSql for `input` (see notify). */
export function notificationsWrite<K extends NotificationKind>(trx: Knex.Transaction, input: NotifyInput<K>, onlyIf?: string): Knex.RawBinding[] {
  const recipients = Array.isArray(input.to)
    ? trx('users as u')
        // a driver has no profile: their company's language
        .leftJoin('company_members as m', 'm.user_id', 'u.id')
        .leftJoin('profiles as p', 'p.user_id', trx.raw('coalesce(m.company_id, u.id)'))
        .whereIn('u.id', input.to)
        .whereNull('u.deleted_at')
        .select('u.id as user_id', 'p.language')
    : trx('profiles as p')
        .join('users as u', 'u.id', 'p.user_id')
        .where('p.role', input.to.role)
        .whereNull('u.deleted_at')
        .select('p.user_id', 'p.language');
  if (input.except) recipients.whereNot('u.id', input.except);
  if (onlyIf) recipients.whereRaw(onlyIf);
  const texts = LANGUAGES.map((language) => ({ language, ...renderNotification(input.kind, language, input.params) }));
  return [recipients, JSON.stringify(texts), input.kind, JSON.stringify(input.params), notificationTypeOf(input.kind), input.priority ?? 'normal', DEFAULT_LANGUAGE];
}

/** The change log's rows (entity, entity_id, op, audience_type, audience) of the notifications in the CTE `written`. */
export const notificationChanges = (trx: Knex.Transaction): Knex.Raw =>
  trx.raw(`select ?, a.id, 'upsert', a.audience_type, a.audience from (?) as a`, [notificationPolicy.entity, audienceRows(trx, notificationPolicy, 'written')]);
