import crypto from 'node:crypto';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { startTestServer, type TestServer } from '../test/harness';
import { TestClient } from '../test/http-client';
import { devIdpLogin, follow, loginCodeIn, signInWithDevIdp } from '../test/sign-in';
import { loadConfig, ConfigError } from '../config';

/** Stops following at the app's own pages: the login code or the sign-in error. */
const backHome = (loc: string) => loc.startsWith('/?') || loc.startsWith('/auth/callback');
const TOKEN_IN_URL = /access_token|id_token|refresh_token/i;

describe('sign-in through the development identity provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: 'boss@binaa.sa', OWNER_EMAIL: 'owner@binaa.sa' } });
  });
  afterAll(() => server.close());

  it('returns the sign-in URL as redirectUrl', async () => {
    const res = await new TestClient(server.url).get('/api/oauth/google/redirect_url');
    expect(res.status).toBe(200);
    expect(res.body.redirectUrl).toBe(`${server.config.publicUrl}/connect/devidp`);
  });

  it('shows an HTML form with email and name that posts, and sends PKCE S256, state and nonce', async () => {
    const client = new TestClient(server.url);
    const hops = await follow(client, `${server.url}/connect/devidp`);
    const toIdp = new URL(hops[0].headers.get('location')!);
    expect(toIdp.pathname).toBe('/dev-idp/authorize');
    expect(toIdp.searchParams.get('code_challenge_method')).toBe('S256');
    expect(toIdp.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(toIdp.searchParams.get('state')).toBeTruthy();
    expect(toIdp.searchParams.get('nonce')).toBeTruthy();
    const form = hops.at(-1)!;
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/<form method="POST"/);
    expect(form.text).toMatch(/name="email"/);
    expect(form.text).toMatch(/name="name"/);
  });

  it('signs a new user in end to end with a one-time code and no token in any URL', async () => {
    const client = new TestClient(server.url);
    const flow = await devIdpLogin(server, client, 'Layla@Example.sa', 'Layla');
    const locations = [flow.submit, ...flow.hops].map((r) => r.headers.get('location') ?? '');
    for (const loc of locations) expect(loc).not.toMatch(TOKEN_IN_URL);
    const callback = new URL(flow.final, server.url);
    expect(callback.pathname).toBe('/auth/callback');
    const code = callback.searchParams.get('code')!;
    expect(Buffer.from(code, 'base64url').length).toBeGreaterThanOrEqual(16);

    const before = client.cookieHeader();
    const exchange = await client.post('/api/sessions', { code });
    expect(exchange.status).toBe(200);
    expect(client.cookieHeader()).not.toBe(before); // a new session id at sign-in
    const me = await client.get('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'layla@example.sa', name: 'Layla', is_admin: false, is_owner: false });
    const rows = await server.db.knex('login_codes').select('code_hash');
    expect(rows.map((r) => r.code_hash)).not.toContain(code); // stored hashed
  });

  it('signs the same person in to the same account twice', async () => {
    const a = await signInWithDevIdp(server, 'same@binaa.sa');
    const b = await signInWithDevIdp(server, 'SAME@binaa.sa');
    expect((await a.get('/api/users/me')).body.id).toBe((await b.get('/api/users/me')).body.id);
  });

  it('refuses a tampered state and creates no user', async () => {
    const client = new TestClient(server.url);
    const { body } = await client.get('/api/oauth/google/redirect_url');
    const hops = await follow(client, body.redirectUrl);
    const params = Object.fromEntries(new URL(hops[0].headers.get('location')!).searchParams);
    const submit = await client.request('POST', '/dev-idp/authorize', {
      body: new URLSearchParams({ ...params, email: 'tamper@binaa.sa', name: 'T' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const back = new URL(submit.headers.get('location')!);
    back.searchParams.set('state', 'forged-state');
    const rest = await follow(client, back.toString());
    expect(rest.at(-1)!.headers.get('location') ?? '').not.toMatch(/\/auth\/callback/);
    expect(rest.some((r) => (r.headers.get('location') ?? '').includes('login_error'))).toBe(true);
    expect(await server.db.knex('users').where({ email: 'tamper@binaa.sa' }).first()).toBeUndefined();
  });

  it('lets the development provider send a code only to the registered callback, compared whole', async () => {
    const client = new TestClient(server.url);
    const hops = await follow(client, `${server.url}/connect/devidp`);
    const params = Object.fromEntries(new URL(hops[0].headers.get('location')!).searchParams);
    const registered = `${server.config.publicUrl}/connect/devidp/callback`;
    expect(params.redirect_uri).toBe(registered);
    // Each of these starts with the old accepted prefix, `${publicUrl}/connect/`.
    for (const redirect_uri of [
      `${server.config.publicUrl}/connect/../../evil`,
      `${server.config.publicUrl}/connect/%2e%2e/evil`,
      `${server.config.publicUrl}/connect/devidp/callback/../../../evil`,
      `${server.config.publicUrl}/connect/other/callback`,
      `${registered}?next=https://evil.example`,
    ]) {
      const form = await client.get(`/dev-idp/authorize?${new URLSearchParams({ ...params, redirect_uri })}`, { Accept: 'text/html' });
      expect(form.status, redirect_uri).toBe(400);
      const submit = await client.request('POST', '/dev-idp/authorize', {
        body: new URLSearchParams({ ...params, redirect_uri, email: 'evil@binaa.sa' }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(submit.status, redirect_uri).toBe(400);
      expect(submit.headers.get('location'), redirect_uri).toBeNull(); // no code sent anywhere
    }
  });

  it('accepts a login code once only', async () => {
    const client = new TestClient(server.url);
    const flow = await devIdpLogin(server, client, 'once@binaa.sa');
    const code = new URL(flow.final, server.url).searchParams.get('code');
    expect((await client.post('/api/sessions', { code })).status).toBe(200);
    const again = await new TestClient(server.url).post('/api/sessions', { code });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: expect.any(String), code: 'invalid_login_code' });
  });

  it('refuses a login code in a browser other than the one that signed in (login CSRF), and that browser stays as it was', async () => {
    // The attacker signs in, stops at /auth/callback?code=… and gets victims to open the link.
    const attacker = new TestClient(server.url);
    const flow = await devIdpLogin(server, attacker, 'attacker@binaa.sa');
    const code = new URL(flow.final, server.url).searchParams.get('code')!;

    const signedOut = new TestClient(server.url);
    const res = await signedOut.post('/api/sessions', { code });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: expect.any(String), code: 'login_code_other_browser' });
    expect((await signedOut.get('/api/session')).body).toEqual({ user: null, profile: null });

    // A victim with a sign-in of their own under way holds a browser key, but not this code's.
    const victim = new TestClient(server.url);
    await devIdpLogin(server, victim, 'victim@binaa.sa');
    expect((await victim.post('/api/sessions', { code })).body.code).toBe('login_code_other_browser');
    expect((await victim.get('/api/session')).body.user).toBeNull();

    // Refused for the browser, not for the code: the one that signed in can still use it.
    expect((await attacker.post('/api/sessions', { code })).status).toBe(200);
    expect((await attacker.get('/api/users/me')).body.email).toBe('attacker@binaa.sa');
  });

  it('keeps the browser key in an HttpOnly cookie that lives as long as the code and is cleared once used', async () => {
    const client = new TestClient(server.url);
    const flow = await devIdpLogin(server, client, 'key@binaa.sa');
    const done = flow.hops.find((h) => (h.headers.get('location') ?? '').startsWith('/auth/callback'))!;
    const set = done.headers.getSetCookie().find((c) => c.startsWith('binaa.login='))!;
    expect(set).toMatch(/; httponly/i);
    expect(set).toMatch(/; samesite=lax/i);
    expect(set).toMatch(/; path=\//i);
    expect(set).toMatch(/; expires=/i); // 60 s, as the code
    expect(flow.final).not.toContain(set.split(';')[0].split('=')[1]); // never in the URL
    const code = new URL(flow.final, server.url).searchParams.get('code');
    const res = await client.post('/api/sessions', { code });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('binaa.login=;'))).toBe(true);
    expect(client.cookies.has('binaa.login')).toBe(false);
  });

  it('refuses an expired login code', async () => {
    const { id } = await server.db.knex('users').insert({ email: 'late@binaa.sa', provider: 't', provider_subject: 'late' }).returning('id').then((r) => r[0]);
    const client = new TestClient(server.url);
    const code = await loginCodeIn(server, client, id); // in the browser it belongs to
    await server.db.knex('login_codes').update({ expires_at: new Date(Date.now() - 1000) });
    const res = await client.post('/api/sessions', { code });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_login_code');
  });

  it('answers 400 with details when the code is missing', async () => {
    const res = await new TestClient(server.url).post('/api/sessions', {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details[0].path).toBe('code');
  });

  it('sets an HttpOnly, signed, SameSite=Lax cookie without Secure over http', async () => {
    const client = new TestClient(server.url);
    const flow = await devIdpLogin(server, client, 'cookie@binaa.sa');
    const code = new URL(flow.final, server.url).searchParams.get('code');
    const res = await client.post('/api/sessions', { code });
    const cookies = res.headers.getSetCookie();
    const sid = cookies.find((c) => c.startsWith('binaa.sid='))!;
    expect(sid).toMatch(/httponly/i);
    expect(sid).toMatch(/samesite=lax/i);
    expect(sid).not.toMatch(/secure/i);
    expect(cookies.some((c) => c.startsWith('binaa.sid.sig='))).toBe(true);
  });

  it('ends the session on the server at logout, so the old cookie gets 401', async () => {
    const client = await signInWithDevIdp(server, 'bye@binaa.sa');
    const stolen = client.cookieHeader();
    expect((await client.get('/api/logout')).status).toBe(200);
    expect((await client.get('/api/users/me')).status).toBe(401);
    const replay = await new TestClient(server.url).get('/api/users/me', { Cookie: stolen });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: expect.any(String), code: 'unauthenticated' });
  });

  it('ends the session with POST /api/logout, which another site cannot send', async () => {
    const client = await signInWithDevIdp(server, 'bye-post@binaa.sa');
    const foreign = await client.request('POST', '/api/logout', { json: {}, headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await client.get('/api/users/me')).status).toBe(200);
    expect((await client.post('/api/logout', {})).status).toBe(200);
    expect((await client.get('/api/users/me')).status).toBe(401);
  });

  it("refuses GET /api/logout from another site's link, so a link cannot sign anyone out", async () => {
    const client = await signInWithDevIdp(server, 'bye-link@binaa.sa');
    const res = await client.get('/api/logout', { 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect((await client.get('/api/users/me')).status).toBe(200);
    expect((await client.get('/api/logout', { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await client.get('/api/users/me')).status).toBe(401);
  });

  it('answers GET /api/session with 200 for everyone: the user and profile, or nulls', async () => {
    const anon = await new TestClient(server.url).get('/api/session');
    expect(anon.status).toBe(200);
    expect(anon.body).toEqual({ user: null, profile: null });
    const client = await signInWithDevIdp(server, 'session@binaa.sa');
    const before = await client.get('/api/session');
    expect(before.body).toEqual({ user: expect.objectContaining({ email: 'session@binaa.sa', is_admin: false }), profile: null });
    await client.post('/api/profiles', { role: 'contractor', company_name: 'مؤسسة البناء' });
    const after = await client.get('/api/session');
    expect(after.body.profile).toMatchObject({ role: 'contractor', company_name: 'مؤسسة البناء' });
    expect(after.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the role guide closed for the person on every device: the first closing is kept, and a signed-out visitor cannot close it', async () => {
    const phone = await signInWithDevIdp(server, 'guide@binaa.sa');
    expect((await phone.get('/api/session')).body.user.guide_seen_at).toBeNull();
    const closed = await phone.post('/api/users/me/guide-seen', {});
    expect(closed.status).toBe(200);
    expect(Date.parse(closed.body.guide_seen_at)).not.toBeNaN();

    // A desk signs the same person in: its first session answer says the guide was closed.
    const desk = await signInWithDevIdp(server, 'guide@binaa.sa');
    expect((await desk.get('/api/session')).body.user.guide_seen_at).toBe(closed.body.guide_seen_at);
    expect((await desk.get('/api/users/me')).body.guide_seen_at).toBe(closed.body.guide_seen_at);
    expect((await desk.post('/api/users/me/guide-seen', {})).body.guide_seen_at).toBe(closed.body.guide_seen_at);

    // Someone else has not closed theirs.
    expect((await (await signInWithDevIdp(server, 'other-guide@binaa.sa')).get('/api/session')).body.user.guide_seen_at).toBeNull();
    expect((await new TestClient(server.url).post('/api/users/me/guide-seen', {})).status).toBe(401);
  });

  it('ignores a cookie whose signature does not match', async () => {
    const client = await signInWithDevIdp(server, 'forge@binaa.sa');
    const forged = client.cookieHeader().replace(/binaa\.sid\.sig=[^;]+/, 'binaa.sid.sig=AAAA');
    expect((await new TestClient(server.url).get('/api/users/me', { Cookie: forged })).status).toBe(401);
  });

  it('makes ADMIN_EMAILS admins and tells the owner they are the owner', async () => {
    const admin = await signInWithDevIdp(server, 'boss@binaa.sa');
    expect((await admin.get('/api/users/me')).body).toMatchObject({ is_admin: true, is_owner: false });
    const owner = await signInWithDevIdp(server, 'owner@binaa.sa');
    expect((await owner.get('/api/users/me')).body).toMatchObject({ is_admin: true, is_owner: true });
    expect((await owner.get('/api/admin/owner-status')).body).toEqual({ isOwner: true });
    expect((await admin.get('/api/admin/owner-status')).body).toEqual({ isOwner: false });
  });

  it('ends a session that has been idle past its expiry', async () => {
    const client = await signInWithDevIdp(server, 'idle@binaa.sa');
    const me = (await client.get('/api/users/me')).body;
    await server.db.knex('sessions').where({ user_id: me.id }).update({ expires_at: new Date(Date.now() - 1000) });
    expect((await client.get('/api/users/me')).status).toBe(401);
  });

  it('reads the session and its user in one query, and ends the session of a user deleted since', async () => {
    const client = await signInWithDevIdp(server, 'onequery@binaa.sa');
    const me = (await client.get('/api/users/me')).body;
    const sqls: string[] = [];
    const seen = (q: { sql: string }) => sqls.push(q.sql);
    server.db.knex.on('query', seen);
    try {
      expect((await client.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [] })).status).toBe(200);
    } finally {
      server.db.knex.off('query', seen);
    }
    const session = sqls.filter((sql) => sql.includes('"sessions"'));
    expect(session).toHaveLength(1);
    expect(session[0]).toContain('left join "users"');
    expect(sqls.filter((sql) => sql.includes('"users"'))).toHaveLength(1);
    await server.db.knex('users').where({ id: me.id }).update({ deleted_at: new Date() });
    expect((await client.get('/api/users/me')).status).toBe(401);
    expect(await server.db.knex('sessions').where({ user_id: me.id })).toEqual([]);
  });

  it('ends a session 90 days after sign-in even when it is used every day', async () => {
    const client = await signInWithDevIdp(server, 'old@binaa.sa');
    const me = (await client.get('/api/users/me')).body;
    const row = await server.db.knex('sessions').where({ user_id: me.id }).first();
    const data = { ...row.data, signedInAt: Date.now() - 91 * 24 * 3600 * 1000 };
    await server.db.knex('sessions').where({ id: row.id }).update({ data: JSON.stringify(data) });
    expect((await client.get('/api/users/me')).status).toBe(401);
    expect(await server.db.knex('sessions').where({ id: row.id }).first()).toBeUndefined();
  });

  it('answers 401 to /api/users/me when signed out', async () => {
    const res = await new TestClient(server.url).get('/api/users/me');
    expect(res.status).toBe(401);
  });
});

describe('sign-in against an OpenID Connect provider (oauth2-mock-server)', () => {
  let idp: OAuth2Server;
  let server: TestServer;
  let tokenRequests: Array<Record<string, string>> = [];
  beforeAll(async () => {
    idp = new OAuth2Server();
    await idp.issuer.keys.generate('RS256');
    await idp.start(0, '127.0.0.1');
    const issuer = idp.issuer.url!;
    idp.service.on('beforeResponse', (_res, req) => {
      tokenRequests.push({ ...(req as unknown as { body: Record<string, string> }).body });
    });
    idp.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, { email: 'oidc@binaa.sa', email_verified: true, name: 'OIDC User' });
    });
    server = await startTestServer({
      app: {
        oidc: {
          name: 'mock',
          clientId: 'binaa-test',
          clientSecret: 'secret',
          issuers: [issuer],
          authorizeUrl: `${issuer}/authorize`,
          tokenUrl: `${issuer}/token`,
        },
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await idp.stop();
  });

  it('runs the code flow with PKCE S256 and signs the user in', async () => {
    tokenRequests = [];
    const client = new TestClient(server.url);
    const { body } = await client.get('/api/oauth/google/redirect_url');
    const hops = await follow(client, body.redirectUrl, (loc) => loc.startsWith('/auth/callback'));
    const authorize = new URL(hops[0].headers.get('location')!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0].code_verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    for (const h of hops) expect(h.headers.get('location') ?? '').not.toMatch(TOKEN_IN_URL);
    const code = new URL(hops.at(-1)!.headers.get('location')!, server.url).searchParams.get('code');
    expect((await client.post('/api/sessions', { code })).status).toBe(200);
    expect((await client.get('/api/users/me')).body.email).toBe('oidc@binaa.sa');
  });

  it('refuses an id_token whose nonce does not match', async () => {
    // Only the id_token carries the nonce; the access token is signed too.
    const tamper = (token: { payload: Record<string, unknown> }) => {
      if (!token.payload.nonce) return;
      token.payload.nonce = 'replayed-nonce';
      token.payload.email = 'nonce@binaa.sa';
      idp.service.off('beforeTokenSigning', tamper);
    };
    idp.service.prependListener('beforeTokenSigning', tamper);
    const codesBefore = await server.db.knex('login_codes').count('* as n').first();
    const client = new TestClient(server.url);
    const hops = await follow(client, `${server.url}/connect/mock`, backHome);
    expect(hops.at(-1)!.headers.get('location')).toMatch(/login_error/);
    expect(await server.db.knex('login_codes').count('* as n').first()).toEqual(codesBefore);
  });

  it('refuses an id_token that does not say the email is verified', async () => {
    const strip = (token: { payload: Record<string, unknown> }) => {
      if (!token.payload.nonce) return;
      token.payload.email_verified = undefined;
      idp.service.off('beforeTokenSigning', strip);
    };
    idp.service.on('beforeTokenSigning', strip); // after the handler that sets the claims
    const codesBefore = await server.db.knex('login_codes').count('* as n').first();
    const hops = await follow(new TestClient(server.url), `${server.url}/connect/mock`, backHome);
    expect(hops.at(-1)!.headers.get('location')).toMatch(/login_error=email_not_verified/);
    expect(await server.db.knex('login_codes').count('* as n').first()).toEqual(codesBefore);
  });

  it('refuses a callback with a tampered state', async () => {
    const client = new TestClient(server.url);
    const first = await client.get('/connect/mock');
    const authorize = new URL(first.headers.get('location')!);
    const fromIdp = await client.get(authorize.toString());
    const back = new URL(fromIdp.headers.get('location')!);
    back.searchParams.set('state', 'x' + back.searchParams.get('state'));
    const hops = await follow(client, back.toString(), backHome);
    expect(hops.at(-1)!.headers.get('location')).toMatch(/login_error/);
  });
});

describe('cookies under https', () => {
  it('are Secure and carry the __Host- prefix', async () => {
    // Behind one proxy, which terminates TLS and says so in X-Forwarded-Proto.
    const server = await startTestServer({ publicUrl: () => 'https://binaa.example', env: { TRUST_PROXY_HOPS: '1' } });
    try {
      const client = new TestClient(server.url, 'https://binaa.example');
      const { id } = (await server.db.knex('users').insert({ email: 'tls@binaa.sa', provider: 't', provider_subject: 'tls' }).returning('id'))[0];
      const code = await loginCodeIn(server, client, id);
      expect(client.cookies.has('__Host-binaa.login')).toBe(true);
      const res = await client.request('POST', '/api/sessions', {
        json: { code },
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expect(res.status).toBe(200);
      const sid = res.headers.getSetCookie().find((c) => c.startsWith('__Host-binaa.sid='))!;
      expect(sid).toMatch(/; secure/i);
      expect(sid).toMatch(/; path=\//i);
      expect(sid).not.toMatch(/domain=/i);
    } finally {
      await server.close();
    }
  });
});

describe('failed login-code exchanges', () => {
  it('are rate limited per IP with Retry-After', async () => {
    const server = await startTestServer({ limits: { loginFailuresPer15Min: 3 } });
    try {
      const client = new TestClient(server.url);
      for (let i = 0; i < 3; i++) expect((await client.post('/api/sessions', { code: 'nope' + i })).status).toBe(400);
      const limited = await client.post('/api/sessions', { code: 'nope' });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe('production configuration', () => {
  it('refuses to start without a session secret, Google credentials and https', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET.*GOOGLE_CLIENT_ID.*GOOGLE_CLIENT_SECRET.*https/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        PUBLIC_URL: 'http://binaa.example',
      }),
    ).toThrow(/https/);
  });

  /** Everything production needs; tests take one away. */
  const PRODUCTION = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(40),
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 'secret',
    PUBLIC_URL: 'https://binaa.example',
    EINVOICING_KEY: Buffer.alloc(32, 7).toString('base64'),
    ZATCA_API_URL: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
    MOYASAR_PUBLISHABLE_KEY: 'pk_live_example',
    MOYASAR_SECRET_KEY: 'sk_live_example',
    MOYASAR_WEBHOOK_SECRET: 'w'.repeat(32),
    // and the commercial register's API
    WATHQ_API_URL: 'https://api.wathq.sa/v4',
    WATHQ_API_KEY: 'k'.repeat(32),
    PLATFORM_SELLER_EMAIL: 'Billing@Binaa.example',
  };

  it('refuses to start without ZATCA\'s API (the development ZATCA never runs in production) or the e-invoicing key', () => {
    const { ZATCA_API_URL: _url, ...withoutZatca } = PRODUCTION;
    expect(() => loadConfig(withoutZatca)).toThrow(/ZATCA_API_URL/);
    const { EINVOICING_KEY: _key, ...withoutKey } = PRODUCTION;
    expect(() => loadConfig(withoutKey)).toThrow(/EINVOICING_KEY/);
    expect(() => loadConfig({ ...PRODUCTION, EINVOICING_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/EINVOICING_KEY must be 32/);
    const config = loadConfig(PRODUCTION);
    expect(config.einvoicing).toMatchObject({ zatcaApiUrl: PRODUCTION.ZATCA_API_URL, devZatca: false, environment: 'simulation' });
    expect(config.einvoicing.key.equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it('refuses to start without the card gateway\'s keys (the development gateway never runs in production), or with only some', () => {
    const { MOYASAR_SECRET_KEY: _sk, ...withoutSecret } = PRODUCTION;
    expect(() => loadConfig(withoutSecret)).toThrow(/MOYASAR_SECRET_KEY/);
    expect(loadConfig(PRODUCTION).moyasar).toEqual({ publishableKey: 'pk_live_example', secretKey: 'sk_live_example', webhookSecret: 'w'.repeat(32), apiUrl: 'https://api.moyasar.com/v1', dev: false });
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: os.tmpdir(), MOYASAR_SECRET_KEY: 'sk_test_x' })).toThrow(/together/);
    const dev = loadConfig({ NODE_ENV: 'development', DATA_DIR: os.tmpdir(), PUBLIC_URL: 'http://localhost:3000' });
    expect(dev.moyasar).toMatchObject({ apiUrl: 'http://localhost:3000/dev-moyasar/v1', dev: true });
  });

  it("refuses to start without the commercial register's API (the development register never runs in production), or with half of it", () => {
    const { WATHQ_API_KEY: _key, ...withoutKey } = PRODUCTION;
    expect(() => loadConfig(withoutKey)).toThrow(/WATHQ_API_URL and WATHQ_API_KEY/);
    expect(loadConfig(PRODUCTION).wathq).toEqual({ apiUrl: 'https://api.wathq.sa/v4', apiKey: 'k'.repeat(32), dev: false });
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: os.tmpdir(), WATHQ_API_URL: 'https://api.wathq.sa/v4' })).toThrow(/together/);
    const dev = loadConfig({ NODE_ENV: 'development', DATA_DIR: os.tmpdir(), PUBLIC_URL: 'http://localhost:3000' });
    expect(dev.wathq).toMatchObject({ apiUrl: 'http://localhost:3000/dev-wathq/v4', dev: true });
  });

  it("refuses to start without the platform's seller account (the seller of the plans' tax invoices); outside production it is the demo Binaa Market account", () => {
    const { PLATFORM_SELLER_EMAIL: _email, ...withoutPlatform } = PRODUCTION;
    expect(() => loadConfig(withoutPlatform)).toThrow(/PLATFORM_SELLER_EMAIL/);
    expect(loadConfig(PRODUCTION).platformSellerEmail).toBe('billing@binaa.example');
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: os.tmpdir() }).platformSellerEmail).toBe('billing@demo.binaa.sa');
  });

  it('uses the development ZATCA and a stated development key outside production when they are unset', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: os.tmpdir(), PUBLIC_URL: 'http://localhost:3000' });
    expect(config.einvoicing).toMatchObject({ zatcaApiUrl: 'http://localhost:3000/dev-zatca', devZatca: true, environment: 'development' });
    expect(config.einvoicing.key).toHaveLength(32);
  });

  it('starts with everything set, and never with the development identity provider', async () => {
    const config = loadConfig(PRODUCTION);
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret' });
    const { devIdpRouter } = await import('./dev-idp');
    expect(() => devIdpRouter(config, 'x')).toThrow(/production/);
    expect(config.einvoicing.devZatca).toBe(false);
    const { devZatcaRouter } = await import('../modules/e-invoicing/dev-zatca');
    expect(() => devZatcaRouter(config)).toThrow(/production/);
  });
});


