/**
 * The sync engine over its real HTTP transport against the real server (engine.test.ts
 * covers the engine against an in-memory server): the same Koa app, database, session
 * cookie, body limit (bytes, not a count of mutations), rate limit and push service as
 * production, with Dexie on fake-indexeddb and a virtual clock for the engine's timers.
 * Exactly once is checked on the server: the rows, the client's sync_mutations rows, the
 * change log and the notifications, which only a second application would change.
 *
 * It runs in the server project of vitest.config.ts (the harness's database, PGlite or
 * TEST_DATABASE_URL), not with the client's tests.
 */
import crypto from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from '../../../server/test/harness';
import { signInAs } from '../../../server/test/sign-in';
import type { TestClient } from '../../../server/test/http-client';
import { notificationsOf, postProject } from '../../../server/test/factories';
import { BinaaDb } from '../db/database';
import type { EffectContext } from '../db/schema';
import { SyncEngine, memoryLock } from './engine';
import { Clock } from './testing/clock';
import { writeLocal } from './testing/local';
import { createHttpTransport } from './transport';

type Client = Awaited<ReturnType<typeof signInAs>>;

interface Sent {
  method: string;
  path: string;
  status: number | 'lost' | 'offline';
  bytes: number;
}

/**
 * The browser tab's side of the wire: fetch with the tab's session cookie and, on writes,
 * its Origin, as a browser sends them. Faults: `offline` (no request leaves), `loseAnswers`
 * (the next N push answers are lost after the server applied the push: the connection
 * drops once the request went through, as when a phone leaves the cell mid-answer).
 */
class Tab {
  sent: Sent[] = [];
  offline = false;
  loseAnswers = 0;
  origin: string;
  constructor(readonly client: TestClient) {
    this.origin = client.origin;
  }

  fetch: typeof fetch = async (input, init = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    const bytes = typeof init.body === 'string' ? Buffer.byteLength(init.body) : 0;
    if (this.offline) {
      this.sent.push({ method, path: url.pathname, status: 'offline', bytes });
      throw new TypeError('fetch failed (offline)');
    }
    const headers = new Headers(init.headers);
    if (this.client.cookies.size) headers.set('Cookie', this.client.cookieHeader());
    if (method !== 'GET') headers.set('Origin', this.origin);
    const res = await fetch(url, { ...init, headers });
    this.client.keepCookies(res.headers);
    if (url.pathname === '/api/sync/push' && res.ok && this.loseAnswers > 0) {
      this.loseAnswers -= 1;
      await res.arrayBuffer(); // the server has answered: its work is committed
      this.sent.push({ method, path: url.pathname, status: 'lost', bytes });
      throw new TypeError('fetch failed (connection reset)');
    }
    this.sent.push({ method, path: url.pathname, status: res.status, bytes });
    return res;
  };

  pushes() {
    return this.sent.filter((s) => s.path === '/api/sync/push');
  }
}

const opened: BinaaDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function open(server: TestServer, client: Client, clock = new Clock()) {
  const tab = new Tab(client);
  const db = new BinaaDb(client.user.id, { indexedDB, IDBKeyRange });
  opened.push(db);
  const engine = new SyncEngine({
    db,
    transport: createHttpTransport({ fetch: tab.fetch, baseUrl: server.url }),
    lock: memoryLock(),
    timers: clock,
    now: clock.now,
    random: () => 0.5,
  });
  const ctx = (): EffectContext => ({ user_id: client.user.id, company_name: 'مؤسسة الاختبار', verification_tier: 'unverified', language: 'ar', now: new Date(clock.t).toISOString() });
  return { tab, db, engine, clock, ctx };
}

/** What the server stored for this client's mutations: id -> result. */
async function storedResults(knex: Knex, clientId: string) {
  const rows: Array<{ mutation_id: number | string; result: unknown }> = await knex('sync_mutations').where({ client_id: clientId }).orderBy('mutation_id').select('mutation_id', 'result');
  return rows.map((r) => ({ id: Number(r.mutation_id), ...(typeof r.result === 'string' ? JSON.parse(r.result) : (r.result as object)) }));
}

async function changeCount(knex: Knex, entity: string, id: string): Promise<number> {
  const row = await knex('changes').where({ entity, entity_id: id }).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

const product = (over: Record<string, unknown> = {}) => ({ id: crypto.randomUUID(), name: 'أسمنت بورتلاندي', price: 18.5, unit: 'كيس', ...over });

describe('sync engine against the real server', () => {
  let server: TestServer;
  let government: Client;
  beforeAll(async () => {
    server = await startTestServer();
    government = await signInAs(server, { role: 'government' });
  });
  afterAll(() => server.close());

  it('applies a push whose answer was lost exactly once when the engine sends it again', async () => {
    const supplier = await signInAs(server, { role: 'supplier' });
    const { tab, db, engine, clock, ctx } = open(server, supplier);
    await engine.sync();
    expect(engine.getState().phase).toBe('idle');

    // None of these is harmless to apply twice: the update and the trial each
    // write the change log again, and the trial notifies again.
    const p = product();
    const ids = [
      await writeLocal(db, 'product.create', p, ctx()),
      await writeLocal(db, 'product.update', { id: p.id, price: 21 }, ctx()),
      await writeLocal(db, 'subscription.free_trial', {}, ctx()),
    ];
    tab.loseAnswers = 1;
    await engine.sync();
    expect(engine.getState().phase).toBe('offline');
    expect(tab.pushes().map((s) => s.status)).toEqual(['lost']);
    // The server did apply it; the engine does not know and keeps every mutation.
    expect(await server.db.knex('products').where({ id: p.id }).first('price')).toEqual({ price: 21 });
    expect(await db.outbox.where('status').equals('pending').count()).toBe(3);

    // Its own retry, on the backoff timer.
    expect(clock.pending()).toEqual([375]);
    clock.advance(375);
    await engine.settled();
    expect(tab.pushes().map((s) => s.status)).toEqual(['lost', 200]);

    // On the server, once each: the product's create and update, one subscription
    // change, one notice of the trial; the client's results stored once.
    const { knex } = server.db;
    expect(await knex('products').where({ supplier_id: supplier.user.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await changeCount(knex, 'product', p.id)).toBe(2);
    expect(await changeCount(knex, 'subscription', supplier.user.id)).toBe(1);
    expect(await notificationsOf(knex, supplier.user.id, 'subscription.trial_started')).toHaveLength(1);
    const clientId = (await db.getMeta<string>('client_id'))!;
    expect(await storedResults(knex, clientId)).toEqual(ids.map((id) => ({ id, status: 'applied' })));
    expect(await knex('sync_clients').where({ user_id: supplier.user.id }).select('id', 'last_mutation_id')).toEqual([{ id: clientId, last_mutation_id: ids[2] }]);

    // The engine is done: nothing waits, nothing refused, the local store shows the server's rows.
    expect(engine.getState().phase).toBe('idle');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rejections.count()).toBe(0);
    expect(await db.products.get(p.id)).toMatchObject({ price: 21, supplier_id: supplier.user.id });
    expect((await db.notifications.toArray()).filter((n) => n.kind === 'subscription.trial_started')).toHaveLength(1);
  });

  it('splits a push the server refuses as too large (413, over 100 kB) into smaller ones, none lost or applied twice', async () => {
    const supplier = await signInAs(server, { role: 'supplier' });
    const { tab, db, engine, ctx } = open(server, supplier);
    await engine.sync();
    // Ten products (the free plan's limit) of about 15 kB each: 5000 Chinese characters
    // take three bytes each in UTF-8. All ten in one body are well over the server's 100 kB.
    const description = '水'.repeat(5000);
    const products = Array.from({ length: 10 }, (_, i) => product({ name: `منتج ${i}`, description }));
    const ids: number[] = [];
    for (const p of products) ids.push(await writeLocal(db, 'product.create', p, ctx()));
    await engine.sync();

    expect(engine.getState().phase).toBe('idle');
    const pushes = tab.pushes();
    const refused = pushes.filter((s) => s.status === 413);
    const taken = pushes.filter((s) => s.status === 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((s) => s.bytes > 100 * 1024)).toBe(true);
    expect(taken.every((s) => s.bytes <= 100 * 1024)).toBe(true);
    expect(taken.length).toBeGreaterThan(1);
    expect(pushes.indexOf(taken[0])).toBeGreaterThan(pushes.indexOf(refused[0]));

    const clientId = (await db.getMeta<string>('client_id'))!;
    const { knex } = server.db;
    expect(await storedResults(knex, clientId)).toEqual(ids.map((id) => ({ id, status: 'applied' })));
    const stored = await knex('products').where({ supplier_id: supplier.user.id }).orderBy('name').select('id', 'description');
    expect(stored.map((r) => r.id).sort()).toEqual(products.map((p) => p.id).sort());
    expect(stored.every((r) => r.description === description)).toBe(true);
    for (const p of products) expect(await changeCount(knex, 'product', p.id), p.name).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rejections.count()).toBe(0);
  });

  it('pauses on 403 with nothing scheduled and nothing lost, and sends it all once resumed', async () => {
    const supplier = await signInAs(server, { role: 'supplier' });
    const { tab, db, engine, clock, ctx } = open(server, supplier);
    await engine.sync();
    // The page runs on an origin the server does not own (another host name for the same
    // server, say): every write is refused with 403 bad_origin.
    tab.origin = 'http://localhost.example';
    const p = product();
    const id = await writeLocal(db, 'product.create', p, ctx());
    await engine.sync();
    expect(engine.getState().phase).toBe('forbidden');
    expect(tab.pushes().map((s) => s.status)).toEqual([403]);
    engine.schedule(0);
    expect(clock.pending()).toEqual([]); // paused: no retry on a timer
    await engine.sync();
    expect(tab.pushes()).toHaveLength(1); // nor on a trigger
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ id, name: 'product.create', status: 'pending' })]);
    expect(await db.products.get(p.id)).toMatchObject({ name: p.name }); // still shown
    const clientId = (await db.getMeta<string>('client_id'))!;
    expect(await storedResults(server.db.knex, clientId)).toEqual([]);
    expect(await server.db.knex('products').where({ id: p.id }).first()).toBeUndefined();

    tab.origin = supplier.origin;
    engine.resume();
    await engine.sync();
    expect(engine.getState().phase).toBe('idle');
    expect(await storedResults(server.db.knex, clientId)).toEqual([{ id, status: 'applied' }]);
    expect(await server.db.knex('products').where({ id: p.id }).first('name')).toEqual({ name: p.name });
    expect(await db.outbox.count()).toBe(0);
  });

  it('stores the reason of a refused mutation in the middle of a push and applies the ones behind it', async () => {
    const contractor = await signInAs(server, { role: 'contractor' });
    const projects = [await postProject(government, { title: 'أ' }), await postProject(government, { title: 'ب' }), await postProject(government, { title: 'ج' })];
    const { tab, db, engine, ctx } = open(server, contractor);
    await engine.sync();
    expect(await db.projects.count()).toBeGreaterThanOrEqual(3);

    tab.offline = true;
    const bids = projects.map((p, i) => ({ id: crypto.randomUUID(), project_id: p.id, amount: 1000 * (i + 1), proposal: `عرض ${i}` }));
    const ids: number[] = [];
    for (const b of bids) ids.push(await writeLocal(db, 'bid.create', b, ctx()));
    await engine.sync();
    expect(engine.getState().phase).toBe('offline');
    // Meanwhile the middle project is cancelled: its bid can no longer be taken.
    const cancel = await government.post(`/api/projects/${projects[1].id}/status`, { status: 'cancelled' });
    expect(cancel.status, cancel.text).toBe(200);

    tab.offline = false;
    await engine.sync();
    expect(engine.getState().phase).toBe('idle');
    expect(tab.pushes().filter((s) => s.status === 200)).toHaveLength(1); // one push for all three

    const rejections = await db.rejections.toArray();
    expect(rejections).toEqual([
      expect.objectContaining({ id: ids[1], name: 'bid.create', code: 'project_not_open', error: expect.stringMatching(/\S/), args: expect.objectContaining({ id: bids[1].id }) }),
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.bids.get(bids[0].id)).toMatchObject({ amount: 1000, status: 'submitted' });
    expect(await db.bids.get(bids[1].id)).toBeUndefined();
    expect(await db.bids.get(bids[2].id)).toMatchObject({ amount: 3000, status: 'submitted' });

    const { knex } = server.db;
    const clientId = (await db.getMeta<string>('client_id'))!;
    expect(await storedResults(knex, clientId)).toEqual([
      { id: ids[0], status: 'applied' },
      expect.objectContaining({ id: ids[1], status: 'rejected', code: 'project_not_open' }),
      { id: ids[2], status: 'applied' },
    ]);
    const stored = await knex('bids').where({ contractor_id: contractor.user.id }).select('id', 'amount');
    expect(stored.map((b) => b.id).sort()).toEqual([bids[0].id, bids[2].id].sort());
    expect(await notificationsOf(knex, contractor.user.id, 'sync.rejected')).toHaveLength(1);
    // The owner is told of each bid taken, by its project (a bid is sealed until the opening).
    const mine: string[] = projects.map((p) => p.id);
    const news = (await notificationsOf(knex, government.user.id, 'tender.bid_received')).map((n) => (n.params as { project_id: string }).project_id).filter((id) => mine.includes(id));
    expect(news.sort()).toEqual([projects[0].id, projects[2].id].sort());
  });
});

describe('sync engine against the real server over its rate limit', () => {
  const BUDGET = 12;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ limits: { perUserPerMinute: BUDGET } });
  });
  afterAll(() => server.close());

  it('backs off on 429 for at least Retry-After, sends nothing before, and keeps the mutation', async () => {
    const supplier = await signInAs(server, { role: 'supplier' });
    const { tab, db, engine, clock, ctx } = open(server, supplier);
    await engine.sync();
    expect(engine.getState().phase).toBe('idle');
    // The rest of this minute's budget goes on other requests of the same user.
    let status = 0;
    for (let i = 0; i <= BUDGET && status !== 429; i++) status = (await supplier.get('/api/users/me')).status;
    expect(status).toBe(429);

    const p = product();
    const id = await writeLocal(db, 'product.create', p, ctx());
    await engine.sync();
    expect(engine.getState().phase).toBe('error');
    expect(tab.pushes().map((s) => s.status)).toEqual([429]);
    const [delay] = clock.pending();
    // Retry-After (whole seconds, up to the minute's end), not the first backoff step (375 ms).
    expect(delay).toBeGreaterThanOrEqual(1000);
    expect(delay).toBeLessThanOrEqual(60_000);
    expect(engine.getState().retryAt).toBe(clock.t + delay);

    const before = tab.sent.length;
    clock.advance(delay - 1);
    await engine.settled();
    expect(tab.sent.length).toBe(before); // nothing sent before it is due
    clock.advance(1);
    await engine.settled();
    expect(tab.pushes().map((s) => s.status)).toEqual([429, 429]); // one try when due (the minute is not over)
    expect(clock.pending()).toHaveLength(1);
    expect(clock.pending()[0]).toBeGreaterThanOrEqual(1000);

    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ id, status: 'pending' })]);
    expect(await db.rejections.count()).toBe(0);
    expect(await storedResults(server.db.knex, (await db.getMeta<string>('client_id'))!)).toEqual([]);
  });
});
