/**
 * A visitor who is not signed in, reading a catalogue page the page cache holds, is the
 * request the product serves most; through the whole chain (sessions, origin and body
 * rules, the routers, the route's query check) its own work was a version lookup and a
 * write of bytes already encoded, and the chain cost more than the database did. So such
 * a request is answered here, ahead of the session and the routers, with what the slow
 * path answered the last time for the same request:
 *
 * - only a GET of /api/products with no Cookie and no Authorization header (a signed-in
 *   reader's page may differ: their language, their city for `nearest`; a request with
 *   any cookie at all takes the slow path, so a session is never skipped), and not over
 *   plain http when the site is https-only (requireHttps refuses those);
 * - keyed by everything such an answer depends on: the URL with its query and the
 *   Accept-Language header (the encoding is chosen further out, in json-body.ts, as for
 *   every answer);
 * - only while the page is the one the catalogue cache would give (`pageStatus`: the
 *   same version read, so a write by any process is seen exactly as the slow path sees
 *   it), otherwise the slow path answers and its answer is kept instead;
 * - with the headers the slow path's inner middleware set on it (the total, Vary, the
 *   type), set again in the same order; the outer middleware (the request log line, the
 *   error body, the security headers, compression) runs for both paths alike;
 * - counted against the general rate limit as the slow path counts it, once.
 */
import type { ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import { isCataloguePage, pageStatus } from './catalogue-cache';

const PATH = '/api/products';
/** Answers kept, least recently used dropped first: as many as the page cache's pages. */
const MAX_ANSWERS = 500;

/** A header the inner middleware set to a value (or, with undefined, removed). */
type HeaderChange = [name: string, value: string | string[] | undefined];

interface Answer {
  page: object;
  headers: HeaderChange[];
}

/** The response's headers as they will be written: names as set (their case is sent), in order. */
function headersOf(res: ServerResponse): Array<[string, string | number | string[]]> {
  // Node has had getRawHeaderNames since 15.13; @types/node 20 does not declare it.
  const names = (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
  return names.map((name) => [name, res.getHeader(name)!]);
}

/** What the inner middleware changed in the response's headers, in their order. */
function headerChanges(before: Array<[string, string | number | string[]]>, after: Array<[string, string | number | string[]]>): HeaderChange[] {
  const was = new Map(before.map(([name, value]) => [name.toLowerCase(), `${name}: ${String(value)}`]));
  const changes: HeaderChange[] = [];
  for (const [name, value] of after) {
    if (was.get(name.toLowerCase()) !== `${name}: ${String(value)}`) changes.push([name, Array.isArray(value) ? value : String(value)]);
  }
  const now = new Set(after.map(([name]) => name.toLowerCase()));
  for (const [name] of before) if (!now.has(name.toLowerCase())) changes.push([name, undefined]);
  return changes;
}

export function catalogueFastPath(opts: { countRequest: (ctx: Context) => Promise<void>; httpsOnly: boolean }) {
  const answers = new Map<string, Answer>();
  return async function anonymousCatalogueRead(ctx: Context, next: Next) {
    if (ctx.method !== 'GET' || ctx.path !== PATH || ctx.get('Cookie') || ctx.get('Authorization') || (opts.httpsOnly && !ctx.secure)) return next();
    const key = `${ctx.url}\n${ctx.get('Accept-Language')}`;
    const answer = answers.get(key);
    if (answer) {
      await opts.countRequest(ctx);
      // A failed version read goes the slow way, which fails as it always has (counted once).
      const status = await pageStatus(ctx.deps.knex, answer.page).catch(() => undefined);
      answers.delete(key);
      // Gone stale: the slow path's page cache takes the version this request has read.
      if (status) ctx.state.catalogueVersion = status.version;
      if (status?.current) {
        answers.set(key, answer);
        for (const [name, value] of answer.headers) {
          if (value === undefined) ctx.remove(name);
          else ctx.set(name, value);
        }
        ctx.status = 200;
        ctx.body = answer.page;
        return;
      }
    }
    const before = headersOf(ctx.res);
    await next();
    const headers = headerChanges(before, headersOf(ctx.res));
    if (ctx.status !== 200 || ctx.state.user || !isCataloguePage(ctx.body) || headers.some(([name]) => name.toLowerCase() === 'set-cookie')) return;
    answers.set(key, { page: ctx.body, headers });
    if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value!);
  };
}
