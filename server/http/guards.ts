/**
 * Who is asking: the session's user, loaded once per request, and the guards routes use.
 * Timeouts: a session idles out after IDLE_MS without a request (the cookie and the row
 * roll forward on use) and ends ABSOLUTE_MS after sign-in whatever happens.
 */
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { SessionUser } from './context';
import { forbidden, unauthenticated, AppError } from './errors';

export const IDLE_MS = 30 * 24 * 3600 * 1000;
export const ABSOLUTE_MS = 90 * 24 * 3600 * 1000;

export async function loadSessionUser(knex: Knex, config: Config, userId: string): Promise<SessionUser | undefined> {
  const row = await knex('users as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .where('u.id', userId)
    .whereNull('u.deleted_at')
    .first('u.id', 'u.email', 'u.name', 'u.is_admin', 'p.role', 'p.language');
  if (!row) return undefined;
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

export function sessionUser() {
  return async function loadUser(ctx: Context, next: Next) {
    const session = ctx.session;
    const userId = session?.userId as string | undefined;
    if (userId) {
      const signedInAt = Number(session!.signedInAt ?? 0);
      const user =
        Date.now() - signedInAt < ABSOLUTE_MS ? await loadSessionUser(ctx.deps.knex, ctx.deps.config, userId) : undefined;
      if (user) ctx.state.user = user;
      else ctx.session = null; // expired or deleted user: end the session on the server
    }
    await next();
  };
}

export function requireUser(ctx: Context): SessionUser {
  const user = ctx.state.user;
  if (!user) throw unauthenticated();
  return user;
}

/** The caller must have finished setup with one of these roles (admins pass when listed). */
export function requireRole(ctx: Context, ...roles: string[]): SessionUser {
  return assertRole(requireUser(ctx), ...roles);
}

/**
 * requireRole for services: they check the role themselves, so a rule holds through every
 * door (the REST route and the sync push run the same service function).
 */
export function assertRole(user: SessionUser, ...roles: string[]): SessionUser {
  if (roles.includes('admin') && user.is_admin) return user;
  if (!user.role) throw new AppError(403, 'profile_required', 'Finish your profile setup first');
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

export function requireAdmin(ctx: Context): SessionUser {
  const user = requireUser(ctx);
  if (!user.is_admin) throw forbidden('This page is for admins only');
  return user;
}
