/**
 * npm run bench:sync (Postgres; DATABASE_URL, default a local binaa_bench database):
 * - pull of 10k changes: server time of the pull function, beside the raw SELECTs it
 *   needs (the change rows and the product rows) timed the same way;
 * - one push of 100 mutations, beside 100 raw INSERTs each in its own transaction;
 * - pushes from 50 concurrent clients over HTTP (10 mutations each), beside 50 concurrent
 *   raw inserts of the same rows.
 *   The pushes are measured over ten bursts after five warm-up bursts; the first of those
 *   (reported too) also opens the pool's connections and compiles the code. A second
 *   baseline, each client's ten raw INSERTs in one transaction, is a floor for a push
 *   (which also commits once); a push of creations in a row writes them in one statement.
 * Targets: pulling 10k changes <= 1 s of server time; a push of 100 mutations <= 1 s and
 * <= 2x raw; 50 concurrent clients <= 1.5x raw wall, per-push p99 <= 200 ms.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { freshSchema, saveResults, spawnServer, table } from './common';
import { backfillChangeLog } from '../server/registry/backfill';
import { pull } from '../server/modules/sync/pull';
import { push } from '../server/modules/sync/push';
import { syncRegistry } from '../server/registry/sync';
import { loadSessionUser } from '../server/auth/session-user';
import { loadConfig } from '../server/config';
import { createClock } from '../server/clock';
import { createLoginCode, loginCookieName } from '../server/auth/login-codes';
import { HttpClient } from './soak-users';

const SCHEMA = 'bench_sync';
const CHANGES = 10_000;
/** Bursts of 50 pushes measured after WARMUP; their pushes' latencies are pooled, the wall is their median. */
const BURSTS = 10;
const WARMUP = 5;
const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'b'.repeat(40), LOG_LEVEL: 'silent' });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const ms = (n: number) => +n.toFixed(1);

async function timed(fn: () => Promise<unknown>, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

async function supplier(knex: Knex, n: number) {
  const [u] = await knex('users').insert({ email: `bench-sync-${n}@binaa.sa`, name: `Bench ${n}` }).returning('id');
  await knex('profiles').insert({ user_id: u.id, role: 'supplier', company_name: `مورد ${n}` });
  await knex('subscriptions').insert({ user_id: u.id, plan_id: 'enterprise', status: 'active', billing_cycle: 'yearly' });
  return u.id as string;
}

const productArgs = (i: number) => ({ id: crypto.randomUUID(), name: `منتج ${i}`, price: 10 + (i % 100), unit: 'حبة' });

async function main() {
  const db = await freshSchema(SCHEMA, 60);
  const { knex } = db;
  const ownerId = await supplier(knex, 0);
  const [reader] = await knex('users').insert({ email: 'bench-reader@binaa.sa' }).returning('id');
  await knex('profiles').insert({ user_id: reader.id, role: 'contractor' });

  await knex.raw(
    `insert into products (supplier_id, name, price, unit) select ?, 'منتج ' || i, 10 + i % 100, 'حبة' from generate_series(1, ?) i`,
    [ownerId, CHANGES],
  );
  await backfillChangeLog(knex); // one upsert change per product (plus reference data)
  await knex.raw('analyze');
  const readerUser = (await loadSessionUser(knex, config, reader.id))!;

  // Pull of 10k changes, in pages of 5000 as a bootstrapping client would.
  let pulled = 0;
  const pullMs = await timed(async () => {
    pulled = 0;
    let cursor: string | undefined;
    for (;;) {
      const res = await pull(knex, syncRegistry.loaders, readerUser, { cursor, limit: 5000, now: new Date() });
      if ('reset' in res) throw new Error('reset');
      pulled += res.changes.length;
      cursor = res.cursor;
      if (!res.has_more) break;
    }
  });
  const rawPullMs = await timed(async () => {
    const rows = await knex('changes').whereNotNull('pos').orderBy('pos').limit(CHANGES + 100);
    const ids = rows.filter((r) => r.entity === 'product').map((r) => r.entity_id);
    await knex('products').whereIn('id', ids).select('*');
  });

  // One push of 100 mutations, each in its own transaction as the push does.
  const pusher = (await loadSessionUser(knex, config, ownerId))!;
  let applied = 0;
  const pushMs = await timed(async () => {
    const res = await push(knex, syncRegistry, { config, clock: createClock() }, pusher, {
      client_id: crypto.randomUUID(),
      mutations: Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: 'product.create', args: productArgs(i) })),
    });
    applied = res.results.filter((r) => r.status === 'applied').length;
  }, 3);
  const rawPushMs = await timed(async () => {
    for (let i = 0; i < 100; i++) {
      await knex.transaction((trx) => trx('products').insert({ supplier_id: ownerId, ...productArgs(i) }));
    }
  }, 3);

  // 50 clients pushing at once over HTTP, against the app in its own process, each over a
  // kept-alive connection as a browser's (the soak's client: lighter than fetch, so the
  // load generator takes less of the CPU the server needs).
  const app = await spawnServer(['app', SCHEMA]);
  const http = new HttpClient(app.url, 30_000);
  const clients = await Promise.all(
    Array.from({ length: 50 }, async (_, n) => {
      const id = await supplier(knex, n + 1);
      const { code, browserKey } = await createLoginCode(knex, id);
      const res = await http.request('POST', '/api/sessions', { json: { code }, cookie: `${loginCookieName(false)}=${browserKey}` });
      if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
      const cookies = res.headers['set-cookie'] ?? [];
      return { id, cookie: cookies.map((c) => c.split(';')[0]).join('; ') };
    }),
  );
  const pushRound = async () => {
    const latencies: number[] = [];
    let applied = 0;
    const t0 = performance.now();
    await Promise.all(
      clients.map(async (c) => {
        const t = performance.now();
        const res = await http.request('POST', '/api/sync/push', {
          cookie: c.cookie,
          json: {
            client_id: crypto.randomUUID(),
            mutations: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: 'product.create', args: productArgs(i) })),
          },
        });
        const body = res.body;
        latencies.push(performance.now() - t);
        applied += body.results?.filter((r: { status: string }) => r.status === 'applied').length ?? 0;
      }),
    );
    return { wall: performance.now() - t0, latencies, applied };
  };
  // The first burst after start-up also pays for opening the pool's connections and for
  // compiling the code, and the next few for V8 optimising the hot paths; the first is
  // reported, and the measured bursts come after WARMUP of them, as a running server
  // meets a crew reconnecting.
  const cold = await pushRound();
  for (let i = 1; i < WARMUP; i++) await pushRound();
  const bursts = [];
  for (let i = 0; i < BURSTS; i++) bursts.push(await pushRound());

  const concurrentMs = median(bursts.map((b) => b.wall));
  const latencies = bursts.flatMap((b) => b.latencies);
  const concurrentApplied = bursts.reduce((n, b) => n + b.applied, 0);
  http.close();
  app.close();
  type RawShape = 'transaction per row' | 'one transaction' | 'one statement';
  const rawRound = async (shape: RawShape) => {
    const t1 = performance.now();
    const lat: number[] = [];
    await Promise.all(
      clients.map(async (c) => {
        const t = performance.now();
        const rows = Array.from({ length: 10 }, (_, i) => ({ supplier_id: c.id, ...productArgs(i) }));
        if (shape === 'transaction per row') for (const row of rows) await knex.transaction((trx) => trx('products').insert(row));
        else if (shape === 'one transaction') await knex.transaction(async (trx) => {
          for (const row of rows) await trx('products').insert(row);
        });
        else await knex.transaction((trx) => trx('products').insert(rows));
        lat.push(performance.now() - t);
      }),
    );
    return { wall: performance.now() - t1, lat };
  };
  /** The raw rounds, as many times as the pushes' bursts: median wall, latencies pooled. */
  const rawRounds = async (shape: RawShape) => {
    const rounds = [];
    for (let i = 0; i < BURSTS; i++) rounds.push(await rawRound(shape));
    return { wall: median(rounds.map((r) => r.wall)), lat: rounds.flatMap((r) => r.lat) };
  };
  const { wall: rawConcurrentMs, lat: rawLatencies } = await rawRounds('transaction per row');
  // Floors for a push, with no HTTP, session, change log or result rows: the same ten
  // INSERTs in one transaction per client, as a push commits once; and the ten rows in one
  // INSERT, as a push writes creations in a row.
  const { wall: rawBatchMs, lat: rawBatchLatencies } = await rawRounds('one transaction');
  const { wall: rawStatementMs, lat: rawStatementLatencies } = await rawRounds('one statement');

  /** The pushes' p50 / p99 beside a raw round's, and the ratio of their p99s. */
  const perPushAgainst = (measure: string, baseline: string, raw: number[], target: string) => ({
    measure,
    ms: `${ms(pct(latencies, 50))} / ${ms(pct(latencies, 99))}`,
    baseline: `${baseline}, p50 / p99`,
    baseline_ms: `${ms(pct(raw, 50))} / ${ms(pct(raw, 99))}`,
    ratio: +(pct(latencies, 99) / pct(raw, 99)).toFixed(2),
    target,
  });
  const rows = [
    { measure: `pull ${pulled} changes (server time)`, ms: ms(pullMs), baseline: 'raw SELECTs', baseline_ms: ms(rawPullMs), ratio: +(pullMs / rawPullMs).toFixed(2), target: '<= 1000 ms' },
    { measure: `push of 100 mutations (${applied} applied)`, ms: ms(pushMs), baseline: '100 raw INSERT transactions', baseline_ms: ms(rawPushMs), ratio: +(pushMs / rawPushMs).toFixed(2), target: '<= 1000 ms, <= 2x raw' },
    { measure: `50 concurrent clients x 10 mutations, wall (median of ${BURSTS} bursts after ${WARMUP}; ${concurrentApplied} applied)`, ms: ms(concurrentMs), baseline: '50 x 10 raw INSERT transactions', baseline_ms: ms(rawConcurrentMs), ratio: +(concurrentMs / rawConcurrentMs).toFixed(2), target: '<= 1.5x raw' },
    perPushAgainst(`  per push p50 / p99 (${latencies.length} pushes)`, "one client's 10 raw INSERT transactions", rawLatencies, 'p99 <= 200 ms'),
    perPushAgainst('  per push p50 / p99, same burst', "one client's 10 raw INSERTs in ONE transaction (50 at once)", rawBatchLatencies, `floor: raw wall ${ms(rawBatchMs)} ms`),
    perPushAgainst('  per push p50 / p99, same burst', "one client's 10 rows in ONE raw INSERT (50 at once)", rawStatementLatencies, `floor: raw wall ${ms(rawStatementMs)} ms`),
    {
      measure: '  the first burst after start-up, wall; per push p50 / p99',
      ms: `${ms(cold.wall)}; ${ms(pct(cold.latencies, 50))} / ${ms(pct(cold.latencies, 99))}`,
      baseline: '',
      baseline_ms: '',
      ratio: '',
      target: `${cold.applied} applied`,
    },
  ];
  table(rows);
  saveResults('sync', { rows });
  await knex.raw('drop schema if exists ?? cascade', [SCHEMA]);
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
