/**
 * The session: who is signed in and their profile. One call (GET /api/session, 200 for
 * everyone) answers it; until it does, the user cached on this device counts, so the
 * installed app opens offline on the signed-in screens. A network failure keeps the
 * cached user (offline), or counts as signed out when there is none (the public pages
 * still open). When the server no longer knows the session, the cached user stays with
 * `expired` set: their data and unsent changes stay, and signing in again carries on.
 *
 * Sign-out removes everything the person kept on the device (personalData.ts), and so
 * does the server's word that the account was deleted (`account_deleted` from GET
 * /api/session, asked at every start and after any 401 of the sync): a device the person
 * did not delete it from, online or back from a time without signal, drops their copy then.
 *
 * This module is in the landing page's bundle: the local database (Dexie) is only
 * imported, lazily, to delete it at sign-out.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PATHS } from '../../paths';
import { ApiError, NetworkError } from '../api';
import { endServerSession, readSession } from '../api/session';
import type { Profile, SessionUser } from '../types';
import {
  clearCachedSession,
  clearLogoutPending,
  logoutPending,
  markLogoutPending,
  onCachedSessionChange,
  readCachedSession,
  writeCachedSession,
} from './sessionCache';
import { forgetPersonalDatabase, forgetPersonalValues, removeUnownedValues } from './personalData';

export type SessionState =
  | { status: 'loading'; user: null; profile: null }
  | { status: 'signedOut'; user: null; profile: null }
  | {
      status: 'signedIn';
      user: SessionUser;
      profile: Profile | null;
      /** The server has not confirmed the session yet (offline start). */
      unconfirmed: boolean;
      /** The server no longer knows the session: sign in again to send anything. */
      expired: boolean;
    };

interface SessionContextValue {
  session: SessionState;
  /** Asks the server again; resolves to the new state. */
  refresh: () => Promise<SessionState>;
  setProfile: (profile: Profile) => void;
  /** The sync engine met a 401. */
  markExpired: () => void;
  /** Ends the session here and on the server, and deletes this user's local data. */
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const LOADING: SessionState = { status: 'loading', user: null, profile: null };
const SIGNED_OUT: SessionState = { status: 'signedOut', user: null, profile: null };

type SignedIn = Extract<SessionState, { status: 'signedIn' }>;

function fromCache(): SignedIn | null {
  const cached = readCachedSession();
  return cached ? { status: 'signedIn', user: cached.user, profile: cached.profile, unconfirmed: true, expired: false } : null;
}

/** Ends the server session of a sign-out that happened offline. True once the server has it. */
export async function finishPendingLogout(): Promise<boolean> {
  if (!logoutPending()) return true;
  try {
    await endServerSession();
    clearLogoutPending();
    return true;
  } catch {
    return false;
  }
}

/**
 * Sign-outs on this page so far, and the one whose request is on its way. A session read
 * that a sign-out overtakes must not sign the user back in: one sent before the sign-out
 * reached the server still carries the old cookie and answers with the user, and writing
 * that answer to the cache would undo the sign-out on this device.
 */
let signOuts = 0;
let logoutRequest: Promise<unknown> | null = null;

/**
 * The session the server no longer knows because its person deleted the account: what
 * this device kept of them goes at once, as at sign-out (their database once the screens
 * are gone: the id returned), and the tombstone session ends on the server.
 */
async function forgetDeletedAccount(): Promise<string | undefined> {
  const cached = readCachedSession();
  signOuts += 1;
  clearCachedSession();
  if (cached) forgetPersonalValues(cached.user.id);
  await endServerSession().catch(() => markLogoutPending());
  return cached?.user.id;
}

async function loadSession(): Promise<{ state: SessionState; deleted?: string }> {
  if (logoutPending()) {
    await finishPendingLogout();
    return { state: SIGNED_OUT };
  }
  if (logoutRequest) await logoutRequest.catch(() => undefined);
  const epoch = signOuts;
  try {
    const data = await readSession();
    if (epoch !== signOuts) return { state: SIGNED_OUT };
    if (data.account_deleted) return { state: SIGNED_OUT, deleted: await forgetDeletedAccount() };
    if (!data.user) {
      const cached = fromCache();
      // Known on this device but not to the server: keep the data, ask to sign in again.
      return { state: cached ? { ...cached, unconfirmed: false, expired: true } : SIGNED_OUT };
    }
    writeCachedSession({ user: data.user, profile: data.profile });
    return { state: { status: 'signedIn', user: data.user, profile: data.profile, unconfirmed: false, expired: false } };
  } catch (error) {
    if (!(error instanceof NetworkError || (error instanceof ApiError && error.status >= 500))) console.warn('loading the session failed', error);
    return { state: fromCache() ?? SIGNED_OUT };
  }
}

async function forgetDatabase(userId: string): Promise<void> {
  try {
    await forgetPersonalDatabase(userId);
  } catch (error) {
    console.warn('deleting the local data failed', error);
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  // On /auth/callback the session is loaded after the code exchange only: a request
  // still in flight from before sign-in could answer last and overwrite the new cookie.
  const onCallback = typeof window !== 'undefined' && window.location.pathname === PATHS.authCallback;
  const [session, setSession] = useState<SessionState>(() => (onCallback ? LOADING : (fromCache() ?? LOADING)));

  const refresh = useCallback(async () => {
    const { state, deleted } = await loadSession();
    setSession(state);
    if (deleted) await forgetDatabase(deleted);
    return state;
  }, []);

  useEffect(() => removeUnownedValues(), []);

  useEffect(() => {
    if (onCallback) return;
    void refresh();
    // Another tab signed in or out.
    return onCachedSessionChange(() => {
      const cached = fromCache();
      setSession((current) => {
        if (!cached) return SIGNED_OUT;
        if (current.status === 'signedIn' && current.user.id === cached.user.id) return { ...current, profile: cached.profile };
        return cached;
      });
    });
  }, [refresh, onCallback]);

  const setProfile = useCallback((profile: Profile) => {
    setSession((current) => {
      if (current.status !== 'signedIn') return current;
      writeCachedSession({ user: current.user, profile });
      return { ...current, profile };
    });
  }, []);

  const markExpired = useCallback(() => {
    setSession((current) => (current.status === 'signedIn' && !current.expired ? { ...current, expired: true } : current));
    // The 401 may be an account deleted on another device: the session's answer says so.
    void readSession()
      .then((data) => (data.account_deleted ? refresh() : undefined))
      .catch(() => undefined);
  }, [refresh]);

  const logout = useCallback(async () => {
    const userId = session.user?.id;
    // The user is cleared locally first, then the server session: signing out works offline too.
    signOuts += 1;
    clearCachedSession();
    // At once, so that a page closed before the server answers keeps nothing of theirs.
    if (userId) forgetPersonalValues(userId);
    setSession(SIGNED_OUT);
    const request = (logoutRequest = endServerSession());
    try {
      await request;
    } catch {
      markLogoutPending(); // offline: the next start or sign-in ends the server session first
    } finally {
      if (logoutRequest === request) logoutRequest = null;
    }
    if (userId) await forgetDatabase(userId);
  }, [session.user?.id]);

  const value = useMemo(() => ({ session, refresh, setProfile, markExpired, logout }), [session, refresh, setProfile, markExpired, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
