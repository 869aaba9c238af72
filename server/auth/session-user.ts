/**
 * Who is asking: the signed-in user as every door sees them (REST routes through the
 * session middleware, the sync push, services and their tests), loaded in one query.
 * Timeouts: a session idles out after IDLE_MS without a request (the cookie and the row
 * roll forward on use) and ends ABSOLUTE_MS after sign-in whatever happens.
 */
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Language } from '../../shared/constants';

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  is_admin: boolean;
  is_owner: boolean;
  role: string | null;
  language: Language;
}

export const IDLE_MS = 30 * 24 * 3600 * 1000;
export const ABSOLUTE_MS = 90 * 24 * 3600 * 1000;

/** The columns of a session user, from users `u` left-joined to profiles `p`. */
export const SESSION_USER_COLUMNS = ['u.id', 'u.email', 'u.name', 'u.is_admin', 'p.role', 'p.language'] as const;
export type SessionUserRow = Pick<SessionUser, 'id' | 'email' | 'name' | 'is_admin'> & { role: string | null; language: SessionUser['language'] | null };

/** The live user `userId` with their role and language; undefined once deleted. */
export async function loadSessionUser(knex: Knex, config: Pick<Config, 'ownerEmail'>, userId: string): Promise<SessionUser | undefined> {
  const row = await knex('users as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .where('u.id', userId)
    .whereNull('u.deleted_at')
    .first(...SESSION_USER_COLUMNS);
  return row ? toSessionUser(row, config) : undefined;
}

export function toSessionUser(row: SessionUserRow, config: Pick<Config, 'ownerEmail'>): SessionUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    is_admin: row.is_admin,
    is_owner: !!config.ownerEmail && row.email.toLowerCase() === config.ownerEmail,
    role: row.role ?? null,
    language: row.language ?? 'ar',
  };
}
