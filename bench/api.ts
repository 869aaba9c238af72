/**
 * npm run bench:api (Postgres; DATABASE_URL, default a local binaa_bench database;
 * BENCH_SCHEMA, default bench_api; REDIS_URL: the app's rate limits count in that Redis,
 * else in its memory): 100k products with Arabic, English and Chinese names.
 *
 * Closed loop (autocannon, 50 connections) on the catalogue list, on popular searches
 * and on searches the cache has never seen, each beside a baseline from the same run
 * that does the same work through pg in a bare node:http server, like with like:
 *  - list and popular searches are answered from the app's page cache, so their baseline
 *    caches too: it runs the SQL the app ran for a cached answer (the catalogue version
 *    lookup) and answers the rows of one earlier run of the full SQL (both cached);
 *  - searches the cache has never seen run the very SQL the app ran (both uncached); each
 *    connection has its own terms, so this is the saturation throughput of uncached search.
 * And a bare Koa route (no database). Throughput counts 2xx answers only; every figure
 * carries its non-2xx answers and errors, and a ratio built on a figure with any is
 * flagged instead of given.
 *
 * Open loop (bench/open-loop.ts): uncached searches offered at a fixed 100 requests a
 * second, latency from each request's scheduled send, to the app and to the same SQL
 * through bare pg.
 *
 * Every closed-loop pair (cached list, cached popular search, uncached search) alternates
 * app and baseline in rounds (BENCH_ROUNDS, default 4): on a machine shared with other
 * work, a burst of it then weighs on both instead of on whichever ran at the time.
 *
 * Targets (issue 11): uncached search p99 <= 50 ms at 100 requests/s offered; list
 * throughput >= half of the bare-pg figure; popular search p99 <= 50 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { failures, freshSchema, load, saveResults, spawnServer, startApp, table, type LoadResult } from './common';
import { openLoop, openLoopSamples, summarise, type OpenLoopSamples } from './open-loop';
import { searchTermsWithKinds } from './search-terms';
import { SEARCHES, seed } from './catalogue-seed';

const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_api';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;
/** The open loop's offered rate, requests a second, and its warm-up (other unseen terms). */
const RATE = Number(process.env.BENCH_RATE ?? 100);
const WARMUP_SECONDS = 5;
/**
 * Uncached terms for the closed loop, shared out among the connections and the rounds. A
 * connection comes back to a term only after all of its others in that round, by when the
 * other connections have asked for about a thousand other terms: twice what the cache
 * holds (500), so it is a miss.
 */
const SATURATION_TERMS = 4000;
/**
 * App and baseline alternate in this many rounds (each gets SECONDS in all), so that the
 * other work on a shared machine weighs on both alike.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

/**
 * The statements the app runs for a path, captured from knex while it answers. Without
 * `withCacheLookups`, the page cache's version lookup is left out (captured on the first
 * answer, which computes the page: the query itself is what the baseline runs).
 */
async function captureSql(knex: import('knex').Knex, url: string, path: string, withCacheLookups = false) {
  const statements: Array<{ sql: string; bindings: unknown[] }> = [];
  const onQuery = (q: { sql: string; bindings?: unknown[] }) => statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  knex.on('query', onQuery);
  const res = await fetch(url + path);
  const body = await res.text();
  knex.off('query', onQuery);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body}`);
  // The cache's version lookup is the app's own bookkeeping, not the query (the catalogue's
  // total, also read from catalogue_state, is).
  const lookup = (sql: string) => !withCacheLookups && sql.startsWith('select "version" from "catalogue_state"');
  return { statements: statements.filter((s) => !/^select 1$/i.test(s.sql) && !lookup(s.sql)), bytes: body.length };
}

/** Rounds of one closed-loop run: mean throughput; the middle round's latencies; every error. */
function combineRounds(name: string, rounds: LoadResult[]): LoadResult {
  const byP99 = [...rounds].sort((a, b) => a.p99 - b.p99);
  const middle = byP99[Math.floor(byP99.length / 2)];
  return {
    name,
    reqPerSec: Math.round(rounds.reduce((n, r) => n + r.reqPerSec, 0) / rounds.length),
    p50: middle.p50,
    p99: middle.p99,
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
  };
}

async function main() {
  const db = await freshSchema(SCHEMA, 20);
  console.log(`seeding ${PRODUCTS} products into ${SCHEMA}...`);
  const t0 = Date.now();
  await seed(db.knex, PRODUCTS);
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const inProcess = await startApp(db);
  const listPaths = ['/api/products?limit=20', '/api/products?limit=20&offset=20', '/api/products?limit=20&offset=100'];
  const searchPath = (term: string) => `/api/products?limit=20&search=${encodeURIComponent(term)}`;
  const searchPaths = SEARCHES.map(searchPath);
  // Terms no request of this run asks twice (bench/search-terms.ts), in three disjoint
  // sets: the open loop's warm-up, the open loop, the closed loop.
  const warmupCount = RATE * WARMUP_SECONDS;
  const openCount = RATE * SECONDS;
  const terms = await searchTermsWithKinds(db.knex, warmupCount + openCount + SATURATION_TERMS, { exclude: SEARCHES });
  const warmupPaths = terms.slice(0, warmupCount).map((t) => searchPath(t.term));
  const openTerms = terms.slice(warmupCount, warmupCount + openCount);
  const openPaths = openTerms.map((t) => searchPath(t.term));
  const saturationPaths = terms.slice(warmupCount + openCount).map((t) => searchPath(t.term));
  const perConnection = Math.floor(SATURATION_TERMS / (CONNECTIONS * ROUNDS));
  const saturationOf = (round: number) => (c: number) => {
    const first = (round * CONNECTIONS + (c % CONNECTIONS)) * perConnection;
    return saturationPaths.slice(first, first + perConnection);
  };

  const toCapture = [...warmupPaths, ...openPaths, ...saturationPaths];
  console.log(`capturing the SQL of ${toCapture.length + 2 * (listPaths.length + searchPaths.length)} requests...`);
  const captured: Record<string, Array<{ sql: string; bindings: unknown[] }>> = {};
  // List and popular searches twice in a row: the full SQL of the first answer and what a
  // cached answer runs (before the other captures push these pages out of the cache).
  const cachedCapture: Record<string, { full: Array<{ sql: string; bindings: unknown[] }>; cached: Array<{ sql: string; bindings: unknown[] }> }> = {};
  for (const p of [...listPaths, ...searchPaths]) {
    const full = (await captureSql(db.knex, inProcess.url, p)).statements;
    const cached = (await captureSql(db.knex, inProcess.url, p, true)).statements;
    if (cached.length >= full.length) throw new Error(`${p}: the second answer ran ${cached.length} statements, not a cached answer`);
    cachedCapture[p] = { full, cached };
  }
  for (const p of toCapture) captured[p] = (await captureSql(db.knex, inProcess.url, p)).statements;
  const sample = await (await fetch(inProcess.url + listPaths[0])).text();
  await inProcess.close();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-bench-'));
  fs.writeFileSync(path.join(tmp, 'sql.json'), JSON.stringify(captured));
  fs.writeFileSync(path.join(tmp, 'sql-cached.json'), JSON.stringify(cachedCapture));
  fs.writeFileSync(path.join(tmp, 'body.json'), sample);

  // The app; the same SQL through pg in a bare node:http server, uncached and cached as
  // the app caches; a bare Koa route with a list-sized body (no database). Each in its own process.
  const app = await spawnServer(['app', SCHEMA]);
  const bare = await spawnServer(['pg', SCHEMA, path.join(tmp, 'sql.json')]);
  const bareCached = await spawnServer(['pg-cached', SCHEMA, path.join(tmp, 'sql-cached.json')]);
  const bareKoa = await spawnServer(['koa', path.join(tmp, 'body.json')]);

  // Open loop first, while the app's cache has seen none of these terms; app and
  // baseline take turns, a quarter of the terms each time.
  const targets = [
    { name: 'uncached search, open loop: app', url: app.url },
    { name: 'uncached search, open loop: same SQL via pg (bare http)', url: bare.url },
  ];
  console.log(`open loop, ${RATE} requests/s offered, ${SECONDS} s for each of app and baseline in ${ROUNDS} alternating rounds, after ${WARMUP_SECONDS} s of warm-up`);
  for (const t of targets) await openLoop('warm-up', t.url, warmupPaths, RATE, WARMUP_SECONDS);
  const samples: OpenLoopSamples[][] = targets.map(() => []);
  const chunk = Math.floor(openCount / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    const paths = openPaths.slice(round * chunk, (round + 1) * chunk);
    const kinds = openTerms.slice(round * chunk, (round + 1) * chunk).map((t) => t.kind);
    for (const i of round % 2 ? [1, 0] : [0, 1]) samples[i].push(await openLoopSamples(targets[i].url, paths, RATE, kinds));
  }
  const open = targets.map((t, i) => summarise(t.name, RATE, samples[i]));
  table(open.map(({ by_label: _byLabel, ...r }) => r));
  console.log('open loop, app, by kind of term:');
  table(Object.entries(open[0].by_label ?? {}).map(([kind, r]) => ({ kind, ...r })));

  // Cached list and popular search: app and baseline taking turns too, each pair in rounds.
  const results: LoadResult[] = [];
  for (const [what, paths] of [
    ['list', listPaths],
    ['search, 10 popular terms', searchPaths],
  ] as const) {
    const names = [`${what}, cached: app`, `${what}, cached: same SQL via pg, cached as the app caches (bare http)`];
    console.log(`autocannon ${SECONDS}s x ${CONNECTIONS} connections, in ${ROUNDS} alternating rounds: ${what}, cached, app and same SQL via pg`);
    const pair: LoadResult[][] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      for (const i of round % 2 ? [1, 0] : [0, 1]) pair[i].push(await load(names[i], [app.url, bareCached.url][i], [...paths], SECONDS / ROUNDS, CONNECTIONS));
    }
    results.push(...pair.map((r, i) => combineRounds(names[i], r)));
  }
  // Saturation of uncached search: each connection on its own terms, app and baseline
  // taking turns.
  const saturation = [`uncached search, saturation: app`, `uncached search, saturation: same SQL via pg, uncached (bare http)`];
  console.log(`autocannon ${SECONDS}s x ${CONNECTIONS} connections, in ${ROUNDS} alternating rounds: uncached search, app and same SQL via pg`);
  const rounds: LoadResult[][] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      rounds[i].push(await load(saturation[i], [app.url, bare.url][i], saturationPaths, SECONDS / ROUNDS, CONNECTIONS, saturationOf(round)));
    }
  }
  results.push(...rounds.map((r, i) => combineRounds(saturation[i], r)));
  console.log(`autocannon ${SECONDS}s x ${CONNECTIONS} connections: bare Koa route (no database)`);
  results.push(await load('bare Koa route (no database)', bareKoa.url, listPaths, SECONDS, CONNECTIONS));
  const [listApp, listPg, searchApp, searchPg, coldApp, coldPg, bareRoute] = results;
  const [openApp, openPg] = open;
  table(results.map((r) => ({ ...r, failed: failures(r) })));
  // A ratio of figures with failed requests measures the failures: flagged, not given.
  const ratio = (value: number, ...of: Array<Pick<LoadResult, 'name' | 'errors' | 'non2xx'>>): number | string => {
    const bad = of.filter((r) => failures(r) > 0);
    return bad.length ? `flagged: ${bad.map((r) => `${failures(r)} failed requests in "${r.name}"`).join('; ')}` : +value.toFixed(2);
  };
  const failed = [...open, ...results].filter((r) => failures(r) > 0).map((r) => ({ name: r.name, errors: r.errors, non2xx: r.non2xx }));
  const verdict = {
    compared: 'list and popular search: app and bare pg both cached; uncached search: both uncached',
    list_throughput_vs_bare_pg: ratio(listApp.reqPerSec / listPg.reqPerSec, listApp, listPg),
    list_throughput_target: '>= 0.5',
    search_p99_ms: searchApp.p99,
    search_p99_target_ms: 50,
    search_p99_vs_bare_pg: ratio(searchApp.p99 / Math.max(1, searchPg.p99), searchApp, searchPg),
    search_uncached_open_loop_rps: RATE,
    search_uncached_open_loop_p50_ms: openApp.p50,
    search_uncached_open_loop_p99_ms: openApp.p99,
    search_uncached_open_loop_errors: openApp.errors + openApp.non2xx,
    search_uncached_open_loop_p99_target_ms: 50,
    search_uncached_open_loop_p99_vs_bare_pg: ratio(openApp.p99 / Math.max(1, openPg.p99), openApp, openPg),
    search_uncached_saturation_rps: coldApp.reqPerSec,
    search_uncached_saturation_bare_pg_rps: coldPg.reqPerSec,
    search_uncached_saturation_vs_bare_pg: ratio(coldApp.reqPerSec / coldPg.reqPerSec, coldApp, coldPg),
    app_vs_bare_koa_throughput: ratio(listApp.reqPerSec / bareRoute.reqPerSec, listApp, bareRoute),
    figures_with_failed_requests: failed,
  };
  console.log(verdict);
  if (failed.length) console.warn(`WARNING: ${failed.length} figures had failed requests (non-2xx or no answer); their ratios are flagged`);
  saveResults('api', {
    products: PRODUCTS,
    seconds: SECONDS,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    load_average: os.loadavg().map((l) => +l.toFixed(2)),
    cpus: os.cpus().length,
    open_loop: open,
    results,
    verdict,
  });

  for (const server of [app, bare, bareCached, bareKoa]) server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  await db.knex.raw('drop schema if exists ?? cascade', [SCHEMA]);
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
