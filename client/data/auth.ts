/** Sign-in calls (SPEC section 7, Session): the OAuth redirect and the login-code exchange. */
import { api } from './client';

/** Asks the server where the sign-in starts and goes there. */
export async function startLogin(): Promise<void> {
  const { data } = await api.get<{ redirectUrl: string }>('/api/oauth/google/redirect_url');
  window.location.assign(data.redirectUrl);
}

/** Exchanges the one-time code from /auth/callback for a session cookie. */
export async function exchangeLoginCode(code: string): Promise<void> {
  await api.post('/api/sessions', { code });
}
