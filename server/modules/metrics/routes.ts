/**
 * GET /metrics: the Prometheus text of this process (registry.ts). With METRICS_TOKEN set,
 * only a request carrying `Authorization: Bearer <token>` is answered; any other is 401,
 * compared in constant time so the answer's timing says nothing of the token. Unset, it is
 * served outside production (a developer's Prometheus, the tests) and absent in production
 * (404, as any unknown path): operational numbers are not for the public. Mounted before
 * sessions and rate limits, as the health check is: a scraper has no cookie, and its
 * scrape every few seconds must not eat a budget or refresh a session.
 */
import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { route } from '../../http/route';
import { notFound, unauthenticated } from '../../../shared/errors';

const METRICS_PATH = '/metrics';

function bearerMatches(ctx: Context, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'));
  if (!m) return false;
  // Hashed first: timingSafeEqual needs equal lengths, and the lengths must not leak either.
  const digest = (v: string) => crypto.createHash('sha256').update(v, 'utf8').digest();
  return crypto.timingSafeEqual(digest(m[1]), digest(token));
}

export function metricsRouter(): Router {
  const router = new Router();
  route(
    router,
    {
      method: 'get',
      path: METRICS_PATH,
      summary: 'Prometheus metrics (text format); Authorization: Bearer METRICS_TOKEN when it is set, absent in production without it',
      tag: 'meta',
      access: 'public',
    },
    async ({ ctx }) => {
      const { config, metrics } = ctx.deps;
      const token = config.metrics.token;
      if (!token && config.production) throw notFound();
      if (token && !bearerMatches(ctx, token)) {
        ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
        throw unauthenticated();
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Type', metrics!.contentType);
      return metrics!.text();
    },
  );
  return router;
}
