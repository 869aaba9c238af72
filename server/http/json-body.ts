/**
 * Serializes a JSON answer once. koa-compress compares ctx.response.length with its
 * threshold, and koa computes the length of an object body by serializing it; koa then
 * serializes it again to send it (or koa-compress does, to compress it). Turned into its
 * JSON text here, inside koa-compress, the body is serialized once and both read the text
 * and the Content-Length koa sets for it. The Content-Type stays application/json: koa
 * set it when the object was assigned, and a string body keeps a type already set.
 *
 * An answer given again and again as the same object (a cached catalogue page, marked
 * with `sendUnchanged`) is serialized and compressed once per encoding, and each later
 * answer writes those bytes: the encoding chosen as koa-compress would choose it
 * (`compression`), with the headers it would set, and a Content-Length.
 */
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context, Next } from 'koa';
import { checkSentAnswer } from './answer-check';

/** koa-compress's settings (server/app.ts): bodies under the threshold are sent as they are. */
export const compression = { threshold: 1024 };

/** Objects answered unchanged every time: their bytes are kept (until the object is dropped). */
const unchanged = new WeakSet<object>();
const encoded = new WeakMap<object, Encoded>();

interface Encoded {
  json: Buffer;
  /** by Content-Encoding */
  compressed: Map<string, Promise<Buffer>>;
}

/**
 * Marks `value` as one that is never changed once made (the catalogue cache's pages): its
 * JSON, plain and compressed, is computed once and reused by every answer that sends it.
 */
export function sendUnchanged<T extends object>(value: T): T {
  unchanged.add(value);
  return value;
}

/**
 * koa-compress's encodings, in its order of preference (zstd where this Node has it) with
 * its options: brotli at quality 4.
 */
const COMPRESSORS: Array<[string, (b: Buffer) => Promise<Buffer>]> = [
  ...(typeof (zlib as { zstdCompress?: unknown }).zstdCompress === 'function'
    ? [['zstd', promisify((zlib as unknown as { zstdCompress: typeof zlib.gzip }).zstdCompress)] as [string, (b: Buffer) => Promise<Buffer>]]
    : []),
  ['br', (b: Buffer) => promisify(zlib.brotliCompress)(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })],
  ['gzip', promisify(zlib.gzip)],
  ['deflate', promisify(zlib.deflate)],
];
const PREFERENCE = [...COMPRESSORS.map(([name]) => name), 'identity'];

/**
 * The encoding koa-compress (through negotiator, with its preference order) picks for an
 * Accept-Encoding header: the highest quality the client gives, ties going to the earlier
 * of PREFERENCE; no header: identity; a bare "*": gzip. Identity, unless the client names
 * it or "*", is acceptable at the lowest quality the client gives anything.
 */
export function chooseEncoding(header: string | undefined): string {
  if (!header) return 'identity';
  if (header === '*') return 'gzip';
  const given = new Map<string, number>();
  let lowest = 1;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    given.set(name.trim().toLowerCase(), q);
    lowest = Math.min(lowest, q || 1); // as negotiator does: a refusal (q=0) lowers nothing
  }
  const quality = (name: string) => given.get(name) ?? given.get('*') ?? (name === 'identity' ? lowest : 0);
  let best = 'identity';
  let bestQ = 0;
  for (const name of PREFERENCE) {
    const q = quality(name);
    if (q > bestQ) [best, bestQ] = [name, q];
  }
  return bestQ > 0 ? best : 'identity';
}

const EMPTY_STATUSES = new Set([204, 205, 304]);

function compressible(ctx: Context, size: number): boolean {
  return (
    ctx.compress !== false &&
    ctx.method !== 'HEAD' &&
    !EMPTY_STATUSES.has(ctx.status) &&
    ctx.status !== 206 &&
    !ctx.response.get('Content-Encoding') &&
    !/(?:^|,)\s*?no-transform\s*?(?:,|$)/.test(ctx.response.get('Cache-Control')) &&
    size >= compression.threshold
  );
}

async function sendEncoded(ctx: Context, body: object): Promise<void> {
  let entry = encoded.get(body);
  if (!entry) encoded.set(body, (entry = { json: Buffer.from(JSON.stringify(body)), compressed: new Map() }));
  checkSentAnswer(ctx, entry.json);
  const encoding = compressible(ctx, entry.json.length) ? chooseEncoding(ctx.get('Accept-Encoding') || undefined) : 'identity';
  if (encoding === 'identity') {
    ctx.body = entry.json;
    return;
  }
  let bytes = entry.compressed.get(encoding);
  if (!bytes) {
    const compress = COMPRESSORS.find(([name]) => name === encoding)![1];
    const json = entry.json;
    entry.compressed.set(encoding, (bytes = compress(json)));
    bytes.catch(() => entry.compressed.delete(encoding));
  }
  ctx.body = await bytes;
  ctx.set('Content-Encoding', encoding);
  // Already compressed: koa-compress leaves it (it also skips a body with a Content-Encoding).
  ctx.compress = false;
}

export function serializeJsonOnce() {
  return async function jsonOnce(ctx: Context, next: Next) {
    await next();
    const body: unknown = ctx.body;
    if (body === null || typeof body !== 'object') return;
    if (unchanged.has(body)) {
      ctx.state.sentUnchanged = body;
      return sendEncoded(ctx, body);
    }
    const proto = Object.getPrototypeOf(body);
    if (Array.isArray(body) || proto === Object.prototype || proto === null) {
      const json = JSON.stringify(body);
      checkSentAnswer(ctx, json);
      ctx.body = json;
    }
  };
}
