/**
 * A cached catalogue page goes out as bytes kept from its first answer (json-body.ts,
 * sendUnchanged): the same JSON, the same headers, and the same Content-Encoding that
 * koa-compress gives any other answer for the same Accept-Encoding; serialized once.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { createUser } from '../test/sign-in';
import { chooseEncoding } from './json-body';

/** GET with exactly these headers (fetch would add and decode its own): status, headers, decoded text. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number; text: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          const decode: Record<string, (b: Buffer) => Buffer> = {
            gzip: zlib.gunzipSync,
            deflate: zlib.inflateSync,
            br: zlib.brotliDecompressSync,
            ...((zlib as { zstdDecompressSync?: (b: Buffer) => Buffer }).zstdDecompressSync ? { zstd: (zlib as unknown as { zstdDecompressSync: (b: Buffer) => Buffer }).zstdDecompressSync } : {}),
          };
          resolve({ status: res.statusCode!, headers: res.headers, bytes: raw.length, text: (enc ? decode[enc](raw) : raw).toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

const ACCEPT_ENCODINGS = ['', 'gzip', 'deflate', 'gzip, deflate, br', 'gzip, deflate, br, zstd', 'br;q=0.5, gzip', 'gzip;q=0, deflate', '*', 'identity', 'br;q=0, gzip;q=0', 'gzip;q=0.2, *;q=0.5', 'GZIP'];
/** What a cached answer may differ in from a fresh one: its framing and its time. */
const VARYING = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

describe('a cached catalogue page as bytes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const supplier = await createUser(server.db.knex, { role: 'supplier' });
    await server.db.knex('products').insert(
      Array.from({ length: 12 }, (_, i) => ({ supplier_id: supplier.id, name: `أسمنت بورتلاندي مقاوم ${i}`, description: 'كيس ٥٠ كجم، مقاوم للأملاح والكبريتات', price: 18.5 + i, unit: 'كيس', min_quantity: 1 })),
    );
  });
  afterAll(() => server.close());

  it('is serialized once and sent with the headers and body of its first answer', async () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const url = `${server.url}/api/products?limit=12`;
      const first = await rawGet(url, {});
      const again = await rawGet(url, {});
      expect(first.status).toBe(200);
      expect(JSON.parse(first.text)).toHaveLength(12);
      expect(again.text).toBe(first.text);
      expect(stringify.mock.results.filter((r) => r.value === first.text)).toHaveLength(1);
      const headersOf = (h: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([k]) => !VARYING.has(k)));
      expect(headersOf(again.headers)).toEqual(headersOf(first.headers));
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.headers['content-length']).toBe(String(Buffer.byteLength(again.text)));
      expect(again.headers['x-total-count']).toBe('12');
      expect(again.headers['content-security-policy']).toBeTruthy();
      expect(again.headers.vary).toMatch(/\bAccept-Encoding\b/);
    } finally {
      stringify.mockRestore();
    }
  });

  it('is compressed as koa-compress compresses any other answer, for every Accept-Encoding', async () => {
    const plain = (await rawGet(`${server.url}/api/products?limit=12`, {})).text;
    for (const accept of ACCEPT_ENCODINGS) {
      const headers: Record<string, string> = accept ? { 'Accept-Encoding': accept } : {};
      // /api/categories: over the threshold, not cached, compressed by koa-compress itself.
      const other = await rawGet(`${server.url}/api/categories`, headers);
      for (let i = 0; i < 2; i++) {
        const page = await rawGet(`${server.url}/api/products?limit=12`, headers);
        expect([accept, page.headers['content-encoding']]).toEqual([accept, other.headers['content-encoding']]);
        expect(page.headers.vary).toMatch(/\bAccept-Encoding\b/);
        expect(page.text).toBe(plain);
        if (page.headers['content-encoding']) expect(page.bytes).toBeLessThan(Buffer.byteLength(plain));
      }
      expect(chooseEncoding(accept || undefined)).toBe(other.headers['content-encoding'] ?? 'identity');
    }
  });

  it('goes out uncompressed under the threshold, like any small answer', async () => {
    const page = await rawGet(`${server.url}/api/products?limit=1`, { 'Accept-Encoding': 'gzip, br' });
    expect(page.bytes).toBeLessThan(1024);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(page.text)).toHaveLength(1);
  });
});
