/**
 * The signed-in user and profile, kept in localStorage so that a signed-in user who
 * opens the installed app offline gets their screens, not the landing page. It says who
 * was signed in on this device; the server still decides what they may do.
 */
import type { Profile, SessionUser } from '../types';

/** Also read by index.html's inline script (app/prerender/inlineScript.ts). */
export const SESSION_CACHE_KEY = 'binaa.session.v1';
const KEY = SESSION_CACHE_KEY;

export interface CachedSession {
  user: SessionUser;
  profile: Profile | null;
}

export function readCachedSession(): CachedSession | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as CachedSession;
    return value && typeof value.user?.id === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function writeCachedSession(session: CachedSession): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(session));
  } catch {
    /* private mode or full: the app still works online */
  }
}

export function clearCachedSession(): void {
  try {
    globalThis.localStorage?.removeItem(KEY);
  } catch {
    /* nothing to clear */
  }
}

/** Another tab signed in or out. */
export function onCachedSessionChange(listener: () => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', handler);
  return () => globalThis.removeEventListener?.('storage', handler);
}

const LOGOUT_KEY = 'binaa.logout.pending';

/**
 * A sign-out made offline could not end the session on the server: remembered, so the
 * next start (or sign-in) ends it before anything else instead of signing the user back in.
 */
export function markLogoutPending(): void {
  try {
    globalThis.localStorage?.setItem(LOGOUT_KEY, '1');
  } catch {
    /* nothing else to do */
  }
}

export function logoutPending(): boolean {
  try {
    return globalThis.localStorage?.getItem(LOGOUT_KEY) === '1';
  } catch {
    return false;
  }
}

export function clearLogoutPending(): void {
  try {
    globalThis.localStorage?.removeItem(LOGOUT_KEY);
  } catch {
    /* nothing to clear */
  }
}
