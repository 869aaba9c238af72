/**
 * Role guards on the session user. Services call them themselves, so a rule holds through
 * every door (the REST route and the sync push run the same service function); `route()`
 * uses assertUser and assertAdmin for a route's declared access.
 */
import { forbidden, profileRequired, unauthenticated } from '../../shared/errors';
import type { SessionUser } from './session-user';

export function assertUser(user: SessionUser | undefined): SessionUser {
  if (!user) throw unauthenticated();
  return user;
}

export function assertAdmin(user: SessionUser | undefined): SessionUser {
  const signedIn = assertUser(user);
  if (!signedIn.is_admin) throw forbidden('This page is for admins only');
  return signedIn;
}

/**
 * The caller's role from setup; without a profile nothing role-bound is allowed. A profile
 * role of admin counts only while the user is an admin (is_admin): demotion clears the
 * flag and leaves the profile as it was, and it must end every admin power, so a demoted
 * admin has no role to act in.
 */
export function roleOf(user: SessionUser): string {
  if (!user.role) throw profileRequired();
  if (user.role === 'admin' && !user.is_admin) throw forbidden('You are no longer an admin');
  return user.role;
}

/** The caller must have finished setup with one of these roles (admins, by is_admin, pass when listed). */
export function assertRole(user: SessionUser, ...roles: string[]): SessionUser {
  if (roles.includes('admin') && user.is_admin) return user;
  if (!roles.includes(roleOf(user))) throw forbidden();
  return user;
}
