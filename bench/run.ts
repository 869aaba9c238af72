/**
 * npm run bench: every benchmark, one after the other,
 * then one table from bench/results.json. DATABASE_URL selects the Postgres server
 * (default: a local binaa_bench database). BENCH_ONLY=landing,signed-in,api,sync,client runs some
 * of them (the client build and its size always); the table shows what results.json holds.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { saveResults } from './common';
// @ts-expect-error plain ESM script without types
import { measureLanding } from '../scripts/check-size.mjs';

function run(cmd: string, args: string[]) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

run('npx', ['vite', 'build', '--logLevel', 'warn']);
const landing = measureLanding('dist');
saveResults('client', { landing_js_gzip_bytes: landing.total, budget_bytes: landing.budget, ratio_to_budget: +(landing.total / landing.budget).toFixed(2) });

// Lighthouse first: its simulated phone is timed from what it observes, so it wants the
// machine as quiet as this run leaves it.
const only = process.env.BENCH_ONLY?.split(',');
const want = (name: string) => !only || only.includes(name);
if (want('landing')) run('npx', ['tsx', 'bench/lighthouse-landing.ts']);
if (want('signed-in')) run('npx', ['tsx', 'bench/lighthouse-signed-in.ts']);
if (want('api')) run('npx', ['tsx', 'bench/api.ts']);
if (want('sync')) run('npx', ['tsx', 'bench/sync.ts']);
if (want('client')) run('npx', ['tsx', 'bench/client.ts']);

const all = JSON.parse(fs.readFileSync('bench/results.json', 'utf8'));
const rows: Array<Record<string, string | number>> = [
  { benchmark: 'landing JS before interactive (gzip)', value: `${(all.client.landing_js_gzip_bytes / 1024).toFixed(1)} KB`, baseline: '170 KB budget', ratio: all.client.ratio_to_budget },
];
const lh = all.lighthouse_landing;
if (lh) {
  rows.push({
    benchmark: `landing page, Lighthouse mobile, median of ${lh.runs.length} runs (${lh.runs.map((r: { performance: number }) => r.performance).join(', ')})`,
    value: `performance ${lh.verdict.performance_median}, LCP ${(lh.verdict.lcp_ms / 1000).toFixed(2)} s, TBT ${lh.verdict.tbt_ms} ms, best practices ${lh.verdict.best_practices} (load ${lh.median.load_1m})`,
    baseline: 'target >= 95, LCP <= 2.0 s, BP 100',
    ratio: '',
  });
}
const lhs = all.lighthouse_signed_in;
if (lhs?.runs) {
  for (const [route, scores] of Object.entries(lhs.runs as Record<string, number[]>)) {
    rows.push({ benchmark: `${route} signed in, ${lhs.local_products} local products, Lighthouse mobile, median of (${scores.join(', ')})`, value: `performance ${lhs.scores[route]} (load ${lhs.load_1m})`, baseline: `target >= ${lhs.target}`, ratio: '' });
  }
}
if (all.api) {
  const api = all.api.verdict;
  for (const r of all.api.results) {
    rows.push({ benchmark: r.name, value: `${r.reqPerSec} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`, baseline: '', ratio: '' });
  }
  rows.push({ benchmark: 'list throughput vs bare pg', value: api.list_throughput_vs_bare_pg, baseline: 'target >= 0.5', ratio: '' });
  rows.push({ benchmark: 'search p99 (10 popular terms, cached)', value: `${api.search_p99_ms} ms`, baseline: 'target <= 50 ms', ratio: api.search_p99_vs_bare_pg });
  for (const r of all.api.open_loop ?? []) {
    rows.push({ benchmark: `${r.name} (${r.offered_rps} req/s offered)`, value: `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors + r.non2xx} errors (load ${r.load_1m})`, baseline: '', ratio: '' });
  }
  if (api.search_uncached_open_loop_p99_ms !== undefined) {
    rows.push({ benchmark: 'uncached search p99, open loop', value: `${api.search_uncached_open_loop_p99_ms} ms`, baseline: 'target <= 50 ms; ratio: vs bare pg', ratio: api.search_uncached_open_loop_p99_vs_bare_pg });
    rows.push({ benchmark: 'uncached search saturation, app vs same SQL via bare pg', value: `${api.search_uncached_saturation_rps} req/s`, baseline: `bare pg: ${api.search_uncached_saturation_bare_pg_rps} req/s`, ratio: api.search_uncached_saturation_vs_bare_pg });
  }
}
for (const r of [...(all.sync?.rows ?? []), ...(all.client_sync?.rows ?? [])]) rows.push({ benchmark: r.measure, value: `${r.ms} ms`, baseline: r.baseline ? `${r.baseline}: ${r.baseline_ms} ms` : '', ratio: r.ratio });
console.table(rows);
