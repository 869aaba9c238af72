/**
 * koa-session's external store in the `sessions` table, so app servers keep no state and a
 * logout ends the session on the server: a copied cookie finds no row and gets 401.
 */
import type { Knex } from 'knex';

export interface SessionData {
  userId?: string;
  /** ms since epoch when the user signed in; the absolute timeout counts from here */
  signedInAt?: number;
  grant?: unknown;
  [key: string]: unknown;
}

export function postgresSessionStore(knex: Knex) {
  return {
    async get(key: string): Promise<SessionData | undefined> {
      const row = await knex('sessions').where({ id: key }).andWhere('expires_at', '>', knex.fn.now()).first('data');
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
