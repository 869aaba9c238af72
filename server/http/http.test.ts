import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { TestClient } from '../test/http-client';
import { loginCodeIn, signInAs } from '../test/sign-in';
import { loadConfig } from '../config';
import { KEEP_ALIVE_SECONDS } from './keep-alive';

const errorBody = (code: string) => ({ error: expect.any(String), code });
/** An inline script in the built index.html, as the pre-rendered landing page has one. */
const INLINE = "document.documentElement.dataset.early = 'يعمل';";

describe('HTTP conventions', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html lang="ar" dir="rtl"><title>بناء</title><script>${INLINE}</script></html>`);
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1);'.repeat(200));
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    server = await startTestServer({ app: { distDir: dist } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers /api/health with the database kind', async () => {
    const res = await new TestClient(server.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, db: server.db.kind });
  });

  it('serializes a JSON answer once, sends it as JSON and compresses it when large', async () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const res = await new TestClient(server.url).get('/api/categories', { 'Accept-Encoding': 'gzip' });
      expect(res.status).toBe(200);
      expect(res.text.length).toBeGreaterThan(1024); // over the compression threshold
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      // koa-compress's threshold check and the sending used to serialize it twice.
      expect(stringify.mock.results.filter((r) => r.value === res.text)).toHaveLength(1);
      const small = await new TestClient(server.url).get('/api/health');
      expect(small.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(small.text)));
      expect(small.headers.get('content-encoding')).toBeNull();
    } finally {
      stringify.mockRestore();
    }
  });

  it('answers 400 with the error body for malformed JSON', async () => {
    const res = await new TestClient(server.url).request('POST', '/api/sessions', {
      body: '{"code": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('validation_failed'));
  });

  it('answers 400 naming unknown fields', async () => {
    const res = await new TestClient(server.url).post('/api/sessions', { code: 'x', admin: true });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(JSON.stringify(res.body.details)).toMatch(/admin/);
  });

  it('answers 401 with the error body when signed out', async () => {
    expect((await new TestClient(server.url).get('/api/profiles/me')).body).toEqual(errorBody('unauthenticated'));
  });

  it('answers 403 to a write from another origin', async () => {
    const res = await new TestClient(server.url, 'https://evil.example').post('/api/sessions', { code: 'x' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody('bad_origin'));
  });

  it('answers 403 to a write with no Origin or Referer', async () => {
    const res = await new TestClient(server.url).request('POST', '/api/sessions', { json: { code: 'x' }, headers: { Origin: '' } });
    expect(res.status).toBe(403);
  });

  it('lets any signed-in user ask for the owner status', async () => {
    const client = await signInAs(server, { role: 'supplier' });
    const res = await client.get('/api/admin/owner-status');
    expect(res.status).toBe(200); // every signed-in user may ask whether they are the owner
  });

  it('answers 404 with the error body for an unknown API route', async () => {
    const res = await new TestClient(server.url).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('not_found'));
  });

  it('answers 405 with the error body to a method a route does not take', async () => {
    const res = await new TestClient(server.url).request('DELETE', '/api/health');
    expect(res.status).toBe(405);
    expect(res.body).toEqual(errorBody('method_not_allowed'));
    expect(res.headers.get('allow')).toMatch(/GET/);
  });

  it('answers 413 to a body over 100 kB', async () => {
    const res = await new TestClient(server.url).post('/api/sessions', { code: 'x'.repeat(110 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(errorBody('payload_too_large'));
    expect(res.body.error).toBe('Request body is larger than 100 kB');
  });

  it('answers 415 to a write that is not JSON', async () => {
    const res = await new TestClient(server.url).request('POST', '/api/sessions', {
      body: 'code=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual(errorBody('unsupported_media_type'));
  });

  it('lets a write without a body through to its route', async () => {
    const res = await new TestClient(server.url).request('POST', '/api/sessions', { body: '' });
    expect(res.status).toBe(400); // the route's own validation, not 415
    expect(res.body.code).toBe('validation_failed');
  });

  it('never sends a stack trace', async () => {
    const res = await new TestClient(server.url).request('POST', '/api/sessions', {
      body: '{"code": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('sends the security headers on every response', async () => {
    const res = await new TestClient(server.url).get('/api/health');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('strict-transport-security')).toBeNull(); // only in production
  });

  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const csp = (await new TestClient(server.url).get('/', { Accept: 'text/html' })).headers.get('content-security-policy')!;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    const hash = crypto.createHash('sha256').update(INLINE, 'utf8').digest('base64');
    expect(scriptSrc.trim().split(/\s+/)).toEqual(['script-src', "'self'", `'sha256-${hash}'`]);
  });

  it('follows a rebuilt index.html without a restart (a stale hash would block the script that starts the app)', async () => {
    const scriptSrc = async () =>
      (await new TestClient(server.url).get('/', { Accept: 'text/html' })).headers.get('content-security-policy')!.split(';').find((d) => d.startsWith('script-src'))!.trim();
    const index = path.join(dist, 'index.html');
    const before = fs.readFileSync(index, 'utf8');
    const rebuilt = "document.title = 'rebuilt';";
    try {
      fs.writeFileSync(index, before.replace(INLINE, rebuilt));
      fs.utimesSync(index, new Date(), new Date(Date.now() + 5000));
      await new Promise((r) => setTimeout(r, 1100)); // the file is looked at once a second
      expect(await scriptSrc()).toBe(`script-src 'self' 'sha256-${crypto.createHash('sha256').update(rebuilt, 'utf8').digest('base64')}'`);
    } finally {
      fs.writeFileSync(index, before);
      fs.utimesSync(index, new Date(), new Date(Date.now() + 10000));
    }
  });

  it('serves the client with a single-page fallback and the right caching', async () => {
    const client = new TestClient(server.url);
    const page = await client.get('/dashboard', { Accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('بناء');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await client.get('/assets/main-abc123.js', { Accept: '*/*', 'Accept-Encoding': 'gzip' });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    const sw = await client.get('/sw.js', { Accept: '*/*' });
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect((await client.get('/assets/missing-123.js', { Accept: '*/*' })).status).toBe(404);
  });
});

/** What production needs for e-invoicing (config.ts refuses to start without it). */
const ZATCA_SET = {
  EINVOICING_KEY: Buffer.alloc(32, 1).toString('base64'),
  ZATCA_API_URL: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
  // and the card gateway's keys
  MOYASAR_PUBLISHABLE_KEY: 'pk_live_example',
  MOYASAR_SECRET_KEY: 'sk_live_example',
  MOYASAR_WEBHOOK_SECRET: 'w'.repeat(32),
  // and the commercial register's API
  WATHQ_API_URL: 'https://api.wathq.sa/v4',
  WATHQ_API_KEY: 'k'.repeat(32),
  // and the platform's seller of the plans' tax invoices
  PLATFORM_SELLER_EMAIL: 'billing@binaa.example',
};

describe('HTTP in production', () => {
  it('sends HSTS', async () => {
    const server = await startTestServer({
      publicUrl: () => 'https://binaa.example',
      env: { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', ...ZATCA_SET },
    });
    try {
      const res = await new TestClient(server.url).get('/api/health');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      // no development identity provider in production
      expect((await new TestClient(server.url).get('/dev-idp/authorize', { 'X-Forwarded-Proto': 'https' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('answers a request that reached it over plain http with 403 https_required or a redirect to https, never a 500', async () => {
    const server = await startTestServer({
      publicUrl: () => 'https://binaa.example',
      env: { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', ...ZATCA_SET },
    });
    try {
      const { id } = (await server.db.knex('users').insert({ email: 'plain@binaa.sa', provider: 't', provider_subject: 'plain' }).returning('id'))[0];
      // The proxy says the client spoke plain http (or says nothing): the Secure session
      // cookie cannot be set, which used to throw inside koa-session and answer 500.
      for (const proto of [{ 'X-Forwarded-Proto': 'http' }, {}] as Array<Record<string, string>>) {
        const client = new TestClient(server.url, 'https://binaa.example');
        const code = await loginCodeIn(server, client, id);
        const res = await client.post('/api/sessions', { code }, proto);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: expect.any(String), code: 'https_required' });
        expect(res.headers.getSetCookie()).toEqual([]);
        expect((await client.get('/api/session', proto)).body.code).toBe('https_required');
        const start = await client.get('/connect/google?x=1', proto);
        expect(start.status).toBe(308);
        expect(start.headers.get('location')).toBe('https://binaa.example/connect/google?x=1');
      }
      // Over https (as the proxy says) the same sign-in works.
      const client = new TestClient(server.url, 'https://binaa.example');
      const code = await loginCodeIn(server, client, id);
      expect((await client.post('/api/sessions', { code }, { 'X-Forwarded-Proto': 'https' })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('sessions and static files', () => {
  it('never sets or reads the session cookie on static files', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
    const server = await startTestServer({ app: { distDir: dist } });
    try {
      const client = await signInAs(server, { role: 'contractor' });
      const page = await client.get('/dashboard', { Accept: 'text/html' });
      expect(page.status).toBe(200);
      expect(page.headers.getSetCookie()).toEqual([]);
      expect((await client.get('/api/users/me')).headers.getSetCookie()).toEqual([]); // not re-set on every call
    } finally {
      await server.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('a response its client walks away from', () => {
  it('is logged at debug as the client going away, not printed to stderr as an error', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    // Larger than the loopback socket's buffers, so the file is still streaming when the client leaves.
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), Buffer.alloc(32 * 1024 * 1024, 0x20));
    const logged: Array<{ level: number; msg: string; code?: string }> = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = await startTestServer({ app: { distDir: dist, logger } });
    try {
      // The first chunk arrives, then the phone loses its signal.
      await new Promise<void>((resolve, reject) => {
        const req = http.get(`${server.url}/assets/big-abc123.js`, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => ((err as { code?: string }).code === 'ECONNRESET' ? undefined : reject(err)));
      });
      await vi.waitFor(() => expect(logged.map((l) => l.msg)).toContain('client went away before the response ended'), { timeout: 5000 });
      const gone = logged.find((l) => l.msg === 'client went away before the response ended')!;
      expect(gone.level).toBe(20); // debug
      expect(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET']).toContain(gone.code);
      expect(logged.filter((l) => l.level >= 50)).toEqual([]);
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
      await server.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('input Postgres cannot store', () => {
  it('answers 400, not 500, to year-0 dates on every route that takes a date', async () => {
    const server = await startTestServer();
    try {
      const gov = await signInAs(server, { role: 'government' });
      const project = await gov.post('/api/projects', { title: 'مدرسة', description: 'مبنى', location: 'جدة', deadline_date: '0000-01-01' });
      expect(project.status).toBe(400);
      const contractor = await signInAs(server, { role: 'contractor' });
      const request = await contractor.post('/api/transport-requests', {
        pickup_location: 'جدة',
        delivery_location: 'مكة',
        cargo_description: 'حديد',
        preferred_pickup_time: '0000-06-01T08:00:00Z',
      });
      expect(request.status).toBe(400);
      expect(request.body.code).toBe('validation_failed');
    } finally {
      await server.close();
    }
  });

  it('maps the database errors bad input can cause to 4xx', async () => {
    const { fromDatabaseError } = await import('../db/errors');
    expect(fromDatabaseError({ code: '22008' })?.status).toBe(400);
    expect(fromDatabaseError({ code: '22003' })?.status).toBe(400);
    expect(fromDatabaseError({ code: '23503' })?.status).toBe(400);
    expect(fromDatabaseError({ code: '23505' })?.status).toBe(409);
    expect(fromDatabaseError({ code: '40001' })).toBeNull();
    expect(fromDatabaseError(new Error('boom'))).toBeNull();
  });
});

describe('the client address behind proxies (TRUST_PROXY_HOPS)', () => {
  const signup = (n: number) => ({
    company_name: `مؤسسة ${n}`, contact_person: 'خالد', phone: '0551234567', email: `k${n}@example.com`, city: 'جدة', service_description: 'رمل',
  });
  /**
   * What the app receives from a client at 203.0.113.7 that writes its own X-Forwarded-For,
   * new on every request, through `hops` proxies: each proxy appends the address it was
   * reached from (the first one the client's, the next one the first proxy's).
   */
  const forwarded = (n: number, hops: number) =>
    ({ 'X-Forwarded-For': [`198.51.100.${n % 250}`, '203.0.113.7', '10.0.0.2'].slice(0, 1 + hops).join(', ') });

  it('defaults to one trusted hop in production and none otherwise', () => {
    const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), GOOGLE_CLIENT_ID: 'i', GOOGLE_CLIENT_SECRET: 's', PUBLIC_URL: 'https://binaa.example', ...ZATCA_SET };
    expect(loadConfig(prod).trustProxyHops).toBe(1);
    expect(loadConfig({ ...prod, TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: os.tmpdir() }).trustProxyHops).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '-1', DATA_DIR: os.tmpdir() })).toThrow(/TRUST_PROXY_HOPS/);
  });

  for (const hops of [1, 2]) {
    it(`counts the address ${hops} hop(s) from the right, so a rotated X-Forwarded-For bypasses no limit, and quick signup stores it`, async () => {
      const server = await startTestServer({
        env: { TRUST_PROXY_HOPS: String(hops) },
        limits: { loginFailuresPer15Min: 3, quickSignupPerHour: 2, perUserPerMinute: 8 },
      });
      try {
        const client = new TestClient(server.url);
        let n = 0;
        // Failed sign-ins: 3 refusals, then 429 however the header changes.
        for (let i = 0; i < 3; i++) expect((await client.post('/api/sessions', { code: `nope${i}` }, forwarded(++n, hops))).status).toBe(400);
        const locked = await client.post('/api/sessions', { code: 'nope' }, forwarded(++n, hops));
        expect(locked.status).toBe(429);
        expect(locked.body.code).toBe('rate_limited');
        // Quick signup: 2 an hour, stored with the client's address, not the forged one.
        const first = await client.post('/api/quick-signup', signup(1), forwarded(++n, hops));
        expect(first.status).toBe(201);
        expect((await server.db.knex('registration_requests').where({ id: first.body.id }).first()).ip).toBe('203.0.113.7');
        expect((await client.post('/api/quick-signup', signup(2), forwarded(++n, hops))).status).toBe(201);
        expect((await client.post('/api/quick-signup', signup(3), forwarded(++n, hops))).status).toBe(429);
        // A guest's searches: the general budget (8 a minute here, counting the calls above) runs out.
        const answers: number[] = [];
        for (let i = 0; i < 3; i++) answers.push((await client.get(`/api/products?search=cement${i}`, forwarded(++n, hops))).status);
        expect(answers).toEqual([200, 429, 429]);
      } finally {
        await server.close();
      }
    });
  }

  it('believes no X-Forwarded-For without a trusted proxy: the address is the connection’s', async () => {
    const server = await startTestServer({ limits: { loginFailuresPer15Min: 2, quickSignupPerHour: 5 } });
    try {
      const client = new TestClient(server.url);
      const first = await client.post('/api/quick-signup', signup(1), { 'X-Forwarded-For': '198.51.100.1' });
      expect((await server.db.knex('registration_requests').where({ id: first.body.id }).first()).ip).toMatch(/127\.0\.0\.1$/);
      for (let i = 0; i < 2; i++) await client.post('/api/sessions', { code: `x${i}` }, { 'X-Forwarded-For': `198.51.100.${i}` });
      expect((await client.post('/api/sessions', { code: 'x' }, { 'X-Forwarded-For': '198.51.100.99' })).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('request logs', () => {
  it('log each API request in one small line with no cookie, authorization or set-cookie value', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const server = await startTestServer({ app: { logger } });
    try {
      const client = await signInAs(server, { role: 'contractor' }); // POST /api/sessions answers Set-Cookie
      const signInLine = lines.find((l) => l.includes('/api/sessions'))!;
      const session = client.cookieHeader(); // the session id and its signature
      const secrets = [...client.cookies.values(), 'Bearer top-secret-token'];
      await client.get('/api/users/me', { Authorization: 'Bearer top-secret-token' });
      const meLine = lines.find((l) => l.includes('/api/users/me'))!;
      expect(session).toMatch(/binaa\.sid=.+binaa\.sid\.sig=/);
      for (const line of [signInLine, meLine]) {
        for (const secret of secrets) expect(line).not.toContain(secret);
        expect(line).not.toMatch(/cookie|authorization|headers/i);
        expect(line.length).toBeLessThan(300); // it was over 1 kB with every header
      }
      expect(JSON.parse(meLine)).toMatchObject({
        reqId: expect.anything(),
        req: { method: 'GET', url: '/api/users/me' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      });
    } finally {
      await server.close();
    }
  });
});

describe('connections', () => {
  it('keeps an idle connection open longer than load balancers and request clients keep theirs', async () => {
    const server = await startTestServer();
    try {
      const res = await fetch(`${server.url}/api/health`);
      expect(res.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_SECONDS}`);
      expect(KEEP_ALIVE_SECONDS).toBeGreaterThan(60);
    } finally {
      await server.close();
    }
  });
});
