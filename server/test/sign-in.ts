/**
 * Signing test users in: through the development identity provider as a browser would,
 * or directly (user, profile and login code written to the database, then the same
 * POST /api/sessions the client makes) when a test is about something else.
 */
import type { Knex } from 'knex';
import type { Language } from '../../shared/constants';
import { createLoginCode, loginCookieName } from '../auth/login-codes';
import { TestClient, type Res } from './http-client';
import type { TestServer } from './harness';

/** Follows redirects with the client's cookies; returns every hop's response. */
export async function follow(client: TestClient, start: string, stop?: (location: string) => boolean): Promise<Res[]> {
  const hops: Res[] = [];
  let url = start;
  for (let i = 0; i < 10; i++) {
    const res = await client.get(url, { Accept: 'text/html' });
    hops.push(res);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) break;
    if (stop?.(location)) break;
    url = new URL(location, url.startsWith('http') ? url : client.base).toString();
  }
  return hops;
}

/** The whole browser flow against the development identity provider; returns the login code's URL. */
export async function devIdpLogin(server: TestServer, client: TestClient, email: string, name = 'Test User') {
  const { body } = await client.get('/api/oauth/google/redirect_url');
  const toForm = await follow(client, body.redirectUrl);
  const formPage = toForm.at(-1)!;
  const formUrl = new URL(toForm.at(-2)!.headers.get('location')!, server.url);
  const fields = Object.fromEntries(formUrl.searchParams);
  const submit = await client.request('POST', '/dev-idp/authorize', {
    body: new URLSearchParams({ ...fields, email, name }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const hops = await follow(client, submit.headers.get('location')!, (loc) => loc.startsWith('/auth/callback'));
  return { formPage, submit, hops, final: hops.at(-1)!.headers.get('location') ?? '' };
}

export async function signInWithDevIdp(server: TestServer, email: string, name?: string): Promise<TestClient> {
  const client = new TestClient(server.url, server.config.publicUrl);
  const { final } = await devIdpLogin(server, client, email, name);
  const code = new URL(final, server.url).searchParams.get('code');
  const res = await client.post('/api/sessions', { code });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return client;
}

export interface TestUserSpec {
  email?: string;
  name?: string;
  role?: 'supplier' | 'contractor' | 'government' | 'transport' | 'admin' | null;
  is_admin?: boolean;
  company_name?: string;
  language?: Language;
  verification_tier?: string;
}

let counter = 0;
export async function createUser(knex: Knex, spec: TestUserSpec = {}): Promise<{ id: string; email: string }> {
  const n = ++counter;
  const email = spec.email ?? `user${n}-${Date.now()}@test.binaa.sa`;
  const [user] = await knex('users')
    .insert({ email, name: spec.name ?? `User ${n}`, provider: 'test', provider_subject: email, is_admin: spec.is_admin ?? false })
    .returning(['id', 'email']);
  const role = spec.role === undefined ? 'contractor' : spec.role;
  if (role) {
    await knex('profiles').insert({
      user_id: user.id,
      role,
      company_name: spec.company_name ?? `Company ${n}`,
      language: spec.language ?? 'ar',
      verification_tier: spec.verification_tier ?? 'unverified',
    });
  }
  return user;
}

/**
 * A login code for `userId` as the end of a sign-in in `client` leaves it: the code to
 * post, and its browser key in the client's cookie jar.
 */
export async function loginCodeIn(server: Pick<TestServer, 'db' | 'config'>, client: TestClient, userId: string): Promise<string> {
  const { code, browserKey } = await createLoginCode(server.db.knex, userId);
  client.cookies.set(loginCookieName(server.config.https), browserKey);
  return code;
}

export async function signInAs(server: TestServer, spec: TestUserSpec = {}) {
  const user = await createUser(server.db.knex, spec);
  const client = new TestClient(server.url, server.config.publicUrl);
  const code = await loginCodeIn(server, client, user.id);
  const res = await client.post('/api/sessions', { code });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return Object.assign(client, { user });
}
