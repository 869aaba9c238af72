/**
 * Push subscriptions and preferences. A device (device_id, chosen by the browser) has one
 * subscription per user, tied to the session that made it (signing out removes it); a
 * user has at most PUSH_DEVICES_PER_USER of them.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { PUSH_CATEGORIES, type PushCategory, type PushPreferences, type PushSubscribeBody } from '../../../shared/push';
import { PUSH_DEVICES_PER_USER } from '../../../shared/constants';
import { pushEndpointTaken } from '../../../shared/errors';
import { lockForTransaction } from '../../db/transaction-locks';
import { checkEndpoint } from './guard';

export async function subscribe(knex: Knex, user: SessionUser, sessionId: string, body: PushSubscribeBody, hosts: string[]): Promise<void> {
  checkEndpoint(body.endpoint, hosts);
  await knex.transaction(async (trx) => {
    // One registration of a user at a time, in every app process: the cap below counts
    // what the others committed, and two at once would each keep a row over it.
    await lockForTransaction(trx, `push_subscriptions:${user.id}`);
    const holder = await trx('push_subscriptions').where({ endpoint: body.endpoint }).forUpdate().first('id', 'user_id', 'device_id', 'p256dh', 'auth');
    // An endpoint is one browser's. Under this user with another device id (storage
    // cleared), it moves here. Under another user (signed in as someone else since), it
    // moves only with the subscription's own keys: the endpoint alone is a URL someone
    // may have seen, and taking it would end that user's pushes.
    if (holder && holder.user_id !== user.id && !sameKeys(holder, body.keys)) throw pushEndpointTaken();
    if (holder && (holder.user_id !== user.id || holder.device_id !== body.device_id)) await trx('push_subscriptions').where({ id: holder.id }).delete();
    await trx('push_subscriptions')
      .insert({ user_id: user.id, session_id: sessionId, device_id: body.device_id, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
      .onConflict(['user_id', 'device_id'])
      .merge(['session_id', 'endpoint', 'p256dh', 'auth', 'updated_at']);
    // Over the cap, this device replaces those that renewed longest ago.
    const stale = trx('push_subscriptions')
      .where({ user_id: user.id })
      .orderByRaw('device_id = ? desc, updated_at desc, id desc', [body.device_id])
      .offset(PUSH_DEVICES_PER_USER)
      .select('id');
    await trx('push_subscriptions').whereIn('id', stale).delete();
  });
}

/** Both keys equal, compared in constant time (`auth` is the subscription's secret). */
function sameKeys(row: { p256dh: string; auth: string }, keys: PushSubscribeBody['keys']): boolean {
  const digest = (k: { p256dh: string; auth: string }) => crypto.createHash('sha256').update(`${k.p256dh}\n${k.auth}`).digest();
  return crypto.timingSafeEqual(digest(row), digest(keys));
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
