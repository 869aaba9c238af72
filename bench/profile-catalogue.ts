/**
 * npm run bench:profile-catalogue (Postgres; DATABASE_URL as for bench:api; BENCH_PRODUCTS,
 * default 100,000; BENCH_SECONDS per load, default 10; REDIS_URL as for the app): where the
 * app's own time goes on a guest's cached catalogue read.
 *
 * The bench's app server (bench/servers.ts app) runs under V8's sampling profiler
 * (--cpu-prof) while autocannon sends bench:api's cached loads, one after the other: the
 * list's three pages, then the ten popular searches, 50 connections, no cookie, each
 * connection from an address of its own. Each load is warmed for a second first, and only
 * the samples taken during the load itself are counted: the profile's clock and this
 * process's are the same monotonic clock, so the window is known to the microsecond.
 *
 * For each load it prints the requests a second, the app's CPU a request as the kernel
 * counted it (/proc, user + system, profiler included), the profile's non-idle time a
 * request, the top frames by self time, and the inclusive time of each package and of
 * each of the server's own files (a frame counted once per sample however deep it
 * recurs). The .cpuprofile files are kept (their folder is printed) for a flame graph in
 * Chrome's DevTools or speedscope.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshSchema, load, spawnServer, table } from './common';
import { SEARCHES, seed } from './catalogue-seed';
import { analyse, nowUs, readProfile } from './cpu-profile';

const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_profile';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const CLOCK_TICKS = 100; // USER_HZ on Linux
/** The process's CPU time so far, user and system, in ms (/proc/<pid>/stat fields 14 and 15). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

async function profileLoad(name: string, paths: string[], url: string, pid: number) {
  await load(`${name} (warm-up)`, url, paths, 1, CONNECTIONS);
  const cpuBefore = cpuMs(pid);
  const from = nowUs();
  const result = await load(name, url, paths, SECONDS, CONNECTIONS);
  const to = nowUs();
  const cpu = cpuMs(pid) - cpuBefore;
  const requests = Math.round((result.reqPerSec * (to - from)) / 1e6);
  return { result, from, to, requests, cpuMsPerRequest: +(cpu / requests).toFixed(3) };
}

async function main() {
  const db = await freshSchema(SCHEMA, 20);
  console.log(`seeding ${PRODUCTS} products into ${SCHEMA}...`);
  await seed(db.knex, PRODUCTS);
  const listPaths = ['/api/products?limit=20', '/api/products?limit=20&offset=20', '/api/products?limit=20&offset=100'];
  const searchPaths = SEARCHES.map((term) => `/api/products?limit=20&search=${encodeURIComponent(term)}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-profile-'));

  const report: Array<Record<string, string | number>> = [];
  for (const [what, paths] of [
    ['list, cached', listPaths],
    ['popular search, cached', searchPaths],
  ] as const) {
    const profileDir = path.join(dir, what.split(',')[0].replace(/ /g, '-'));
    const app = await spawnServer(['app', SCHEMA], { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] });
    const measured = await profileLoad(what, [...paths], app.url, app.child.pid!);
    await new Promise<void>((resolve) => {
      app.child.once('exit', () => resolve());
      app.close();
    });
    const { file, profile } = readProfile(profileDir);
    if (profile.endTime < measured.to || profile.startTime > measured.from) throw new Error(`the profile (${profile.startTime}..${profile.endTime} µs) does not cover the load (${measured.from}..${measured.to} µs): not the same clock`);
    const found = analyse(profile, measured.from, measured.to, measured.requests);
    console.log(`\n${what}: ${measured.result.reqPerSec} req/s, p99 ${measured.result.p99} ms, ${measured.result.errors + measured.result.non2xx} failed; app CPU ${measured.cpuMsPerRequest} ms a request (/proc), profile ${found.busyUsPerRequest} µs a request; ${file}`);
    console.log('self time, top frames:');
    table(found.self);
    console.log('inclusive, by package and file:');
    table(found.inclusive);
    report.push({ load: what, req_per_s: measured.result.reqPerSec, p99_ms: measured.result.p99, failed: measured.result.errors + measured.result.non2xx, app_cpu_ms_a_request: measured.cpuMsPerRequest, profile_us_a_request: found.busyUsPerRequest });
  }
  table(report);
  console.log(`profiles kept in ${dir}`);
  await db.knex.raw('drop schema if exists ?? cascade', [SCHEMA]);
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
