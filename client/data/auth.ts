/** Sign-in calls: the OAuth redirect and the login-code exchange. */
import { api } from './client';
import { finishPendingLogout } from './session/SessionProvider';

/** Asks the server where the sign-in starts and goes there. */
export async function startLogin(): Promise<void> {
  // A sign-out made offline ends first, so it cannot end the session about to begin.
  await finishPendingLogout();
  const { data } = await api.get<{ redirectUrl: string }>('/api/oauth/google/redirect_url');
  window.location.assign(data.redirectUrl);
}

/** Exchanges the one-time code from /auth/callback for a session cookie. */
export async function exchangeLoginCode(code: string): Promise<void> {
  await api.post('/api/sessions', { code });
}
