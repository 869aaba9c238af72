/**
 * Where sign-in brings a person back to (an invite link opened signed out): kept in
 * sessionStorage across the identity provider's round trip, so it stays with this tab and
 * dies with it. Only a path of this site is kept: never another origin (an open redirect).
 */
import { PATHS } from '../paths';

const KEY = 'binaa.returnTo';

/** The path itself when it is a path of this site worth returning to, else null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  // '//host' and '/\host' are read by browsers as another origin.
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === PATHS.home || value.startsWith(PATHS.authCallback)) return null;
  return value;
}

export function rememberReturnPath(path: string, storage: Pick<Storage, 'setItem'> | undefined = globalThis.sessionStorage): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  try {
    storage?.setItem(KEY, safe);
  } catch {
    /* storage blocked: sign-in ends on the dashboard as usual */
  }
}

/** A sign-in started elsewhere (the landing page) must not end on a path an abandoned one left. */
export function forgetReturnPath(storage: Pick<Storage, 'removeItem'> | undefined = globalThis.sessionStorage): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    /* nothing to forget */
  }
}

/** The remembered path, once: reading it forgets it. */
export function takeReturnPath(storage: Pick<Storage, 'getItem' | 'removeItem'> | undefined = globalThis.sessionStorage): string | null {
  try {
    const value = storage?.getItem(KEY) ?? null;
    storage?.removeItem(KEY);
    return safeReturnPath(value);
  } catch {
    return null;
  }
}
