/**
 * Rate limits with rate-limiter-flexible: generous per user or IP for
 * everything, tight for what is cheap to abuse (failed login-code exchanges, quick signup).
 * With REDIS_URL the counters live in Redis (RateLimiterRedis, keys under the app's
 * REDIS_KEY_PREFIX), so several app processes behind a load balancer count one budget; if
 * Redis cannot answer, each process falls back to its own memory until it can. Without it
 * they live in the process's memory: the embedded default is one process with no other
 * service. Counting is never a database write: a request of its own on every API call
 * cost more than the cached catalogue read it guarded.
 */
import type { Context, Next } from 'koa';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, RLWrapperTimeouts, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimited } from '../../shared/errors';
import type { AppDeps } from './context';
import { redisClient } from './redis';

const REDIS_WAIT_MS = 250;

/**
 * One budget (points per duration) under one name. Its counters belong to the app whose
 * context uses it (a test process runs many apps, each with its own database and, on
 * Redis, its own key prefix).
 */
export class Limiter {
  private readonly stores = new WeakMap<AppDeps, RateLimiterAbstract>();
  constructor(
    private readonly name: string,
    private readonly points: number,
    private readonly durationSeconds: number,
  ) {}

  private store(deps: AppDeps): RateLimiterAbstract {
    let store = this.stores.get(deps);
    if (!store) {
      const opts = { keyPrefix: this.name, points: this.points, duration: this.durationSeconds };
      const { redis } = deps.config;
      store = redis
        ? // A request waits REDIS_WAIT_MS at most for Redis (one reconnecting, or not
          // connected yet), then counts in memory. The memory store belongs to the
          // wrapper alone: given to the Redis limiter too (the wrapper would take it from
          // there), a call that timed out and then failed counted twice in it.
          new RLWrapperTimeouts({
            limiter: new RateLimiterRedis({
              ...opts,
              keyPrefix: `${redis.keyPrefix}rl:${this.name}`,
              storeClient: redisClient(redis.url, deps.logger),
            }),
            insuranceLimiter: new RateLimiterMemory(opts),
            timeoutMs: REDIS_WAIT_MS,
          })
        : new RateLimiterMemory(opts);
      this.stores.set(deps, store);
    }
    return store;
  }

  /** Counts one hit; throws 429 once the key is over its budget. */
  async consume(ctx: Context, key: string): Promise<void> {
    try {
      await this.store(ctx.deps).consume(key);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw this.refuse(ctx, e.msBeforeNext);
      throw e;
    }
  }

  /** The 429, counted in the metrics under this budget's name. */
  private refuse(ctx: Context, msBeforeNext: number) {
    ctx.deps.metrics?.rateLimited(this.name);
    return rateLimited(msBeforeNext / 1000);
  }

  /** Refuses without counting when the key is already over budget. */
  async check(ctx: Context, key: string): Promise<void> {
    const res = await this.store(ctx.deps).get(key);
    if (res && res.remainingPoints <= 0) throw this.refuse(ctx, res.msBeforeNext);
  }
}

/**
 * The general budget: every API request counts once, a signed-in user's against their
 * own, anyone else's against their address. `count` is for a middleware that answers an
 * API request before `middleware` is reached (products/catalogue-fast-path.ts); a request
 * it counted and then passed on is not counted again, and one it found over budget is
 * refused by `middleware`, where every refusal is made.
 */
export function generalLimit(perMinute: number) {
  const limiter = new Limiter('general', perMinute, 60);
  // The outcome of each request's one count: asked again, it answers the same, a refusal too.
  const counted = new WeakMap<Context, Promise<void>>();
  function count(ctx: Context): Promise<void> {
    let outcome = counted.get(ctx);
    if (!outcome) counted.set(ctx, (outcome = limiter.consume(ctx, ctx.state.user ? `u:${ctx.state.user.id}` : `ip:${ctx.ip}`)));
    return outcome;
  }
  const middleware = async (ctx: Context, next: Next) => {
    if (ctx.path.startsWith('/api/')) await count(ctx);
    await next();
  };
  return { count, middleware };
}
