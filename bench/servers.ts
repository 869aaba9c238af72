/**
 * One server under load, in a process of its own so that autocannon (in the parent) and
 * the server do not share an event loop. Modes:
 *   app <schema>              the real app on the benchmark schema; BENCH_PORT, BENCH_PUBLIC_URL:
 *                             its port and the origin its clients come from (a load balancer's),
 *                             DATABASE_REPLICA_URL: its read replica (bench/scale.ts)
 *   pg <schema> <statements>  a bare node:http server running captured SQL through pg, in order on one connection
 *   pg-cached <schema> <file> the same, for answers the app gives from its page cache: each
 *                             request runs the SQL the app ran for its cached answer (the
 *                             catalogue version lookup) and answers rows remembered from
 *                             one run of the full SQL at start, as the app's cache does
 *   koa <bodyFile>            a bare Koa route answering a fixed JSON body
 * Prints one line, {"url": ...}, when it listens. On SIGUSR2 it writes how long its event
 * loop was held up since the last SIGUSR2 (loopDelayFile(pid)), so a benchmark can tell
 * the server's own stalls from its load generator's, and (app) how often requests waited
 * for a pooled connection.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Koa from 'koa';
import pg from 'pg';
import { DATABASE_URL, listen, loopDelayFile, loopDelaySummary, startApp } from './common';
import { openDatabase } from '../server/db/index';
import { connectionOptions } from '../server/db/connection-settings';
import { CHECK_EVERY_MS, ReadReplica } from '../server/db/replica';

const [mode, arg1, arg2] = process.argv.slice(2);

const toPg = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

async function main() {
  if (mode === 'app') {
    const db = await openDatabase({ url: DATABASE_URL, schema: arg1, poolMax: 20 });
    watchPool(db.knex);
    const app = await startApp(db, undefined, { port: Number(process.env.BENCH_PORT ?? 0), publicUrl: process.env.BENCH_PUBLIC_URL, replica: await replicaOf(arg1) });
    console.log(JSON.stringify({ url: app.url }));
  } else if (mode === 'pg') {
    const captured: Record<string, Statement[]> = JSON.parse(fs.readFileSync(arg2, 'utf8'));
    const pool = pgPool(arg1);
    const server = await listen(async (req, res) => {
      const statements = captured[req.url ?? ''];
      if (!statements) return void res.writeHead(404).end();
      send(res, answerOf(await runInOrder(pool, statements)));
    });
    console.log(JSON.stringify({ url: server.url }));
  } else if (mode === 'pg-cached') {
    const captured: Record<string, { full: Statement[]; cached: Statement[] }> = JSON.parse(fs.readFileSync(arg2, 'utf8'));
    const pool = pgPool(arg1);
    const remembered = new Map<string, Answer>();
    for (const [url, { full }] of Object.entries(captured)) remembered.set(url, answerOf(await runInOrder(pool, full)));
    const server = await listen(async (req, res) => {
      const entry = captured[req.url ?? ''];
      if (!entry) return void res.writeHead(404).end();
      await runInOrder(pool, entry.cached);
      send(res, remembered.get(req.url!)!);
    });
    console.log(JSON.stringify({ url: server.url }));
  } else if (mode === 'koa') {
    const body = fs.readFileSync(arg1, 'utf8');
    const koa = new Koa();
    koa.use((ctx) => {
      ctx.type = 'json';
      ctx.body = body;
    });
    const server = await listen(koa.callback());
    console.log(JSON.stringify({ url: server.url }));
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
}

/**
 * DATABASE_REPLICA_URL: the read replica, its lag checked as often as the server's upkeep
 * does (REPLICA_MAX_LAG_MS, the server's default without it).
 */
async function replicaOf(schema: string): Promise<ReadReplica | undefined> {
  const url = process.env.DATABASE_REPLICA_URL;
  if (!url) return undefined;
  const replica = new ReadReplica({ db: await openDatabase({ url, schema, poolMax: 10 }), maxLagMs: Number(process.env.REPLICA_MAX_LAG_MS ?? 10_000) });
  await replica.check();
  setInterval(() => void replica.check(), CHECK_EVERY_MS).unref();
  return replica;
}

type Statement = { sql: string; bindings: unknown[] };
type Answer = { rows: unknown[]; total: string };

/** The app's connection settings too: the captured SQL relies on them as the app does. */
const pgPool = (schema: string) => new pg.Pool({ connectionString: DATABASE_URL, max: 20, options: `-c search_path=${schema},public ${connectionOptions()}` });

/**
 * One after the other on one connection, as the app runs them (a transaction's BEGIN,
 * SET LOCAL and COMMIT must reach the same connection).
 */
async function runInOrder(pool: pg.Pool, statements: Statement[]): Promise<pg.QueryResult[]> {
  const client = await pool.connect();
  const results: pg.QueryResult[] = [];
  try {
    for (const s of statements) results.push(await client.query(toPg(s.sql), s.bindings as unknown[]));
  } finally {
    client.release();
  }
  return results;
}

function answerOf(results: pg.QueryResult[]): Answer {
  const counted = results.map((r) => r.rows[0]).find((row) => row && ('count' in row || 'found' in row));
  return { rows: results[results.length - 1].rows, total: String(counted?.count ?? counted?.found ?? '') };
}

/** Serialised on every request, as the app serialises its cached page on every answer. */
function send(res: import('node:http').ServerResponse, answer: Answer) {
  res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': answer.total });
  res.end(JSON.stringify(answer.rows));
}

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
/** Sampled every 10 ms: requests waiting for a pooled connection, and connections in use. */
let pool = { samples: 0, waiting: 0, maxWaiting: 0, sampledWhileWaiting: 0, maxUsed: 0 };
function watchPool(knex: import('knex').Knex) {
  const tarn = (knex.client as { pool?: { numPendingAcquires(): number; numUsed(): number } }).pool;
  setInterval(() => {
    if (!tarn) return;
    const waiting = tarn.numPendingAcquires();
    pool.samples++;
    pool.waiting += waiting;
    if (waiting > 0) pool.sampledWhileWaiting++;
    pool.maxWaiting = Math.max(pool.maxWaiting, waiting);
    pool.maxUsed = Math.max(pool.maxUsed, tarn.numUsed());
  }, 10).unref();
}
process.on('SIGUSR2', () => {
  const p = pool;
  const summary = {
    ...loopDelaySummary(loopDelay),
    pool: p.samples ? { share_of_time_with_waiters: +(p.sampledWhileWaiting / p.samples).toFixed(3), mean_waiting: +(p.waiting / p.samples).toFixed(2), max_waiting: p.maxWaiting, max_in_use: p.maxUsed } : null,
  };
  fs.writeFileSync(loopDelayFile(process.pid), JSON.stringify(summary));
  loopDelay.reset();
  pool = { samples: 0, waiting: 0, maxWaiting: 0, sampledWhileWaiting: 0, maxUsed: 0 };
});

// A normal exit when the benchmark ends this process, so --cpu-prof and friends write their files.
process.once('SIGTERM', () => process.exit(0));

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
