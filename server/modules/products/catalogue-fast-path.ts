/**
 * A visitor who is not signed in, reading a catalogue page the page cache holds, is the
 * request the product serves most; through the whole chain (error body, security headers,
 * compression, sessions, origin and body rules, the routers, the route's query check) its
 * own work was a version lookup and a write of bytes already encoded, and the chain cost
 * more than the database did. So such a request is answered here, right after the request
 * log line and ahead of everything else, with the very answer the slow path gave the last
 * time for the same request:
 *
 * - only a GET of /api/products with no Cookie and no Authorization header (a signed-in
 *   reader's page may differ: their language, their city for `nearest`; a request with
 *   any cookie at all takes the slow path, so a session is never skipped), and not over
 *   plain http when the site is https-only (requireHttps refuses those);
 * - keyed by everything such an answer depends on: the URL with its query, the
 *   Accept-Language header, and the encoding the compression would choose for its
 *   Accept-Encoding (`chooseEncoding`, the one rule json-body.ts applies);
 * - only while the page is the one the catalogue cache would give (`pageStatus`: the
 *   same version read, so a write by any process is seen exactly as the slow path sees
 *   it), and while the security headers are the ones it was sent with (the inline
 *   scripts' hashes in the Content-Security-Policy follow the built page); otherwise the
 *   slow path answers and its answer is kept instead;
 * - written as it was sent: every header the chain set, names as set (their case is sent)
 *   and in their order, then the body's bytes, plain or compressed, in one write;
 * - counted against the general rate limit as the slow path counts it, once; a request
 *   over its budget takes the slow path, whose limiter refuses it with the error body and
 *   the security headers every refusal has.
 */
import type { ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import { chooseEncoding } from '../../http/json-body';
import { guestReads } from '../../http/reads';
import { isCataloguePage, pageStatus } from './catalogue-cache';

const PATH = '/api/products';
/** Answers kept, least recently used dropped first: as many as the page cache's pages. */
const MAX_ANSWERS = 500;

interface Answer {
  /** the page cache's page the bytes were made from */
  page: object;
  /** name, value, name, value…: response.writeHead's raw form */
  headers: string[];
  bytes: Buffer;
  /** what the security headers were made from when it was sent */
  securedBy: unknown;
}

/**
 * The response's headers as they will be written: names as set, in order, values as sent
 * (a header set to several values, once for each, as Node writes it).
 */
function headersOf(res: ServerResponse): string[] {
  // Node has had getRawHeaderNames since 15.13; @types/node 20 does not declare it.
  const names = (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
  return names.flatMap((name) => [res.getHeader(name)!].flat().flatMap((value) => [name, String(value)]));
}

/**
 * `securedBy`: what the security headers are made from now (compared by identity): an
 * answer kept under another is not given.
 */
export function catalogueFastPath(opts: { countRequest: (ctx: Context) => Promise<void>; httpsOnly: boolean; securedBy: () => unknown }) {
  const answers = new Map<string, Answer>();
  return async function anonymousCatalogueRead(ctx: Context, next: Next) {
    if (ctx.method !== 'GET' || ctx.path !== PATH || ctx.get('Cookie') || ctx.get('Authorization') || (opts.httpsOnly && !ctx.secure)) return next();
    const key = `${ctx.url}\n${ctx.get('Accept-Language')}\n${chooseEncoding(ctx.get('Accept-Encoding') || undefined)}`;
    const securedBy = opts.securedBy();
    const answer = answers.get(key);
    if (answer && answer.securedBy === securedBy && (await opts.countRequest(ctx).then(() => true, () => false))) {
      // A failed version read goes the slow way, which fails as it always has. The version is
      // the one of the database the route would read (the replica for a guest, when it serves).
      const status = await pageStatus(guestReads(ctx), answer.page).catch(() => undefined);
      answers.delete(key);
      // Gone stale: the slow path's page cache takes the version this request has read.
      if (status) ctx.state.catalogueVersion = status.version;
      if (status?.current) {
        answers.set(key, answer);
        ctx.respond = false;
        ctx.res.writeHead(200, answer.headers);
        ctx.res.end(answer.bytes);
        return;
      }
    }
    await next();
    const page = ctx.state.sentUnchanged;
    if (ctx.status !== 200 || ctx.state.user || !isCataloguePage(page) || !Buffer.isBuffer(ctx.body) || ctx.response.get('Set-Cookie')) return;
    answers.delete(key);
    answers.set(key, { page, headers: headersOf(ctx.res), bytes: ctx.body, securedBy });
    if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value!);
  };
}
