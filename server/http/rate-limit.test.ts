/**
 * The general rate limit on each store it can count in: the process's memory (always),
 * and Redis when TEST_REDIS_URL is set (CI's Postgres pass sets it). On Redis, two app
 * processes on one database count one budget, and a Redis that cannot be reached leaves
 * each process counting in its own memory, the limit still holding.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, startTestServer, type TestServer } from '../test/harness';
import { TestClient } from '../test/http-client';
import { signInAs } from '../test/sign-in';
import { closeRedis } from './redis';

const PER_MINUTE = 5;
const REDIS_URL = process.env.TEST_REDIS_URL;
const stores = [
  { name: 'memory', redisEnv: (): Record<string, string> => ({}) },
  ...(REDIS_URL ? [{ name: 'redis', redisEnv: (schema: string) => ({ REDIS_URL, REDIS_KEY_PREFIX: `${schema}:` }) }] : []),
];

afterAll(() => closeRedis());

/** GET /api/categories `n` times: the statuses. */
async function statuses(client: TestClient, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await client.get('/api/categories')).status);
  return out;
}

describe.each(stores)('the general rate limit, counted in $name', ({ name, redisEnv }) => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });
  async function start(db?: Awaited<ReturnType<typeof createTestDb>>, perMinute = PER_MINUTE) {
    const d = db ?? (await createTestDb());
    const server = await startTestServer({ db: d, redis: false, env: redisEnv(d.schema), limits: { perUserPerMinute: perMinute } });
    servers.push(server);
    return server;
  }

  it('answers a guest its budget of requests a minute, then 429 rate_limited with Retry-After', async () => {
    const server = await start();
    const client = new TestClient(server.url);
    expect(await statuses(client, PER_MINUTE)).toEqual(Array(PER_MINUTE).fill(200));
    const refused = await client.get('/api/categories');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Cached catalogue reads count like any other request.
    expect((await client.get('/api/products?limit=5')).status).toBe(429);
  });

  it("counts a guest's cached catalogue page each time, though it is answered ahead of the limiter", async () => {
    const server = await start();
    const client = new TestClient(server.url);
    // The first read computes the page; the others are answered by the catalogue's fast path.
    const got: number[] = [];
    for (let i = 0; i < PER_MINUTE; i++) got.push((await client.get('/api/products?limit=5')).status);
    expect(got).toEqual(Array(PER_MINUTE).fill(200));
    // Over budget, the page it holds is refused as any request is: error body, Retry-After,
    // the security headers.
    const refused = await client.get('/api/products?limit=5');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await client.get('/api/categories')).status).toBe(429);
  });

  it('gives a signed-in user a budget of their own, apart from their address', async () => {
    const server = await start(undefined, 20);
    const user = await signInAs(server, { role: 'contractor' });
    const guest = new TestClient(server.url);
    expect(await statuses(user, 20)).toEqual(Array(20).fill(200));
    expect((await user.get('/api/categories')).status).toBe(429);
    // The guest on the same address still has the budget the sign-in left.
    expect((await guest.get('/api/categories')).status).toBe(200);
  });

  it(
    name === 'redis' ? 'counts one budget for two app processes on one database' : 'counts each app process apart (one process: nothing to share)',
    async () => {
      const db = await createTestDb();
      const [a, b] = [await start(db), await start(db)];
      const ca = new TestClient(a.url);
      const cb = new TestClient(b.url);
      const got: number[] = [];
      for (let i = 0; i < PER_MINUTE + 1; i++) got.push((await (i % 2 ? cb : ca).get('/api/categories')).status);
      if (name === 'redis') expect(got).toEqual([...Array(PER_MINUTE).fill(200), 429]);
      else expect(got).toEqual(Array(PER_MINUTE + 1).fill(200));
    },
  );
});

describe.runIf(REDIS_URL)('the general rate limit with Redis out of reach', () => {
  it('answers as usual and still refuses past the budget, counting in memory', async () => {
    const db = await createTestDb();
    // Nothing listens on port 1.
    const server = await startTestServer({ db, redis: false, env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: `${db.schema}:` }, limits: { perUserPerMinute: 8 } });
    try {
      const client = new TestClient(server.url);
      // Enough requests for the client's reconnection delay to outgrow the wait: a call
      // that times out and then fails is counted once, not once for each.
      expect(await statuses(client, 8)).toEqual(Array(8).fill(200));
      expect((await client.get('/api/categories')).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});
