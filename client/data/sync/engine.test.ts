/**
 * The sync engine against an in-memory server with faults (testing/fakeServer.ts), on
 * fake-indexeddb with a virtual clock: random sequences of local writes, other people's
 * writes, lost answers, 401s, 5xx, 413, resets and reloads must end with the local store
 * equal to what the server shows this user, every mutation applied once or refused with
 * its reason, none lost and none applied twice.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { BinaaDb } from '../db/database';
import type { EffectContext } from '../db/schema';
import { SyncEngine, memoryLock } from './engine';
import { Clock } from './testing/clock';
import { writeLocal } from './testing/local';
import { FakeServer } from './testing/fakeServer';
import { prng } from './testing/prng';

const USER = '00000000-0000-4000-8000-000000000001';

function uuidFrom(rand: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}


let dbCount = 0;
const opened: BinaaDb[] = [];
function openDb(name: string) {
  const db = new BinaaDb(name, { indexedDB, IDBKeyRange });
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
});

function ctxAt(clock: Clock): EffectContext {
  return { user_id: USER, company_name: 'مؤسسة الاختبار', verification_tier: 'unverified', language: 'ar', now: new Date(clock.t).toISOString() };
}

/** Strips what only the local store adds. */
function visible(row: Record<string, unknown>) {
  const { _gen, _words, _search, ...rest } = row;
  return rest;
}

async function localRows(db: BinaaDb) {
  const out = new Map<string, Record<string, unknown>>();
  for (const entity of ['product', 'project', 'bid', 'notification'] as const) {
    for (const row of await db.anyEntityTable(entity).toArray()) out.set(`${entity}:${row.id}`, visible(row));
  }
  return out;
}

function makeEngine(db: BinaaDb, server: FakeServer, clock: Clock) {
  // A fresh lock per engine: a reloaded (killed) tab releases its Web Lock.
  return new SyncEngine({ db, transport: server.transport(), lock: memoryLock(), timers: clock, now: clock.now, random: () => 0.5, pullLimit: 3, pushBatch: 4 });
}

describe('sync engine', () => {
  it('bootstraps what makes the app usable first, then the catalogue, with progress', async () => {
    const clock = new Clock();
    const server = new FakeServer(USER);
    for (let i = 0; i < 5; i++) server.otherSupplierProduct(`p${i}`, `منتج ${i}`);
    server.notify('n1');
    server.seedProject('pr1');
    const db = openDb(`boot-${++dbCount}`);
    const seen: Array<{ usable: boolean; products: number; notifications: number }> = [];
    const pulls: string[] = [];
    const transport = server.transport();
    const spy = new SyncEngine({
      db,
      lock: memoryLock(),
      timers: clock,
      now: clock.now,
      pullLimit: 3,
      transport: {
        pull: async (p) => {
          pulls.push(p.entities?.join(',') ?? 'all');
          seen.push({ usable: spy.getState().bootstrap.usable, products: await db.products.count(), notifications: await db.notifications.count() });
          return transport.pull(p);
        },
        push: (body) => transport.push(body),
      },
    });
    await spy.sync();
    expect(await db.products.count()).toBe(5);
    expect(await db.notifications.count()).toBe(1);
    expect(spy.getState().bootstrap).toMatchObject({ done: true, usable: true, received: 7, total: 7 });
    // The first pulls leave the catalogue out; the products come once the rest is in.
    expect(pulls[0]).not.toContain('product');
    const firstCatalogue = pulls.findIndex((p) => p === 'product');
    expect(firstCatalogue).toBeGreaterThan(0);
    expect(seen[firstCatalogue]).toMatchObject({ usable: true, products: 0, notifications: 1 });
    expect(await db.getMeta('initial_sync_done')).toBe(true);
  });

  it('asks for the next page while the one before is being stored, and stores them in order', async () => {
    const clock = new Clock();
    const server = new FakeServer(USER);
    for (let i = 0; i < 7; i++) server.otherSupplierProduct(`p${i}`, `منتج ${i}`);
    const db = openDb(`ahead-${++dbCount}`);
    const transport = server.transport();
    /** The products stored when each catalogue page was asked for. */
    const storedWhenAsked: number[] = [];
    const engine = new SyncEngine({
      db,
      lock: memoryLock(),
      timers: clock,
      now: clock.now,
      pullLimit: 3,
      transport: {
        pull: async (p) => {
          if (p.entities?.includes('product')) storedWhenAsked.push(await db.products.count());
          return transport.pull(p);
        },
        push: (body) => transport.push(body),
      },
    });
    await engine.sync();
    expect(await db.products.count()).toBe(7);
    // Three pages of three: the second and third were asked for before the page before them was stored.
    expect(storedWhenAsked).toEqual([0, 0, 3]);
  });

  it('keeps a write made offline, shows it at once and sends it exactly once when the network is back', async () => {
    const clock = new Clock();
    const server = new FakeServer(USER);
    server.seedProject('11111111-1111-4111-8111-111111111111');
    const db = openDb(`offline-${++dbCount}`);
    const engine = makeEngine(db, server, clock);
    await engine.sync();

    server.faults.push('network', 'network');
    const bidId = '22222222-2222-4222-8222-222222222222';
    await writeLocal(db, 'bid.create', { id: bidId, project_id: '11111111-1111-4111-8111-111111111111', amount: 1500, proposal: 'جاهزون' }, ctxAt(clock));
    expect(await db.bids.get(bidId)).toMatchObject({ amount: 1500, status: 'submitted', project_title: 'p-1111' });
    await engine.sync();
    expect(engine.getState().phase).toBe('offline');
    expect(await db.outbox.count()).toBe(1);
    // Backoff: about half a second (with jitter 0.5..1 of the step), then again.
    expect(clock.pending()).toEqual([500 * 0.75]);

    // The answer to the next push is lost after the server applied it.
    server.faults.length = 0;
    server.faults.push('drop-response');
    await engine.sync();
    expect(engine.getState().phase).toBe('offline');
    await engine.sync();
    expect(engine.getState().phase).toBe('idle');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.base.count()).toBe(0);
    expect([...server.applications.values()]).toEqual([1]);
    expect(await db.bids.get(bidId)).toMatchObject({ amount: 1500, contractor_id: USER });
  });

  it('retries on its own after a failure, on the backoff timer', async () => {
    const clock = new Clock();
    const server = new FakeServer(USER);
    const db = openDb(`timer-${++dbCount}`);
    const engine = makeEngine(db, server, clock);
    await engine.start();
    server.faults.push('server-error');
    clock.advance(0);
    await engine.settled();
    expect(engine.getState().phase).toBe('error');
    clock.advance(300); // the retry is due after 375 ms
    await engine.settled();
    expect(engine.getState().phase).toBe('error');
    clock.advance(100);
    await engine.settled();
    expect(engine.getState().phase).toBe('idle');
    expect(engine.getState().bootstrap.done).toBe(true);
  });

  it('pauses on 401 without losing anything and goes on after the same user signs in again', async () => {
    const clock = new Clock();
    const server = new FakeServer(USER);
    const db = openDb(`401-${++dbCount}`);
    const engine = makeEngine(db, server, clock);
    await engine.sync();
    server.sessionValid = false;
    const id = '33333333-3333-4333-8333-333333333333';
    await writeLocal(db, 'product.create', { id, name: 'أسمنت', price: 18, unit: 'كيس' }, ctxAt(clock));
    await engine.sync();
    expect(engine.getState().phase).toBe('unauthorized');
    engine.schedule(0);
    expect(clock.pending()).toEqual([]); // paused: nothing scheduled
    expect(await db.outbox.count()).toBe(1);
    server.sessionValid = true;
    engine.resume();
    await engine.sync();
    expect(server.rows.get(`product:${id}`)).toMatchObject({ name: 'أسمنت' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows a refused mutation with its reason, takes back its effect and applies the rest of the queue', async () => {
    const clock = new Clock();
    const server = new FakeServer(USER);
    const open = '44444444-4444-4444-8444-444444444444';
    const closing = '55555555-5555-4555-8555-555555555555';
    server.seedProject(open);
    server.seedProject(closing);
    const db = openDb(`reject-${++dbCount}`);
    const engine = makeEngine(db, server, clock);
    await engine.sync();
    server.faults.push('network');
    const refused = '66666666-6666-4666-8666-666666666666';
    const fine = '77777777-7777-4777-8777-777777777777';
    await writeLocal(db, 'bid.create', { id: refused, project_id: closing, amount: 10, proposal: 'a' }, ctxAt(clock));
    await writeLocal(db, 'bid.create', { id: fine, project_id: open, amount: 20, proposal: 'b' }, ctxAt(clock));
    await engine.sync(); // offline
    server.closeProject(closing);
    await engine.sync();
    expect(await db.rejections.toArray()).toEqual([expect.objectContaining({ name: 'bid.create', code: 'project_not_open', args: expect.objectContaining({ id: refused }) })]);
    expect(await db.bids.get(refused)).toBeUndefined();
    expect(await db.bids.get(fine)).toMatchObject({ amount: 20 });
    expect(await db.projects.get(closing)).toMatchObject({ status: 'in_progress' });
  });

  it('halves the batch on 413 until the server takes it', async () => {
    const clock = new Clock();
    const server = new FakeServer(USER);
    server.maxBatch = 1;
    const db = openDb(`413-${++dbCount}`);
    const engine = makeEngine(db, server, clock);
    for (let i = 0; i < 4; i++) {
      await writeLocal(db, 'product.create', { id: `8888888${i}-8888-4888-8888-888888888888`, name: `n${i}`, price: 1, unit: 'u' }, ctxAt(clock));
    }
    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied.size).toBe(4);
  });

  it('starts again from scratch on reset, keeps pending writes and drops rows the server no longer has', async () => {
    const clock = new Clock();
    const server = new FakeServer(USER);
    server.otherSupplierProduct('a', 'a');
    server.otherSupplierProduct('b', 'b');
    const db = openDb(`reset-${++dbCount}`);
    const engine = makeEngine(db, server, clock);
    await engine.sync();
    server.removeProduct('a');
    server.otherSupplierProduct('c', 'c');
    server.prune(); // the delete of a is gone from the log
    server.faults.push('network');
    const mine = '99999999-9999-4999-8999-999999999999';
    await writeLocal(db, 'product.create', { id: mine, name: 'mine', price: 1, unit: 'u' }, ctxAt(clock));
    await engine.sync(); // push fails: offline
    server.faults.push('none', 'network'); // the push goes, the first pull fails
    await engine.sync();
    await engine.sync();
    expect((await db.products.toArray()).map((p) => p.id).sort()).toEqual([mine, 'b', 'c'].sort());
  });

  it('converges to the server state under random faults: nothing lost, nothing applied twice', async () => {
    const SEQUENCES = Number(process.env.SYNC_SEQUENCES ?? 60);
    const STEPS = 40;
    let mutationsChecked = 0;
    for (let seed = 1; seed <= SEQUENCES; seed++) {
      const rand = prng(seed);
      const pick = <T,>(xs: T[]): T | undefined => (xs.length ? xs[Math.floor(rand() * xs.length)] : undefined);
      const clock = new Clock();
      const server = new FakeServer(USER);
      const projects = Array.from({ length: 3 }, () => uuidFrom(rand));
      for (const p of projects) server.seedProject(p);
      const name = `random-${seed}-${++dbCount}`;
      let db = openDb(name);
      let engine = makeEngine(db, server, clock);
      const issued: number[] = [];

      for (let step = 0; step < STEPS; step++) {
        const r = rand();
        if (r < 0.4) {
          const kind = rand();
          const products = await db.products.toArray();
          let id: number | undefined;
          if (kind < 0.3) {
            id = await writeLocal(db, 'product.create', { id: uuidFrom(rand), name: rand() < 0.1 ? 'forbidden' : `p${step}`, price: Math.round(rand() * 100), unit: 'u' }, ctxAt(clock));
          } else if (kind < 0.5 && products.length) {
            id = await writeLocal(db, 'product.update', { id: pick(products)!.id, price: Math.round(rand() * 100) }, ctxAt(clock));
          } else if (kind < 0.6 && products.length) {
            id = await writeLocal(db, 'product.delete', { id: pick(products)!.id }, ctxAt(clock));
          } else if (kind < 0.9) {
            const project = pick(projects)!;
            const own = (await db.bids.where('project_id').equals(project).toArray())[0];
            id = await writeLocal(db, 'bid.create', { id: own?.id ?? uuidFrom(rand), project_id: project, amount: Math.round(rand() * 1000), proposal: 'x' }, ctxAt(clock));
          } else {
            const n = pick(await db.notifications.toArray());
            if (n) id = await writeLocal(db, 'notification.read', { id: n.id }, ctxAt(clock));
          }
          if (id !== undefined) issued.push(id);
        } else if (r < 0.55) {
          const e = rand();
          if (e < 0.3) server.closeProject(pick(projects)!);
          else if (e < 0.6) server.otherSupplierProduct(uuidFrom(rand), `other${step}`);
          else if (e < 0.8) server.removeProduct(pick([...server.rows.keys()].filter((k) => k.startsWith('product:')))?.slice(8) ?? '');
          else server.notify(uuidFrom(rand));
        } else if (r < 0.85) {
          const faults = ['none', 'network', 'drop-response', 'server-error', 'unauthorized'] as const;
          for (let i = Math.floor(rand() * 3); i > 0; i--) server.faults.push(pick([...faults])!);
          server.maxBatch = rand() < 0.15 ? 1 + Math.floor(rand() * 2) : Infinity;
          await engine.sync();
        } else if (r < 0.9) {
          // Reload: the tab goes away (its lock with it) and a new one opens the same database.
          engine.stop();
          db.close();
          db = openDb(name);
          engine = makeEngine(db, server, clock);
        } else if (r < 0.95) {
          server.sessionValid = true;
          engine.resume();
        } else {
          server.prune();
        }
      }

      // The network settles and the user is signed in: everything must converge.
      server.faults.length = 0;
      server.maxBatch = Infinity;
      server.sessionValid = true;
      engine.resume();
      for (let i = 0; i < 5 && ((await db.outbox.count()) > 0 || i === 0); i++) {
        await engine.sync();
      }

      const context = `seed ${seed}`;
      expect(await db.outbox.count(), context).toBe(0);
      expect(await db.base.count(), context).toBe(0);
      expect([...server.applications.values()].every((n) => n === 1), context).toBe(true);
      const clientId = await db.getMeta<string>('client_id');
      const rejectedLocally = new Set((await db.rejections.toArray()).map((r) => r.id));
      for (const id of issued) {
        const tag = `${clientId}:${id}`;
        const outcome = [server.applied.has(tag), server.rejected.has(tag) && rejectedLocally.has(id)];
        expect(outcome.filter(Boolean), `${context}: mutation ${id}`).toHaveLength(1);
        mutationsChecked += 1;
      }
      expect(await localRows(db), context).toEqual(new Map([...server.visibleRows()].map(([k, v]) => [k, visible(v)])));
      engine.stop();
    }
    console.info(`sync engine: ${SEQUENCES} random sequences, ${mutationsChecked} mutations, converged with 0 lost and 0 applied twice`);
  }, 120_000);
});
