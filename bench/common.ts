/**
 * Shared pieces of the benchmarks: a Postgres schema of their own, a server on a free
 * port, autocannon runs, and the results file.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import autocannon from 'autocannon';
import { clientAddress } from './open-loop';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/index';
import { migrateLatest } from '../server/db/migrate';
import { loadConfig, type Config } from '../server/config';
import { createApp } from '../server/app';
import { closeRedis } from '../server/http/redis';
import type { ReadReplica } from '../server/db/replica';
import { createLoginCode, loginCookieName } from '../server/auth/login-codes';

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/binaa_bench';

/** Makes sure the benchmark database exists (local default only). */
async function ensureDatabase(url = DATABASE_URL): Promise<void> {
  const target = new URL(url);
  const dbName = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [dbName]);
    if (!rowCount) await client.query(`create database "${dbName.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/** A fresh schema with every migration, in the benchmark database (or the one at `url`). */
export async function freshSchema(schema: string, poolMax = 20, url = DATABASE_URL): Promise<Database> {
  await ensureDatabase(url);
  const setup = await openDatabase({ url });
  await setup.knex.raw('drop schema if exists ?? cascade', [schema]);
  await setup.knex.raw('create extension if not exists pg_trgm schema public');
  await setup.knex.raw('create extension if not exists unaccent schema public');
  await setup.close();
  const db = await openDatabase({ url, schema, poolMax });
  await migrateLatest(db.knex, schema);
  return db;
}

/**
 * A port free on every interface at the moment of asking, for a process started next (a
 * server, Chromium's debugging port, a Postgres cluster) that must be told its port. Free
 * on every interface, it is free on loopback too.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

export async function listen(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Production refuses to start without the card gateway's keys; the benchmarks pay for nothing. */
const BENCH_MOYASAR = { MOYASAR_PUBLISHABLE_KEY: 'pk_test_bench', MOYASAR_SECRET_KEY: 'sk_test_bench', MOYASAR_WEBHOOK_SECRET: 'bench-webhook-secret' };
/** Nor without the commercial register's API; the benchmarks verify no company. */
const BENCH_WATHQ = { WATHQ_API_URL: 'https://api.wathq.sa/v4', WATHQ_API_KEY: 'bench-wathq-key' };

/**
 * REDIS_URL set: the app's rate limits count in that Redis, as several app processes'
 * would, under keys of this process alone unless REDIS_KEY_PREFIX names the keys several
 * share (bench/scale.ts).
 */
const redisEnv = (): Record<string, string> => (process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX ?? `bench-${process.pid}:` } : {});

/** What the environment sets of the app's object store (S3_*) and metrics token, as the app's own configuration reads them. */
const passedEnv = (): Record<string, string> =>
  Object.fromEntries(['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'METRICS_TOKEN'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));

/**
 * The app on a port of its own; `distDir`: another build of the client (default
 * BENCH_DIST, else ./dist). `opts`: a port to listen on (a load balancer's backend),
 * the public origin its clients come from (the load balancer's), and a read replica.
 */
export async function startApp(
  db: Database,
  distDir?: string,
  opts: { port?: number; publicUrl?: string; replica?: ReadReplica } = {},
): Promise<{ url: string; config: Config; close(): Promise<void> }> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const publicUrl = opts.publicUrl ?? url;
  const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: publicUrl.replace('http:', 'https:'), SESSION_SECRET: 'b'.repeat(40), GOOGLE_CLIENT_ID: 'bench', GOOGLE_CLIENT_SECRET: 'bench', LOG_LEVEL: 'silent', EINVOICING_KEY: Buffer.alloc(32, 2).toString('base64'), ZATCA_API_URL: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation', ...BENCH_MOYASAR, ...BENCH_WATHQ, PLATFORM_SELLER_EMAIL: 'platform@bench.binaa.sa', ...redisEnv(), ...passedEnv() });
  // Production settings (no request logs), but plain http on loopback and no rate limits.
  Object.assign(config, { https: false, publicUrl });
  config.limits.perUserPerMinute = 1e9;
  // BENCH_LOG_LEVEL: the app's log (to stderr), silent unless asked; the soak asks for errors.
  const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' }, pino.destination(2));
  // BENCH_DIST: the build to serve when the caller names none (default ./dist).
  const app = createApp({ knex: db.knex, replica: opts.replica, dbKind: db.kind, config, logger, distDir: distDir ?? process.env.BENCH_DIST });
  server.on('request', app.callback());
  return {
    url,
    config,
    close: async () => {
      await new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      });
      // A page's live stream started the hub's listener: its own connection, outside the pool.
      await app.context.deps.live?.close();
      await app.context.deps.push?.stop();
      // The rate limits' Redis connection (REDIS_URL), which would keep the process alive.
      await closeRedis();
      await opts.replica?.close();
    },
  };
}

export interface LoadResult {
  name: string;
  /** 2xx answers a second: a fast error answer must not raise it */
  reqPerSec: number;
  p50: number;
  p99: number;
  /** no answer: connection errors and timeouts */
  errors: number;
  /** answers that were not 2xx */
  non2xx: number;
}

/** How many requests of a run failed (no answer, or not 2xx): a figure with any is not a clean measure. */
export const failures = (r: Pick<LoadResult, 'errors' | 'non2xx'>) => r.errors + r.non2xx;

/**
 * Closed loop (autocannon): `connections` connections, each sending its next request as
 * soon as the last one is answered, each a user of its own (X-Forwarded-For, see
 * open-loop.ts). Every connection walks the same list from its start, unless `pathsOf`
 * gives each connection its own (autocannon's connections start together, so on one
 * shared list they ask for the same path at about the same moment, and a cache answers
 * all but the first).
 */
export async function load(
  name: string,
  url: string,
  paths: string[],
  seconds: number,
  connections = 50,
  pathsOf?: (connection: number) => string[],
): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
    setupClient: (client: autocannon.Client) => {
      const n = next++;
      const headers = { 'x-forwarded-for': clientAddress(n) };
      client.setRequests((pathsOf ? pathsOf(n) : paths).map((p) => ({ method: 'GET', path: p, headers })));
    },
  });
  // autocannon's requests.average counts every answer, errors included; only 2xx count here.
  return {
    name,
    reqPerSec: Math.round(result['2xx'] / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Where a bench server writes its event-loop delay on SIGUSR2. */
export const loopDelayFile = (pid: number) => path.join(os.tmpdir(), `binaa-bench-loop-delay-${pid}.json`);

/**
 * Event-loop delay in ms of a monitorEventLoopDelay({resolution: 10}) histogram: how much
 * later than its 10 ms a timer fired (the histogram holds the whole interval).
 */
export function loopDelaySummary(h: import('node:perf_hooks').IntervalHistogram) {
  const ms = (ns: number) => +Math.max(0, ns / 1e6 - 10).toFixed(1);
  return { p50_ms: ms(h.percentile(50)), p99_ms: ms(h.percentile(99)), max_ms: ms(h.max) };
}

const RESULTS = path.resolve('bench/results.json');

/**
 * The commit the code under measure comes from: the short hash, with "-dirty" when
 * tracked files differ from it (the figures are then of code no commit holds).
 */
function codeVersion(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}

/** Writes one section of results.json, stamped with when it was measured and on which commit. */
export function saveResults(section: string, data: unknown): void {
  const all = fs.existsSync(RESULTS) ? JSON.parse(fs.readFileSync(RESULTS, 'utf8')) : {};
  all[section] = { at: new Date().toISOString(), commit: codeVersion(), ...(data as object) };
  fs.writeFileSync(RESULTS, JSON.stringify(all, null, 2));
}

export function table(rows: Array<Record<string, string | number>>): void {
  console.table(rows);
}

/**
 * Starts bench/servers.ts in a child process and waits for its URL. `databaseUrl` points
 * it at another Postgres than the benchmark default; `stderr` takes its error output (a
 * file descriptor) instead of this terminal; `env`: more of its environment.
 */
export async function spawnServer(
  args: string[],
  opts: { databaseUrl?: string; stderr?: number; nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<{ url: string; close(): void; child: import('node:child_process').ChildProcess }> {
  const { spawn } = await import('node:child_process');
  // BENCH_SERVER_NODE_ARGS: node flags for the server alone, e.g. --cpu-prof --cpu-prof-dir=/tmp/prof
  const nodeArgs = opts.nodeArgs ?? (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/servers.ts', ...args], {
    stdio: ['ignore', 'pipe', opts.stderr ?? 'inherit'],
    env: { ...process.env, ...opts.env, DATABASE_URL: opts.databaseUrl ?? DATABASE_URL },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.once('exit', (code) => reject(new Error(`server ${args[0]} exited with ${code}`)));
  });
  return { url, close: () => child.kill(), child };
}

/**
 * Lighthouse's CPU slowdown for a host of the given benchmark index (Lighthouse measures it
 * at the start of every run and reports it as environment.benchmarkIndex). The mobile
 * preset's fixed 4x turns a high-end desktop (index about 1,500) into the mid-tier phone it
 * stands for; on a slower host the same 4x stands for a slower phone, and Lighthouse then
 * warns that the host is slower than it expects (index under 1,000) and says to calibrate.
 * This is the curve of Lighthouse's CPU throttling calculator: 800 -> 2x, 1,300 -> 3x,
 * 1,533 -> 4x, 2,000 -> 6x, linear between, 1x at 150 and below. Above 2,000 (past the
 * calculator's table) the same line goes on: a host of index 3,500 gets about 12x, a
 * low-end phone (index near 300) rather than the mid-tier one the preset's 4x makes of a
 * high-end desktop; read that series as a floor, the preset's as Lighthouse's score.
 */
export function lighthouseCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 150) return 1;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}

/**
 * GETs one at a time over one kept-alive connection, without compression, as the
 * comparison benches ask both the app and their bare baseline: `timed` answers each
 * request's milliseconds and fails on any answer but 200. `close` ends the connection.
 */
export function oneAtATime() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (base: string, path: string, cookie?: string): Promise<{ status: number; body: string }> =>
    new Promise((resolve, reject) => {
      const req = http.get(new URL(path, base), { agent, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
    });
  const timed = async (base: string, path: string, n: number, cookie?: string): Promise<number[]> => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await get(base, path, cookie);
      out.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body.slice(0, 200)}`);
    }
    return out;
  };
  return { get, timed, close: () => agent.destroy() };
}

/** The 95th percentile of some milliseconds, and a figure to two decimals, as the comparison benches report them. */
export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The session cookie of `userId` on the app at `url`, signed in by a login code as a browser is. */
export async function signInCookie(url: string, knex: import('knex').Knex, userId: string): Promise<string> {
  const { code, browserKey } = await createLoginCode(knex, userId);
  const signIn = await fetch(`${url}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${loginCookieName(false)}=${browserKey}`, origin: url },
    body: JSON.stringify({ code }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in ${signIn.status}`);
  return signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
