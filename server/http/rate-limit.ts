/**
 * Rate limits (DESIGN section 6) with rate-limiter-flexible: generous per user or IP for
 * everything, tight for what is cheap to abuse (failed login-code exchanges, quick signup).
 * Counters live in memory: one process per machine here; behind a load balancer they would
 * move to RateLimiterPostgres with the same calls.
 */
import type { Context, Next } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../../shared/errors';

export class Limiter {
  private limiter: RateLimiterMemory;
  constructor(points: number, durationSeconds: number) {
    this.limiter = new RateLimiterMemory({ points, duration: durationSeconds });
  }
  /** Counts one hit; throws 429 once the key is over its budget. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw rateLimited(e.msBeforeNext / 1000);
      throw e;
    }
  }
  /** Refuses without counting when the key is already over budget. */
  async check(key: string): Promise<void> {
    const res = await this.limiter.get(key);
    if (res && res.remainingPoints <= 0) throw rateLimited(res.msBeforeNext / 1000);
  }
}

export function generalLimit(perMinute: number) {
  const limiter = new Limiter(perMinute, 60);
  return async function limitRequests(ctx: Context, next: Next) {
    if (ctx.path.startsWith('/api/')) {
      await limiter.consume(ctx.state.user ? `u:${ctx.state.user.id}` : `ip:${ctx.ip}`);
    }
    await next();
  };
}
