/**
 * Push subscriptions and preferences. A device (device_id, chosen by the browser) has one
 * subscription per user, tied to the session that made it (signing out removes it).
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { PUSH_CATEGORIES, type PushCategory, type PushPreferences, type PushSubscribeBody } from '../../../shared/push';
import { checkEndpoint } from './guard';

export async function subscribe(knex: Knex, user: SessionUser, sessionId: string, body: PushSubscribeBody, hosts: string[]): Promise<void> {
  checkEndpoint(body.endpoint, hosts);
  await knex.transaction(async (trx) => {
    // An endpoint is one browser's: if it was this device's under another user or id
    // (signed in as someone else since), it moves here.
    await trx('push_subscriptions')
      .where({ endpoint: body.endpoint })
      .andWhere((q) => q.whereNot({ user_id: user.id }).orWhereNot({ device_id: body.device_id }))
      .delete();
    await trx('push_subscriptions')
      .insert({ user_id: user.id, session_id: sessionId, device_id: body.device_id, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
      .onConflict(['user_id', 'device_id'])
      .merge(['session_id', 'endpoint', 'p256dh', 'auth', 'updated_at']);
  });
}

export async function unsubscribe(knex: Knex, user: SessionUser, deviceId: string): Promise<void> {
  await knex('push_subscriptions').where({ user_id: user.id, device_id: deviceId }).delete();
}

export async function getPreferences(knex: Knex, user: SessionUser): Promise<PushPreferences> {
  const row = await knex('push_preferences').where({ user_id: user.id }).first('muted');
  const muted = new Set<string>(row?.muted ?? []);
  return Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, !muted.has(c)])) as PushPreferences;
}

export async function setPreferences(knex: Knex, user: SessionUser, prefs: PushPreferences): Promise<PushPreferences> {
  const muted: PushCategory[] = PUSH_CATEGORIES.filter((c) => !prefs[c]);
  await knex('push_preferences').insert({ user_id: user.id, muted }).onConflict('user_id').merge(['muted', 'updated_at']);
  return getPreferences(knex, user);
}

/** What the device shows now (a path such as /projects?item=<id>), or null when it is hidden. */
export async function setForeground(knex: Knex, user: SessionUser, deviceId: string, path: string | null): Promise<void> {
  await knex('push_subscriptions')
    .where({ user_id: user.id, device_id: deviceId })
    .update({ foreground: path, foreground_at: path ? knex.fn.now() : null });
}
