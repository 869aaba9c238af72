/**
 * Who is asking: the signed-in user as every door sees them (REST routes through the
 * session middleware, the sync push, services and their tests), loaded in one query.
 * Timeouts: a session idles out after IDLE_MS without a request (the cookie and the row
 * roll forward on use) and ends ABSOLUTE_MS after sign-in whatever happens.
 */
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Language } from '../../shared/constants';
import { accountIdOf } from '../../shared/schemas/user';

import type { MemberRole } from '../../shared/constants';

export interface SessionUser {
  /** The person: their sessions, devices, push subscriptions and sync clients. */
  id: string;
  email: string;
  name: string | null;
  is_admin: boolean;
  is_owner: boolean;
  /**
   * The company's role from its profile (supplier, contractor, ...), or `driver` for a
   * transport company's driver, who may do none of the company's business.
   */
  role: string | null;
  language: Language;
  /**
   * Whose rows this person reads and writes: their company (its founder's user id, which
   * every owner column holds) for an owner or member; their own id for a driver or a
   * person in no company. Services check ownership against this, never against `id`.
   */
  account_id: string;
  /** The company they belong to, drivers included; null when in none. */
  company_id: string | null;
  member_role: MemberRole | null;
  /**
   * Their company's suspension by an admin, from the profile row the load already joins:
   * while set the company starts no new deal (assertNotSuspended). Optional for users
   * built by hand in tests; every load sets it.
   */
  suspended_at?: Date | null;
  /** The address the request came from (REST and the sync push), for the audit trail; unset outside a request. */
  ip?: string;
}

export const IDLE_MS = 30 * 24 * 3600 * 1000;
export const ABSOLUTE_MS = 90 * 24 * 3600 * 1000;

/**
 * The columns of a session user, from users `u` left-joined to their membership `m` and
 * to their company's profile `p` (see joinCompany).
 */
export const SESSION_USER_COLUMNS = ['u.id', 'u.email', 'u.name', 'u.is_admin', 'p.role', 'p.language', 'm.company_id', 'm.role as member_role', 'p.suspended_at'] as const;
export type SessionUserRow = Pick<SessionUser, 'id' | 'email' | 'name' | 'is_admin'> & {
  role: string | null;
  language: SessionUser['language'] | null;
  company_id: string | null;
  member_role: MemberRole | null;
  suspended_at?: Date | null;
};

/**
 * Joins `m` (the person's membership) and `p` (their company's profile) to a query on
 * users `u`. A person with a profile of their own and no membership row (rows made before
 * teams, or inserted by hand) is the owner of their own company.
 */
export function joinCompany(knex: Knex, q: Knex.QueryBuilder): Knex.QueryBuilder {
  return q
    .leftJoin('company_members as m', 'm.user_id', 'u.id')
    .leftJoin('profiles as p', 'p.user_id', knex.raw('coalesce(m.company_id, u.id)'));
}

/** The live user `userId` with their company, role and language; undefined once deleted. */
export async function loadSessionUser(knex: Knex, config: Pick<Config, 'ownerEmail'>, userId: string): Promise<SessionUser | undefined> {
  const row = await joinCompany(knex, knex('users as u'))
    .where('u.id', userId)
    .whereNull('u.deleted_at')
    .first(...SESSION_USER_COLUMNS);
  return row ? toSessionUser(row, config) : undefined;
}

export function toSessionUser(row: SessionUserRow, config: Pick<Config, 'ownerEmail'>): SessionUser {
  const driver = row.member_role === 'driver';
  const companyId = row.company_id ?? (row.role ? row.id : null);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    is_admin: row.is_admin,
    is_owner: !!config.ownerEmail && row.email.toLowerCase() === config.ownerEmail,
    role: driver ? 'driver' : (row.role ?? null),
    language: row.language ?? 'ar',
    account_id: accountIdOf({ id: row.id, company_id: companyId, member_role: row.member_role }),
    company_id: companyId,
    member_role: row.member_role ?? (companyId ? 'owner' : null),
    suspended_at: row.suspended_at ?? null,
  };
}
