/**
 * Sign-in calls: the OAuth redirect and the login-code exchange. Typed, not parsed: the
 * landing page starts the sign-in, and its bundle carries no zod (scripts/check-size.mjs).
 */
import { api } from './client';
import { forgetReturnPath, rememberReturnPath } from '../returnPath';
import { finishPendingLogout } from '../session/SessionProvider';

/**
 * Asks the server where the sign-in starts and goes there. `returnTo`: the page the
 * callback brings the person back to (an invite link) instead of the dashboard.
 */
export async function startLogin(returnTo?: string): Promise<void> {
  // A sign-out made offline ends first, so it cannot end the session about to begin.
  await finishPendingLogout();
  if (returnTo) rememberReturnPath(returnTo);
  else forgetReturnPath();
  const { data } = await api.get<{ redirectUrl: string }>('/api/oauth/google/redirect_url');
  window.location.assign(data.redirectUrl);
}

/** Exchanges the one-time code from /auth/callback for a session cookie. */
export async function exchangeLoginCode(code: string): Promise<void> {
  await api.post('/api/sessions', { code });
}
