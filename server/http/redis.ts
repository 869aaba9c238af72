/**
 * The Redis connection (ioredis) of the stores several app processes share (the rate
 * limits' counters), one per URL and process, opened on first use. A command waits for
 * the first connection; while Redis is down, it fails after one reconnection attempt
 * (the rate limits then count in memory until it is back), and the client reconnects by
 * itself (a rate limit waits 250 ms at most for it, rate-limit.ts). A lost connection is
 * logged once, and again once it is back.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

const clients = new Map<string, Redis>();

export function redisClient(url: string, logger: Logger): Redis {
  let client = clients.get(url);
  if (!client) {
    const c = new Redis(url, { maxRetriesPerRequest: 1 });
    let down = false;
    c.on('error', (err: Error) => {
      if (!down) logger.warn({ err }, 'redis unreachable: rate limits count in memory until it is back');
      down = true;
    });
    c.on('ready', () => {
      if (down) logger.info('redis reachable again');
      down = false;
    });
    clients.set(url, (client = c));
  }
  return client;
}

/** Closes every connection (a server's shutdown). */
export async function closeRedis(): Promise<void> {
  const all = [...clients.values()];
  clients.clear();
  await Promise.all(all.map((c) => c.quit().catch(() => c.disconnect())));
}
