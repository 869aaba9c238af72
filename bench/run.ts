/**
 * npm run bench: every benchmark of DESIGN section 13 that exists, one after the other,
 * then one table from bench/results.json. DATABASE_URL selects the Postgres server
 * (default: a local binaa_bench database).
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

run('npx', ['tsx', 'bench/api.ts']);
run('npx', ['tsx', 'bench/sync.ts']);
run('npx', ['tsx', 'bench/client.ts']);

const all = JSON.parse(fs.readFileSync('bench/results.json', 'utf8'));
const rows: Array<Record<string, string | number>> = [
  { benchmark: 'landing JS before interactive (gzip)', value: `${(all.client.landing_js_gzip_bytes / 1024).toFixed(1)} KB`, baseline: '170 KB budget', ratio: all.client.ratio_to_budget },
];
for (const r of all.api.results) {
  rows.push({ benchmark: r.name, value: `${r.reqPerSec} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`, baseline: '', ratio: '' });
}
rows.push({ benchmark: 'list throughput vs bare pg', value: all.api.verdict.list_throughput_vs_bare_pg, baseline: 'target >= 0.5', ratio: '' });
rows.push({ benchmark: 'search p99', value: `${all.api.verdict.search_p99_ms} ms`, baseline: 'target <= 50 ms', ratio: all.api.verdict.search_p99_vs_bare_pg });
for (const r of [...all.sync.rows, ...(all.client_sync?.rows ?? [])]) rows.push({ benchmark: r.measure, value: `${r.ms} ms`, baseline: r.baseline ? `${r.baseline}: ${r.baseline_ms} ms` : '', ratio: r.ratio });
console.table(rows);
