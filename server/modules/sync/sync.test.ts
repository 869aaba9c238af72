import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import pino from 'pino';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs } from '../../test/sign-in';
import { backfillChangeLog } from '../../registry/backfill';
import { syncRegistry } from '../../registry/sync';
import { compactChangeLog } from './maintenance';

type Client = Awaited<ReturnType<typeof signInAs>>;

/** Pulls until has_more is false; returns the changes and the final cursor. */
async function pullAll(client: TestClient, cursor = '') {
  const changes: Array<{ entity: string; id: string; op: string; data?: Record<string, unknown> }> = [];
  for (let i = 0; i < 1000; i++) {
    const res = await client.get(`/api/sync/pull?cursor=${cursor}&limit=50`);
    expect(res.status).toBe(200);
    if (res.body.reset) return { changes, cursor, reset: true };
    changes.push(...res.body.changes);
    cursor = res.body.cursor;
    if (!res.body.has_more) break;
  }
  return { changes, cursor, reset: false };
}

const clientId = () => crypto.randomUUID();
const product = (name = 'أسمنت بورتلاندي', price = 18.5) => ({ id: crypto.randomUUID(), name, price, unit: 'كيس 50 كجم' });

describe('sync', () => {
  let server: TestServer;
  let supplier: Client;
  let contractor: Client;
  let otherContractor: Client;
  let government: Client;
  let otherSupplier: Client;

  beforeAll(async () => {
    server = await startTestServer();
    supplier = await signInAs(server, { role: 'supplier' });
    otherSupplier = await signInAs(server, { role: 'supplier' });
    contractor = await signInAs(server, { role: 'contractor' });
    otherContractor = await signInAs(server, { role: 'contractor' });
    government = await signInAs(server, { role: 'government' });
    await backfillChangeLog(server.db.knex);
  });
  afterAll(() => server.close());

  describe('pull', () => {
    it('answers 401 when signed out', async () => {
      const res = await new TestClient(server.url).get('/api/sync/pull');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthenticated');
    });

    it('answers 400 to a malformed cursor or limit', async () => {
      for (const q of ['cursor=abc', 'cursor=c-1', 'cursor=c1.5', 'cursor=1', 'cursor=c9999999999999999999', 'limit=0', 'limit=100000', 'limit=x', 'other=1']) {
        const res = await contractor.get(`/api/sync/pull?${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body.code).toBe('validation_failed');
      }
    });

    it('bootstraps the reference data from an empty cursor', async () => {
      const { changes } = await pullAll(contractor);
      expect(changes.filter((c) => c.entity === 'category')).toHaveLength(12);
      expect(changes.filter((c) => c.entity === 'plan')).toHaveLength(4);
      expect(changes.find((c) => c.entity === 'category')!.data).toHaveProperty('name_ar');
    });

    it('sends a write once: write, pull, pull again returns nothing new', async () => {
      const { cursor } = await pullAll(contractor);
      const p = product('حديد تسليح 12 مم', 2850);
      expect((await supplier.post('/api/products', p)).status).toBe(201);
      const first = await pullAll(contractor, cursor);
      expect(first.changes).toEqual([expect.objectContaining({ entity: 'product', id: p.id, op: 'upsert' })]);
      expect(first.changes[0].data).toMatchObject({ name: 'حديد تسليح 12 مم', price: 2850 });
      const again = await pullAll(contractor, first.cursor);
      expect(again.changes).toEqual([]);
      expect(again.cursor).toBe(first.cursor);
    });

    it('sends a deleted product to every holder as a delete', async () => {
      const p = product('بلوك أسمنتي 20 سم', 3.25);
      await supplier.post('/api/products', p);
      const holders = [contractor, otherSupplier, government];
      const cursors = await Promise.all(holders.map(async (h) => (await pullAll(h)).cursor));
      expect((await supplier.delete(`/api/products/${p.id}`)).status).toBe(204);
      for (const [i, h] of holders.entries()) {
        const { changes } = await pullAll(h, cursors[i]);
        expect(changes).toContainEqual({ entity: 'product', id: p.id, op: 'delete' });
      }
    });

    it('keeps a sealed bid to its bidder until the opening, then to the project owner too', async () => {
      const project = { id: crypto.randomUUID(), title: 'إنشاء مدرسة', description: 'مبنى من طابقين', location: 'الرياض' };
      expect((await government.post('/api/projects', project)).status).toBe(201);
      const before = await Promise.all([contractor, otherContractor, supplier, government].map(async (c) => (await pullAll(c)).cursor));
      const bid = { project_id: project.id, amount: 1_200_000, proposal: 'ننفذ خلال ستة أشهر', estimated_completion_days: 180 };
      const created = await contractor.post('/api/bids', bid);
      expect(created.status).toBe(201);
      const [mine, other, sup, owner] = await Promise.all(
        [contractor, otherContractor, supplier, government].map((c, i) => pullAll(c, before[i])),
      );
      expect(mine.changes.some((c) => c.entity === 'bid' && c.op === 'upsert')).toBe(true);
      // sealed: the owner's device receives nothing of it, not even its id
      expect(owner.changes.some((c) => c.entity === 'bid')).toBe(false);
      expect(other.changes.some((c) => c.entity === 'bid')).toBe(false);
      expect(sup.changes.some((c) => c.entity === 'bid')).toBe(false);
      // the opening: the owner's device receives the bid and the opening record
      expect((await government.post(`/api/projects/${project.id}/close-bidding`, {})).status).toBe(200);
      const opened = await pullAll(government, owner.cursor);
      expect(opened.changes.filter((c) => c.entity === 'bid' && c.op === 'upsert').map((c) => c.id)).toEqual([created.body.id]);
      expect(opened.changes.some((c) => c.entity === 'tender_opening' && c.op === 'upsert')).toBe(true);
      // and never to anyone else, in a later bootstrap either
      expect((await pullAll(otherContractor)).changes.some((c) => c.entity === 'bid')).toBe(false);
    });

    it('keeps notifications to their owner', async () => {
      const { changes } = await pullAll(otherContractor);
      const theirs = await server.db.knex('notifications').whereNot({ user_id: otherContractor.user.id }).pluck('id');
      expect(theirs.length).toBeGreaterThan(0); // the project owner was told of the bid
      expect(changes.filter((c) => c.entity === 'notification' && theirs.includes(c.id))).toEqual([]);
    });

    it('tells a client whose cursor is older than the log keeps to reset', async () => {
      const p = product('رمل مغسول', 95);
      await supplier.post('/api/products', p);
      const stale = 'c1';
      await supplier.delete(`/api/products/${p.id}`);
      const { cursor } = await pullAll(contractor); // past the delete
      await server.db.knex('changes').where({ op: 'delete' }).update({ created_at: server.db.knex.raw("now() - interval '60 days'") });
      const compacted = await compactChangeLog(server.db.knex);
      expect(compacted.tombstones).toBeGreaterThan(0);
      const res = await contractor.get(`/api/sync/pull?cursor=${stale}`);
      expect(res.body).toEqual({ reset: true });
      // a client that was past the pruned deletes goes on
      expect((await contractor.get(`/api/sync/pull?cursor=${cursor}`)).body.reset).toBeUndefined();
    });

    it('lets a client reading from scratch page through below the horizon, and resets it only when the horizon moves', async () => {
      const doomed = product('خرسانة جاهزة', 300);
      await supplier.post('/api/products', doomed);
      await supplier.delete(`/api/products/${doomed.id}`);
      await server.db.knex('changes').where({ op: 'delete' }).update({ created_at: server.db.knex.raw("now() - interval '60 days'") });
      await compactChangeLog(server.db.knex);
      const horizon = Number((await server.db.knex('sync_state').first('pruned_pos')).pruned_pos);
      expect((await server.db.knex('changes').where('pos', '<', horizon).count({ n: '*' }).first())!.n).not.toBe('0');

      // Two changes a page: the cursors stay below the horizon for a while, and no reset comes.
      const first = await contractor.get('/api/sync/pull?limit=2');
      expect(first.body.cursor).toMatch(/^c\d+h\d+a[0-9a-f]{12}$/);
      const { changes, reset } = await pullAll(contractor, first.body.cursor);
      expect(reset).toBe(false);
      expect([...first.body.changes, ...changes].some((c: { id: string }) => c.id === doomed.id)).toBe(false);

      // A new prune moves the horizon: a scratch cursor taken under the old one must start again.
      const again = await contractor.get('/api/sync/pull?limit=2');
      const p2 = product('طوب أحمر', 2);
      await supplier.post('/api/products', p2);
      await supplier.delete(`/api/products/${p2.id}`);
      await server.db.knex('changes').where({ op: 'delete' }).update({ created_at: server.db.knex.raw("now() - interval '60 days'") });
      await compactChangeLog(server.db.knex);
      expect((await contractor.get(`/api/sync/pull?cursor=${again.body.cursor}`)).body).toEqual({ reset: true });
    });

    it('compaction keeps the current state of every object for every audience', async () => {
      const p = product('دهان داخلي أبيض', 120);
      await supplier.post('/api/products', p);
      for (const price of [121, 122, 123]) await supplier.patch(`/api/products/${p.id}`, { price });
      await compactChangeLog(server.db.knex);
      expect(await server.db.knex('changes').where({ entity: 'product', entity_id: p.id })).toHaveLength(1);
      const { changes } = await pullAll(contractor);
      expect(changes.find((c) => c.id === p.id)!.data).toMatchObject({ price: 123 });
    });
  });

  describe('push', () => {
    it('applies a queued mutation through the same rules as REST', async () => {
      const p = product('طوب أحمر', 0.85);
      const res = await supplier.post('/api/sync/push', {
        client_id: clientId(),
        mutations: [{ id: 1, name: 'product.create', args: p }],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ results: [{ id: 1, status: 'applied' }], last_mutation_id: 1 });
      expect((await new TestClient(server.url).get(`/api/products/${p.id}`)).body.name).toBe('طوب أحمر');
    });

    it('applies a mutation replayed 100 times exactly once', async () => {
      const cid = clientId();
      const p = product('خرسانة جاهزة', 260);
      const body = { client_id: cid, mutations: [{ id: 7, name: 'product.create', args: p }] };
      const answers = [];
      for (let i = 0; i < 100; i++) answers.push((await supplier.post('/api/sync/push', body)).body);
      for (const a of answers) expect(a).toEqual({ results: [{ id: 7, status: 'applied' }], last_mutation_id: 7 });
      expect(await server.db.knex('products').where({ id: p.id })).toHaveLength(1);
      expect(await server.db.knex('sync_mutations').where({ client_id: cid })).toHaveLength(1);
    });

    it('returns the stored result when a response was lost after the commit', async () => {
      const cid = clientId();
      const first = product('بلاط سيراميك', 45);
      const second = product('بلاط بورسلان', 75);
      // The first push commits; the phone never sees the answer and sends the batch again with one more.
      await supplier.post('/api/sync/push', { client_id: cid, mutations: [{ id: 1, name: 'product.create', args: first }] });
      const retry = await supplier.post('/api/sync/push', {
        client_id: cid,
        mutations: [
          { id: 1, name: 'product.create', args: first },
          { id: 2, name: 'product.create', args: second },
        ],
      });
      expect(retry.body).toEqual({
        results: [
          { id: 1, status: 'applied' },
          { id: 2, status: 'applied' },
        ],
        last_mutation_id: 2,
      });
      expect(await server.db.knex('products').whereIn('id', [first.id, second.id])).toHaveLength(2);
    });

    it('rejects a refused mutation with its code, goes on with the next, and tells the author', async () => {
      const cid = clientId();
      const res = await contractor.post('/api/sync/push', {
        client_id: cid,
        mutations: [
          { id: 1, name: 'product.create', args: product('ليس لي', 1) }, // a contractor cannot sell
          { id: 2, name: 'product.create', args: { name: '' } },
          { id: 3, name: 'no.such_thing', args: {} },
          { id: 4, name: 'transport_request.create', args: { id: crypto.randomUUID(), pickup_location: 'جدة', delivery_location: 'مكة', cargo_description: 'حديد' } },
        ],
      });
      expect(res.status).toBe(200);
      const [forbidden, invalid, unknown, ok] = res.body.results;
      expect(forbidden).toMatchObject({ id: 1, status: 'rejected', code: 'forbidden', error: expect.any(String) });
      expect(invalid).toMatchObject({ id: 2, status: 'rejected', code: 'validation_failed' });
      expect(unknown).toMatchObject({ id: 3, status: 'rejected', code: 'unknown_mutation' });
      expect(ok).toEqual({ id: 4, status: 'applied' });
      expect(res.body.last_mutation_id).toBe(4);
      const told = await server.db.knex('notifications').where({ user_id: contractor.user.id, kind: 'sync.rejected' });
      expect(told).toHaveLength(1); // one for the push's three refusals
      expect(told[0].params).toMatchObject({ action: 'product.create', code: 'forbidden', count: 3 });
      expect(told[0].message).toBeTruthy();
      // the rejection survives a replay unchanged, and writes no second notification
      const replay = await contractor.post('/api/sync/push', { client_id: cid, mutations: [{ id: 1, name: 'product.create', args: {} }] });
      expect(replay.body.results[0]).toEqual(forbidden);
      expect(await server.db.knex('notifications').where({ user_id: contractor.user.id, kind: 'sync.rejected' })).toHaveLength(told.length);
    });

    it('answers names the object prototype has (constructor, __proto__, toString) as unknown mutations, logging no error', async () => {
      const { push } = await import('./push');
      const { loadSessionUser } = await import('../../auth/session-user');
      const user = (await loadSessionUser(server.db.knex, server.config, contractor.user.id))!;
      const lines: Array<{ level: number; msg: string }> = [];
      const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
      const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
      const res = await push(server.db.knex, syncRegistry, server, user, {
        client_id: clientId(),
        mutations: names.map((name, i) => ({ id: i + 1, name, args: {} })),
      }, logger);
      // Looked up through the prototype, each found a function or an object with no
      // schema, failed with a TypeError and was answered internal_error and logged.
      expect(res.results).toEqual(names.map((name, i) => ({ id: i + 1, status: 'rejected', code: 'unknown_mutation', error: `Unknown action ${name}` })));
      expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    });

    it("tells the author of a push's refusals in one notification that counts them", async () => {
      const s = await signInAs(server, { role: 'contractor' });
      // A full push (PUSH_MAX_MUTATIONS): a contractor cannot sell, and one name is unknown.
      const refused = Array.from({ length: 199 }, (_, i) => ({ id: i + 1, name: 'product.create', args: product(`ليس لي ${i}`, 1) }));
      const res = await s.post('/api/sync/push', { client_id: clientId(), mutations: [...refused, { id: 200, name: 'no.such_thing', args: {} }] });
      expect(res.status).toBe(200);
      expect(res.body.results.filter((r: { status: string }) => r.status === 'rejected')).toHaveLength(200);
      // One push, one notification: 200 refusals used to make 200 high-priority alerts.
      const told = await server.db.knex('notifications').where({ user_id: s.user.id, kind: 'sync.rejected' });
      expect(told).toHaveLength(1);
      expect(told[0].params).toMatchObject({ action: 'product.create', code: 'forbidden', mutation_id: 1, count: 200 });
      expect(told[0].priority).toBe('high');
      expect(told[0].title).toContain('200');
    });

    it('applies creations in a row as each alone would: a refused one, invalid args or a repeated id in the run', async () => {
      const s = await signInAs(server, { role: 'supplier' }); // free plan: 10 products
      const theirs = product('منتج مورد آخر', 5);
      await otherSupplier.post('/api/products', theirs);
      const ps = Array.from({ length: 12 }, (_, i) => product(`منتج ${i}`, 10 + i));
      const create = (id: number, args: unknown) => ({ id, name: 'product.create', args });
      const res = await s.post('/api/sync/push', {
        client_id: clientId(),
        mutations: [
          create(1, ps[0]),
          create(2, ps[1]),
          create(3, { ...ps[2], name: '' }), // invalid: rejected on its own, the run goes on after it
          create(4, ps[3]),
          create(5, theirs), // another supplier's id: refused
          create(6, ps[4]),
          create(7, ps[4]), // the same id again: the product it made
          ...ps.slice(5).map((p, i) => create(8 + i, p)), // 7 more: past the free plan's 10 after 5 of them
        ],
      });
      expect(res.status).toBe(200);
      const codes = res.body.results.map((r: { id: number; status: string; code?: string }) => [r.id, r.code ?? r.status]);
      expect(codes).toEqual([
        [1, 'applied'],
        [2, 'applied'],
        [3, 'validation_failed'],
        [4, 'applied'],
        [5, 'conflict'],
        [6, 'applied'],
        [7, 'applied'],
        ...[8, 9, 10, 11, 12, 13].map((id) => [id, 'applied']),
        [14, 'plan_limit_reached'],
      ]);
      const mine = await server.db.knex('products').where({ supplier_id: s.user.id }).pluck('id');
      expect(mine.sort()).toEqual([ps[0], ps[1], ps[3], ps[4], ps[5], ps[6], ps[7], ps[8], ps[9], ps[10]].map((p) => p.id).sort());
      expect(await server.db.knex('changes').whereIn('entity_id', mine)).toHaveLength(10);
      expect((await server.db.knex('products').where({ id: theirs.id }).first()).supplier_id).toBe(otherSupplier.user.id);
    });

    it('refuses a client id that belongs to another user', async () => {
      const cid = clientId();
      await supplier.post('/api/sync/push', { client_id: cid, mutations: [] });
      const res = await contractor.post('/api/sync/push', { client_id: cid, mutations: [] });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('client_id_taken');
    });

    it('answers bad envelopes with the error body, never a 5xx', async () => {
      const bodies: unknown[] = [
        {},
        { client_id: 'short', mutations: [] },
        { client_id: clientId(), mutations: 'all' },
        { client_id: clientId(), mutations: [{ id: 0, name: 'x', args: {} }] },
        { client_id: clientId(), mutations: [{ id: 1.5, name: 'x', args: {} }] },
        { client_id: clientId(), mutations: [{ id: 1, name: 'x', args: {}, extra: 1 }] },
        { client_id: "'; drop table changes; --", mutations: [] },
        [],
        null,
      ];
      for (const b of bodies) {
        const res = await supplier.request('POST', '/api/sync/push', { body: JSON.stringify(b), headers: { 'Content-Type': 'application/json' } });
        expect(res.status, JSON.stringify(b)).toBe(400);
        expect(res.body.code).toBe('validation_failed');
      }
    });

    it('answers 401 when signed out', async () => {
      const res = await new TestClient(server.url).post('/api/sync/push', { client_id: clientId(), mutations: [] });
      expect(res.status).toBe(401);
    });
  });

  describe('push, when something fails that is not a refusal', () => {
    it('rejects that mutation as internal_error and goes on, instead of blocking the queue', async () => {
      const { push } = await import('./push');
      const { loadSessionUser } = await import('../../auth/session-user');
      const user = (await loadSessionUser(server.db.knex, server.config, supplier.user.id))!;
      const table = {
        'broken.thing': { schema: z.object({}), run: async () => { throw new Error('a bug'); } },
        'fine.thing': { schema: z.object({}), run: async () => undefined },
      };
      const res = await push(server.db.knex, { ...syncRegistry, mutations: table }, server, user, {
        client_id: crypto.randomUUID(),
        mutations: [
          { id: 1, name: 'broken.thing', args: {} },
          { id: 2, name: 'fine.thing', args: {} },
        ],
      });
      expect(res.results).toEqual([
        { id: 1, status: 'rejected', code: 'internal_error', error: expect.any(String) },
        { id: 2, status: 'applied' },
      ]);
    });

    it('keeps the rest of a push when one mutation fails only at its commit', async () => {
      const { push } = await import('./push');
      const { loadSessionUser } = await import('../../auth/session-user');
      const knex = server.db.knex;
      // A constraint checked at commit: the savepoint passes, the push's commit fails.
      await knex.raw('create table push_probe (n int primary key deferrable initially deferred)');
      const user = (await loadSessionUser(knex, server.config, supplier.user.id))!;
      const put = z.object({ n: z.number() });
      const table = {
        'probe.put': { schema: put, run: async (trx: import('knex').Knex.Transaction, _u: unknown, a: z.infer<typeof put>) => { await trx('push_probe').insert({ n: a.n }); } },
        'probe.twice': { schema: z.object({}), run: async (trx: import('knex').Knex.Transaction) => { await trx('push_probe').insert([{ n: 1 }, { n: 1 }]); } },
      };
      const body = {
        client_id: crypto.randomUUID(),
        mutations: [
          { id: 1, name: 'probe.put', args: { n: 10 } },
          { id: 2, name: 'probe.twice', args: {} },
          { id: 3, name: 'probe.put', args: { n: 11 } },
          { id: 4, name: 'probe.twice', args: {} },
        ],
      };
      const expected = [
        { id: 1, status: 'applied' },
        { id: 2, status: 'rejected', code: 'conflict', error: expect.any(String) },
        { id: 3, status: 'applied' },
        { id: 4, status: 'rejected', code: 'conflict', error: expect.any(String) },
      ];
      const notices = () => knex('notifications').where({ user_id: user.id, kind: 'sync.rejected' }).orderBy('created_at');
      const before = (await notices()).length;
      const res = await push(knex, { ...syncRegistry, mutations: table }, server, user, body);
      expect(res).toEqual({ results: expected, last_mutation_id: 4 });
      expect((await knex('push_probe').orderBy('n').pluck('n')).map(Number)).toEqual([10, 11]);
      // run one by one, the push still tells its two refusals in one notification
      const told = (await notices()).slice(before);
      expect(told.map((n) => n.params)).toEqual([expect.objectContaining({ action: 'probe.twice', mutation_id: 2, count: 2 })]);
      // sent again (its answer lost), nothing runs twice and the answers are the same
      expect(await push(knex, { ...syncRegistry, mutations: table }, server, user, body)).toEqual({ results: expected, last_mutation_id: 4 });
      expect(await knex('push_probe').count({ n: '*' }).first()).toEqual({ n: 2 });
      expect(await notices()).toHaveLength(before + 1);
      await knex.raw('drop table push_probe');
    });

    it('stores nothing of a push that fails on the way (the database gone), so it can simply be sent again', async () => {
      const { push } = await import('./push');
      const { loadSessionUser } = await import('../../auth/session-user');
      const knex = server.db.knex;
      const user = (await loadSessionUser(knex, server.config, supplier.user.id))!;
      const cid = crypto.randomUUID();
      const first = product('خرسانة', 300);
      let down = true;
      const table = {
        'product.create': syncRegistry.mutations['product.create'],
        'probe.outage': {
          schema: z.object({}),
          run: async () => {
            if (down) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
          },
        },
      };
      const body = { client_id: cid, mutations: [{ id: 1, name: 'product.create', args: first }, { id: 2, name: 'probe.outage', args: {} }] };
      await expect(push(knex, { ...syncRegistry, mutations: table }, server, user, body)).rejects.toMatchObject({ code: '57P01' });
      expect(await knex('products').where({ id: first.id })).toHaveLength(0);
      expect(await knex('sync_mutations').where({ client_id: cid })).toHaveLength(0);
      down = false;
      expect(await push(knex, { ...syncRegistry, mutations: table }, server, user, body)).toEqual({
        results: [
          { id: 1, status: 'applied' },
          { id: 2, status: 'applied' },
        ],
        last_mutation_id: 2,
      });
      expect(await knex('products').where({ id: first.id })).toHaveLength(1);
    });

    it('refuses a date Postgres cannot store (year 0) as invalid input', async () => {
      const res = await contractor.post('/api/sync/push', {
        client_id: clientId(),
        mutations: [
          { id: 1, name: 'transport_request.create', args: { pickup_location: 'جدة', delivery_location: 'مكة', cargo_description: 'حديد', preferred_pickup_time: '0000-01-01T00:00:00Z' } },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.results[0]).toMatchObject({ status: 'rejected', code: 'validation_failed' });
    });
  });
});
