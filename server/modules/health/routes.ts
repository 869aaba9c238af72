import Router from '@koa/router';
import type { Knex } from 'knex';
import { route, WithStatus } from '../../http/route';
import { isDatabaseUnavailable } from '../../db/errors';
import { databaseUnavailable, shuttingDown } from '../../../shared/errors';

/**
 * How long the health check waits for the database, pool queue included. A load balancer
 * or a monitor must hear "down" quickly, and an answer slower than this is down for them
 * too: a pool that cannot hand out a connection in 2 s serves nobody.
 */
export const HEALTH_DB_TIMEOUT_MS = 2000;

class HealthTimeout extends Error {}

/** One round trip to the database, given up after `timeoutMs` (the query itself is left to finish or fail). */
async function databaseAnswers(knex: Knex, timeoutMs = HEALTH_DB_TIMEOUT_MS): Promise<{ ok: true } | { ok: false; cause: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HealthTimeout(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const query = knex.raw('select 1');
  try {
    await Promise.race([query, timeout]);
    return { ok: true };
  } catch (err) {
    if (err instanceof HealthTimeout) {
      query.catch(() => undefined); // its late failure is not news
      return { ok: false, cause: err.message };
    }
    if (isDatabaseUnavailable(err)) return { ok: false, cause: (err as Error).message };
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health: the process answers and the database does too: 200 `{ok: true, db}`,
 * or 503 `{ok: false, db, error, code: 'database_unavailable'}` within
 * HEALTH_DB_TIMEOUT_MS when the database does not answer (the error body of every
 * failure, with the two fields of the healthy answer). GET /api/health/ready: whether this
 * process takes new work (no database round trip: the liveness check says that).
 */
export function healthRouter(): Router {
  const router = new Router();
  route(router, { method: 'get', path: '/api/health', summary: 'Liveness and database kind; 503 when the database does not answer', tag: 'meta', access: 'public' }, async ({ ctx, knex }) => {
    ctx.set('Cache-Control', 'no-store');
    const db = await databaseAnswers(knex);
    if (db.ok) return { ok: true, db: ctx.deps.dbKind };
    ctx.log?.warn({ cause: db.cause }, 'health: database unavailable');
    const err = databaseUnavailable();
    if (err.headers) ctx.set(err.headers);
    return new WithStatus(err.status, { ok: false, db: ctx.deps.dbKind, error: err.message, code: err.code });
  });
  // Readiness, for a load balancer: 503 from the moment the process starts draining for
  // shutdown (lifecycle/shutdown.ts), while the liveness check above stays 200, so the
  // balancer stops sending new work here and nothing restarts a process finishing its own.
  route(router, { method: 'get', path: '/api/health/ready', summary: 'Readiness: 200 while serving, 503 (shutting_down) once draining for shutdown', tag: 'meta', access: 'public' }, ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    if (!ctx.deps.readiness?.draining) return { ok: true };
    const err = shuttingDown();
    if (err.headers) ctx.set(err.headers);
    return new WithStatus(err.status, { ok: false, error: err.message, code: err.code });
  });
  return router;
}
