/**
 * Two app processes on one Postgres, as behind a load balancer: a
 * client whose requests alternate between them sees one consistent feed and catalogue,
 * and, with Redis (TEST_REDIS_URL, as REDIS_URL in production), its rate limits are
 * counted once across both, not once per process. Postgres only: the embedded PGlite is
 * one process by nature.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, onPostgres, type TestDb } from './test/harness';
import { TestClient } from './test/http-client';
import { createUser } from './test/sign-in';
import { createLoginCode, loginCookieName } from './auth/login-codes';
import { openStream } from './test/sse';
import { LISTENER_NAME } from './modules/live/hub';

const PUBLIC_URL = 'http://binaa.test';
const PER_USER_PER_MINUTE = 30;

async function startProcess(db: TestDb): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/app-process.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      APP_SCHEMA: db.schema,
      PUBLIC_URL,
      APP_LIMITS: JSON.stringify({ perUserPerMinute: PER_USER_PER_MINUTE }),
    },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.once('exit', (code) => reject(new Error(`app process exited with ${code}`)));
  });
  return { url, child };
}

/** One browser whose requests a load balancer sends to either process: one cookie jar. */
function balancedClient(urls: string[]) {
  const clients = urls.map((u) => new TestClient(u, PUBLIC_URL));
  let next = 0;
  const pick = (): TestClient => {
    const c = clients[next++ % clients.length];
    for (const other of clients) if (other !== c) for (const [k, v] of other.cookies) c.cookies.set(k, v);
    return c;
  };
  const settle = (c: TestClient) => {
    for (const other of clients) if (other !== c) {
      other.cookies.clear();
      for (const [k, v] of c.cookies) other.cookies.set(k, v);
    }
  };
  return {
    /** a cookie in every process's jar, as a browser holds one cookie for the site */
    setCookie(name: string, value: string) {
      for (const c of clients) c.cookies.set(name, value);
    },
    async get(path: string) {
      const c = pick();
      const res = await c.get(path);
      settle(c);
      return res;
    },
    async post(path: string, body: unknown) {
      const c = pick();
      const res = await c.post(path, body);
      settle(c);
      return res;
    },
  };
}

describe.runIf(onPostgres)('two app processes on one Postgres', () => {
  let db: TestDb;
  let processes: Array<{ url: string; child: ChildProcess }>;

  beforeAll(async () => {
    db = await createTestDb();
    processes = await Promise.all([startProcess(db), startProcess(db)]);
  }, 60_000);
  afterAll(async () => {
    for (const p of processes ?? []) p.child.kill('SIGTERM');
    await db?.drop();
  });

  async function signIn(role: 'supplier' | 'contractor') {
    const user = await createUser(db.knex, { role });
    const client = balancedClient(processes.map((p) => p.url));
    const { code, browserKey } = await createLoginCode(db.knex, user.id);
    client.setCookie(loginCookieName(false), browserKey);
    const res = await client.post('/api/sessions', { code });
    expect(res.status, res.text).toBe(200);
    return Object.assign(client, { user });
  }

  it('serves a client alternating between them one feed, in order, with nothing lost or repeated', async () => {
    const supplier = await signIn('supplier');
    const reader = await signIn('contractor');
    const created: string[] = [];
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 4; i++) {
      const res = await supplier.post('/api/products', { name: `منتج ${i}`, price: 10 + i, unit: 'كيس' });
      expect(res.status, res.text).toBe(201);
      created.push(res.body.id);
      // The catalogue each process remembers moves with the other's writes.
      const list = await reader.get(`/api/products?supplier_id=${supplier.user.id}`);
      expect(list.body.map((p: { id: string }) => p.id).sort()).toEqual([...created].sort());
      const pulled = await reader.get(`/api/sync/pull?cursor=${cursor}&limit=500`);
      expect(pulled.status, pulled.text).toBe(200);
      for (const c of pulled.body.changes) if (c.entity === 'product' && created.includes(c.id)) seen.push(c.id);
      cursor = pulled.body.cursor;
    }
    expect(seen).toEqual(created);

    // From scratch, both processes answer the same feed.
    const fromA = await reader.get('/api/sync/pull?limit=500');
    const fromB = await reader.get('/api/sync/pull?limit=500');
    expect(fromA.body.changes.length).toBeGreaterThan(0);
    expect(fromB.body).toEqual(fromA.body);
  });

  it.runIf(process.env.TEST_REDIS_URL)("counts a user's requests once across both processes in Redis and refuses the one over budget on either", async () => {
    const user = await signIn('contractor'); // the sign-in counted against the IP, not the user
    const statuses: number[] = [];
    for (let i = 0; i < PER_USER_PER_MINUTE + 2; i++) statuses.push((await user.get('/api/users/me')).status);
    expect(statuses.slice(0, PER_USER_PER_MINUTE)).toEqual(Array(PER_USER_PER_MINUTE).fill(200));
    expect(statuses.slice(PER_USER_PER_MINUTE)).toEqual([429, 429]); // one refused by each process
    const refused = await user.get('/api/users/me');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('carries a change committed through one process to a stream held by the other, also after the listener lost its connection', async () => {
    const [a, b] = processes.map((p) => p.url);
    /** a browser talking to one process only */
    const signedInOn = async (url: string, role: 'supplier' | 'contractor') => {
      const user = await createUser(db.knex, { role });
      const client = new TestClient(url, PUBLIC_URL);
      const { code, browserKey } = await createLoginCode(db.knex, user.id);
      client.cookies.set(loginCookieName(false), browserKey);
      expect((await client.post('/api/sessions', { code })).status).toBe(200);
      return client;
    };
    const contractorOnB = await signedInOn(b, 'contractor');
    const supplierOnA = await signedInOn(a, 'supplier');
    const stream = await openStream(contractorOnB);
    expect(stream.status).toBe(200);
    const order = await contractorOnB.post('/api/instant-orders', { title: 'أسمنت', description: 'عاجل', quantity: 10, unit: 'كيس', location: 'جدة' });
    expect(order.status, order.text).toBe(201);
    await stream.next('change');
    const offer = await supplierOnA.post('/api/instant-order-responses', { instant_order_id: order.body.id, offered_price: 900, delivery_time_hours: 12 });
    expect(offer.status, offer.text).toBe(201);
    await stream.next('change');

    // Every listener's connection cut (a Postgres restart, a proxy timing out): each
    // process reconnects by itself and tells its streams to pull once, then carries on.
    await db.knex.raw('select pg_terminate_backend(pid) from pg_stat_activity where application_name = ? and datname = current_database()', [LISTENER_NAME]);
    await stream.next('change', 15_000);
    const second = await signedInOn(a, 'supplier');
    const offer2 = await second.post('/api/instant-order-responses', { instant_order_id: order.body.id, offered_price: 850, delivery_time_hours: 6 });
    expect(offer2.status, offer2.text).toBe(201);
    await stream.next('change', 5_000);
    stream.close();
  });
});
