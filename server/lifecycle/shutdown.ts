/**
 * A graceful shutdown (SIGTERM; server/main.ts), within one bound, in this order:
 *
 * 1. Unready: GET /api/health/ready answers 503 and every answer carries
 *    `Connection: close`, so a load balancer stops sending work here and kept-alive
 *    clients reconnect elsewhere; the liveness check stays 200 (nothing should restart a
 *    process finishing its work). For `unreadyMs` new connections are still accepted, so a
 *    balancer polling the readiness check sees the 503 before the port closes.
 * 2. The listener closes: new connections are refused, kept-alive ones closed once idle.
 * 3. Live streams end with their reconnect hint (a stream never ends by itself, so the
 *    server could not close while one is open).
 * 4. Requests in flight finish, and the workers and upkeep finish what they are doing
 *    (a push batch, a ZATCA document, a sweep) and start nothing new.
 * 5. The pools close (database and its read replica, Redis).
 *
 * Past `timeoutMs` the connections still open are cut and the pools closed anyway: the
 * answer says the shutdown was not clean (main.ts exits 1 then, 0 after a clean one).
 */
import type { Server } from 'node:http';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { AppDeps } from '../http/context';
import type { Upkeep } from './upkeep';

interface ShutdownPlan {
  server: Server;
  readiness: { draining: boolean };
  timeoutMs: number;
  unreadyMs: number;
  logger: Logger;
  /** ends the live streams with their reconnect hint */
  endStreams: () => Promise<void>;
  /** stops the queue workers and the upkeep, resolving once what they were doing is done */
  stopWork: () => Promise<void>;
  /** closes the database and Redis pools, last */
  closePools: () => Promise<void>;
}

/** How long the pools get to close once everything else is over (or was cut off). */
const POOLS_CLOSE_MS = 2000;
/** How often connections that turned idle while draining are closed. */
const IDLE_SWEEP_MS = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves `true` when `work` is done within `ms`, `false` (leaving it to finish or not) when not. */
async function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, ms))));
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function shutDown(plan: ShutdownPlan): Promise<{ clean: boolean }> {
  const { server, logger } = plan;
  const deadline = Date.now() + plan.timeoutMs;
  plan.readiness.draining = true;
  logger.info({ unreadyMs: plan.unreadyMs, timeoutMs: plan.timeoutMs }, 'shutting down: unready, draining');
  if (plan.unreadyMs > 0) await sleep(plan.unreadyMs);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A connection whose answer went out without `Connection: close` (its headers were sent
  // before draining began) turns idle after it; Node closes only those idle at close().
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  void closed.then(() => clearInterval(sweeper));
  const drained = (async () => {
    await plan.endStreams();
    await Promise.all([closed, plan.stopWork()]);
  })();
  const clean = await within(deadline - Date.now(), drained);
  clearInterval(sweeper);
  if (!clean) {
    logger.warn({ timeoutMs: plan.timeoutMs }, 'shutdown bound reached: cutting the connections still open');
    server.closeAllConnections();
    drained.catch(() => undefined);
  }
  const poolsClosed = await within(POOLS_CLOSE_MS, plan.closePools());
  if (!poolsClosed) logger.warn('the pools did not close in time');
  logger.info({ clean: clean && poolsClosed }, 'shut down');
  return { clean: clean && poolsClosed };
}

/**
 * The shutdown of an app (createApp) listening on `server`: its live streams, its push and
 * ZATCA workers, its PDF threads and the process's `upkeep`, within config.shutdown's
 * bounds; `closePools` closes the database and Redis, which belong to the process, and
 * the read replica's pool given to the app closes with them.
 */
export function shutDownApp(opts: { deps: AppDeps; server: Server; upkeep?: Upkeep; closePools: () => Promise<void> }): Promise<{ clean: boolean }> {
  const { deps } = opts;
  return shutDown({
    server: opts.server,
    readiness: deps.readiness!,
    ...deps.config.shutdown,
    logger: deps.logger,
    endStreams: async () => deps.live?.close(),
    // The clearance worker finishes the document it is sending: cut off, the seller's chain stays claimed until its lease runs out.
    stopWork: async () => {
      await Promise.all([deps.push?.stop(), deps.clearance?.stop(), deps.scorecards?.stop(), opts.upkeep?.stop()]);
      await deps.pdf?.close();
    },
    // The replica's pool is the app's (deps.replica), closed with the process's others.
    closePools: async () => {
      await Promise.all([opts.closePools(), deps.replica?.close()]);
    },
  });
}

/** While draining, every answer asks its client to close the connection (step 1 above). */
export function closeConnectionsWhileDraining(readiness: { draining: boolean }) {
  return async function connectionClose(ctx: Context, next: Next) {
    try {
      await next();
    } finally {
      // After the chain (Koa sends the headers once it returns): a request already in flight when draining began is asked too.
      if (readiness.draining && !ctx.headerSent) ctx.set('Connection', 'close');
    }
  };
}
