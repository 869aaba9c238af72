/**
 * The session: who is signed in and their profile. Loaded once at start (SPEC section
 * 2: a spinner shows while it loads), refreshed after sign-in and setup. A network
 * failure counts as signed out, so the public pages still open offline.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PATHS } from '../app/paths';
import { ApiError } from './api';
import { api } from './client';
import type { Profile, SessionUser } from './types';

export type SessionState =
  | { status: 'loading'; user: null; profile: null }
  | { status: 'signedOut'; user: null; profile: null }
  | { status: 'signedIn'; user: SessionUser; profile: Profile | null };

interface SessionContextValue {
  session: SessionState;
  /** Re-reads the user and profile; resolves to the new state. */
  refresh: () => Promise<SessionState>;
  setProfile: (profile: Profile) => void;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const LOADING: SessionState = { status: 'loading', user: null, profile: null };
const SIGNED_OUT: SessionState = { status: 'signedOut', user: null, profile: null };

export async function fetchCurrentUser(): Promise<SessionUser | null> {
  try {
    return (await api.get<SessionUser>('/api/users/me')).data;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.warn('loading the user failed', error);
    return null;
  }
}

/** The profile, or null when setup is not done (404). Other failures throw. */
export async function fetchMyProfile(): Promise<Profile | null> {
  try {
    return (await api.get<Profile>('/api/profiles/me')).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

async function loadSession(): Promise<SessionState> {
  const user = await fetchCurrentUser();
  if (!user) return SIGNED_OUT;
  let profile: Profile | null = null;
  try {
    profile = await fetchMyProfile();
  } catch (error) {
    console.warn('loading the profile failed', error);
  }
  return { status: 'signedIn', user, profile };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>(LOADING);

  const refresh = useCallback(async () => {
    const next = await loadSession();
    setSession(next);
    return next;
  }, []);

  useEffect(() => {
    // On /auth/callback the callback screen loads the session itself, after the code
    // exchange: a /api/users/me still in flight from before sign-in could otherwise
    // answer last and overwrite the new session cookie with the old one.
    if (window.location.pathname === PATHS.authCallback) return;
    void refresh();
  }, [refresh]);

  const setProfile = useCallback((profile: Profile) => {
    setSession((current) => (current.status === 'signedIn' ? { ...current, profile } : current));
  }, []);

  const logout = useCallback(async () => {
    // SPEC section 7: the user is cleared locally first, then the server session.
    setSession(SIGNED_OUT);
    try {
      await api.get('/api/logout');
    } catch (error) {
      console.warn('logout failed', error);
    }
  }, []);

  const value = useMemo(() => ({ session, refresh, setProfile, logout }), [session, refresh, setProfile, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
