/**
 * A guest's cached catalogue page is answered ahead of the session and the routers
 * (catalogue-fast-path.ts). Each answer it gives is compared with the slow path's answer
 * to the same request carrying a harmless cookie (which sends it the slow way): status,
 * every header in its order, and the body's bytes as sent. A page of a category by its
 * slug shows which way a request went: the slow path resolves the slug (a statement), the
 * fast path reads only the catalogue's version.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { signInAs } from '../../test/sign-in';

interface RawAnswer {
  status: number;
  /** name and value pairs in the order sent, without Date */
  headers: string[][];
  body: Buffer;
  statements: number;
}

describe("a guest's cached catalogue page", () => {
  let server: TestServer;
  let statements = 0;
  const PAGE = '/api/products?category=cement-concrete&limit=5';

  beforeAll(async () => {
    server = await startTestServer();
    const supplier = await signInAs(server, { role: 'supplier' });
    await server.db.knex('subscriptions').insert({ user_id: supplier.user.id, plan_id: 'enterprise', status: 'active' });
    const [cement] = await server.db.knex('categories').where({ slug: 'cement-concrete' }).select('id');
    for (let i = 0; i < 6; i++) {
      const res = await supplier.post('/api/products', {
        name: `اسمنت بورتلاندي مقاوم ${i}`,
        description: 'Portland cement, 50 kg bag, sulphate resisting. 水泥',
        price: 20 + i,
        unit: 'كيس',
        category_id: cement.id,
      });
      expect(res.status).toBe(201);
    }
    server.db.knex.on('query', () => statements++);
  });
  afterAll(() => server.close());

  /** One GET as sent on the wire: raw headers and undecoded body. */
  function raw(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
    const before = statements;
    return new Promise((resolve, reject) => {
      http
        .get(new URL(path, server.url), { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const pairs: string[][] = [];
            for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
            resolve({ status: res.statusCode!, headers: pairs.filter(([name]) => name.toLowerCase() !== 'date'), body: Buffer.concat(chunks), statements: statements - before });
          });
        })
        .on('error', reject);
    });
  }

  it.each([
    ['a list page', PAGE, {}],
    ['the same list page, gzip', PAGE, { 'Accept-Encoding': 'gzip' }],
    ['a list page in English, gzip', PAGE, { 'Accept-Language': 'en-US,en;q=0.9', 'Accept-Encoding': 'gzip, deflate' }],
    ['a search page in Chinese, brotli', `${PAGE}&search=${encodeURIComponent('اسمنت')}`, { 'Accept-Language': 'zh', 'Accept-Encoding': 'br' }],
    ['a page sorted by price', `${PAGE}&sort=price_desc&offset=1`, { 'Accept-Encoding': 'identity' }],
  ])('answers %s exactly as the slow path does, status, headers in order and bytes', async (_, path, headers: Record<string, string>) => {
    expect((await raw(path, headers)).status).toBe(200); // computes the page
    const fast = await raw(path, headers);
    const slow = await raw(path, { ...headers, Cookie: 'harmless=1' });
    expect(fast.statements).toBe(1); // the catalogue's version, nothing else
    expect(slow.statements).toBe(2); // the slug resolved by the route, then the version
    expect(fast.status).toBe(200);
    expect(fast.headers).toEqual(slow.headers);
    expect(fast.body.equals(slow.body)).toBe(true);
    // The answer is worth comparing: the route's own headers are among them.
    const names = fast.headers.map(([name]) => name.toLowerCase());
    expect(names).toEqual(expect.arrayContaining(['x-total-count', 'vary', 'content-security-policy', 'content-type', 'content-length']));
    if (headers['Accept-Encoding'] && headers['Accept-Encoding'] !== 'identity') expect(names).toContain('content-encoding');
  });

  it('never answers a signed-in reader: their page is in their language, read through their session', async () => {
    // Signed in first: a new user moves the catalogue's version, which would send the
    // next request the slow way whoever made it.
    const reader = await signInAs(server, { role: 'contractor', language: 'en' });
    const guest = await raw(PAGE);
    expect((await raw(PAGE)).statements).toBe(1);
    expect(JSON.parse(guest.body.toString())[0].category_name).toBe('الأسمنت والخرسانة');
    // The same request as the guest's but for the session's cookie.
    const mine = await raw(PAGE, { Cookie: reader.cookieHeader() });
    expect(JSON.parse(mine.body.toString())[0].category_name).toBe('Cement & Concrete');
    expect(mine.statements).toBeGreaterThan(2); // the session, the slug, the version
  });

  it('takes the slow path for a request with an Authorization header', async () => {
    await raw(PAGE);
    expect((await raw(PAGE, { Authorization: 'Bearer x' })).statements).toBe(2);
  });

  it('answers the new page once the catalogue changes, whoever wrote it', async () => {
    const first = JSON.parse((await raw(PAGE)).body.toString());
    expect((await raw(PAGE)).statements).toBe(1);
    // A write straight to the database, as another app process would make it.
    await server.db.knex('products').where({ id: first[0].id }).update({ price: 999 });
    const after = await raw(PAGE);
    expect(Number(JSON.parse(after.body.toString())[0].price)).toBe(999);
    expect(after.statements).toBeGreaterThan(1);
    expect((await raw(PAGE)).statements).toBe(1); // and that page is answered fast from then on
  });

  it('follows the security headers when the built page changes its inline script', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-dist-'));
    const page = (script: string) => fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><script>${script}</script>`);
    const hash = (script: string) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
    page('start(1)');
    const built = await startTestServer({ db: server.db, app: { distDir: dist } });
    try {
      const csp = async (headers: Record<string, string> = {}) => {
        const res = await fetch(`${built.url}${PAGE}`, { headers });
        expect(res.status).toBe(200);
        return res.headers.get('content-security-policy');
      };
      await csp();
      const before = statements;
      expect(await csp()).toContain(hash('start(1)'));
      expect(statements - before).toBe(1); // the fast path answered
      page('start(2)');
      // The page's hashes are looked at once a second.
      await new Promise((r) => setTimeout(r, 1100));
      expect(await csp()).toContain(hash('start(2)'));
      expect(await csp()).toBe(await csp({ Cookie: 'harmless=1' }));
    } finally {
      await built.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('leaves the request its log line, as the slow path does', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const logged = await startTestServer({ db: server.db, app: { logger } });
    try {
      const get = (headers: Record<string, string> = {}) => fetch(`${logged.url}${PAGE}`, { headers });
      await get();
      const before = statements;
      expect((await get()).status).toBe(200);
      expect(statements - before).toBe(1); // the fast path answered
      expect((await get({ Cookie: 'harmless=1' })).status).toBe(200);
      const [, fast, slow] = lines.filter((l) => l.includes('/api/products')).map((l) => JSON.parse(l));
      const fields = ({ reqId: _id, time: _time, responseTime: _took, ...rest }: Record<string, unknown>) => rest;
      expect(fast).toMatchObject({ req: { method: 'GET', url: PAGE }, res: { statusCode: 200 }, responseTime: expect.any(Number) });
      expect(fields(fast)).toEqual(fields(slow));
    } finally {
      await logged.close();
    }
  });
});
