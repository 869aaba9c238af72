/**
 * koa-session's external store in the `sessions` table, so app servers keep no state and a
 * logout ends the session on the server: a copied cookie finds no row and gets 401.
 */
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { joinCompany, SESSION_USER_COLUMNS, type SessionUserRow } from './session-user';

export interface SessionData {
  userId?: string;
  /** ms since epoch when the user signed in; the absolute timeout counts from here */
  signedInAt?: number;
  grant?: unknown;
  [key: string]: unknown;
}

/**
 * The session's user as read with the session (one query instead of two on every signed-in
 * request): `row` is null when the user is deleted. http/session-user.ts uses it when it
 * is for the session's user.
 */
export interface SessionUserLookup {
  userId: string;
  row: SessionUserRow | null;
}

export function postgresSessionStore(knex: Knex) {
  return {
    /** The session's data; with koa-session's ctx, its user too (ctx.state.sessionUserLookup). */
    async get(key: string, _maxAge?: unknown, opts?: { ctx?: Context }): Promise<SessionData | undefined> {
      const row = await joinCompany(knex, knex('sessions as s').leftJoin('users as u', (on) => on.on('u.id', 's.user_id').andOnNull('u.deleted_at')))
        .where('s.id', key)
        .andWhere('s.expires_at', '>', knex.fn.now())
        .first('s.data', 's.user_id', ...SESSION_USER_COLUMNS);
      if (row?.user_id && opts?.ctx) opts.ctx.state.sessionUserLookup = { userId: row.user_id, row: row.id ? row : null };
      return row?.data ?? undefined;
    },
    async set(key: string, sess: SessionData, maxAge: number): Promise<void> {
      const expiresAt = new Date(Date.now() + (typeof maxAge === 'number' ? maxAge : 86_400_000));
      await knex('sessions')
        .insert({ id: key, data: JSON.stringify(sess), user_id: sess.userId ?? null, expires_at: expiresAt })
        .onConflict('id')
        .merge(['data', 'user_id', 'expires_at', 'updated_at']);
    },
    async destroy(key: string): Promise<void> {
      await knex('sessions').where({ id: key }).delete();
    },
  };
}

/** Drops expired sessions and login codes; run at start and then hourly. */
export async function sweepExpired(knex: Knex): Promise<void> {
  await knex('sessions').where('expires_at', '<', knex.fn.now()).delete();
  await knex('login_codes').where('expires_at', '<', knex.raw("now() - interval '1 day'")).delete();
}
