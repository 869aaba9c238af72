import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { TestClient } from '../test/http-client';
import { signInAs } from '../test/sign-in';

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

describe('HTTP in production', () => {
  it('sends HSTS', async () => {
    const server = await startTestServer({
      publicUrl: () => 'https://binaa.example',
      env: { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' },
    });
    try {
      const res = await new TestClient(server.url).get('/api/health');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      // no development identity provider in production
      expect((await new TestClient(server.url).get('/dev-idp/authorize')).status).toBe(404);
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
