/**
 * Counts and times every request by its route's template, the first middleware of the app
 * so that what every later one answers (the catalogue's fast path, an error, a static file)
 * is measured. The label is the router's template with its parameters as the API documents
 * them (`/api/purchase-orders/{id}`), never the URL: ids would make a series per object and
 * a query string may carry anything. A request refused before the router (a rate limit,
 * an origin check) is labelled with the declared route its path and method fit; the rest
 * no router matched are grouped under a few fixed names. The answer is measured when its last byte has left (or the client went
 * away), so a streamed body is timed whole; an event stream is counted but not timed.
 */
import type { Context, Next } from 'koa';
import { MEDIA_PATH, UPLOADS_PATH } from '../../../shared/photos';
import { registry } from '../../http/route';
import type { Metrics } from './registry';

/** Paths answered by a middleware rather than a router, with the label each gets (the catalogue's fast path answers a declared route: below). */
const UNROUTED: Array<[prefix: string, label: string]> = [
  [UPLOADS_PATH, `${UPLOADS_PATH}/{id}`],
  [MEDIA_PATH, `${MEDIA_PATH}/{name}`],
  ['/connect', '/connect/{provider}'],
];

/** The declared routes (http/route.ts) as patterns, made again when more were declared. */
let patterns: { from: number; list: Array<{ method: string; path: string; re: RegExp }> } = { from: -1, list: [] };

/**
 * The declared route a request was for, when a middleware before the router answered it
 * (a rate limit's 429, a refused origin, a body too large): its template, as if matched.
 */
function declaredRoute(method: string, at: string): string | undefined {
  if (patterns.from !== registry.length) {
    const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    const list = registry.map((r) => ({ method: r.method.toUpperCase(), path: r.path, re: new RegExp(`^${r.path.split(/\{\w+\}/).map(escape).join('[^/]+')}$`) }));
    patterns = { from: registry.length, list };
  }
  return patterns.list.find((p) => (p.method === method || (method === 'HEAD' && p.method === 'GET')) && p.re.test(at))?.path;
}

/** The route label of a request once it has been answered. */
function routeLabel(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched.replace(/:(\w+)/g, '{$1}');
  const at = ctx.path;
  for (const [prefix, label] of UNROUTED) if (at === prefix || at.startsWith(`${prefix}/`)) return label;
  const declared = at.startsWith('/api/') ? declaredRoute(ctx.method, at) : undefined;
  if (declared) return declared;
  // Anything else under /api/ matched nothing (a 404 or 405); the rest is the client's files.
  return at.startsWith('/api/') ? 'unmatched' : 'client';
}

export function measureRequests(metrics: Metrics) {
  return async function measure(ctx: Context, next: Next) {
    const started = process.hrtime.bigint();
    ctx.res.once('close', () => {
      const streamed = String(ctx.response.get('Content-Type')).startsWith('text/event-stream');
      const seconds = streamed ? undefined : Number(process.hrtime.bigint() - started) / 1e9;
      metrics.request(ctx.method, routeLabel(ctx), ctx.res.statusCode, seconds);
    });
    await next();
  };
}
