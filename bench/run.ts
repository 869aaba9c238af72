/**
 * npm run bench: every benchmark, one after the other,
 * then one table from bench/results.json. DATABASE_URL selects the Postgres server
 * (default: a local binaa_bench database). BENCH_ONLY=landing,signed-in,photos,api,sync,client,spreadsheet,live,rfqs,rfq-screens,receipts,scorecards,e-invoicing,pdf,site-budget,approvals,scale runs some
 * of them (the client build and its size always); the table shows what results.json holds,
 * each row with when and on which commit its section was measured (sections of earlier
 * runs stay until measured again), and every throughput with its failed requests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { failures, saveResults } from './common';
import type { LhSeries } from './photos';
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
if (want('photos')) run('npx', ['tsx', 'bench/photos.ts']);
if (want('api')) run('npx', ['tsx', 'bench/api.ts']);
if (want('sync')) run('npx', ['tsx', 'bench/sync.ts']);
if (want('client')) run('npx', ['tsx', 'bench/client.ts']);
if (want('spreadsheet')) run('npx', ['tsx', 'bench/spreadsheet.ts']);
if (want('live')) run('npx', ['tsx', 'bench/live.ts']);
if (want('rfqs')) run('npx', ['tsx', 'bench/rfqs.ts']);
if (want('rfq-screens')) run('npx', ['tsx', 'bench/rfq-screens.ts']);
if (want('receipts')) run('npx', ['tsx', 'bench/receipts.ts']);
if (want('scorecards')) run('npx', ['tsx', 'bench/scorecards.ts']);
if (want('e-invoicing')) run('npx', ['tsx', 'bench/e-invoicing.ts']);
if (want('pdf')) run('npx', ['tsx', 'bench/pdf.ts']);
if (want('site-budget')) run('npx', ['tsx', 'bench/site-budget.ts']);
if (want('approvals')) run('npx', ['tsx', 'bench/approvals.ts']);
if (want('scale')) run('npx', ['tsx', 'bench/scale.ts']);

const all = JSON.parse(fs.readFileSync('bench/results.json', 'utf8'));
/** Sections this run measured; results.json keeps the others from earlier runs. */
const measuredNow = new Set<unknown>([all.client]);
for (const [name, key] of [['landing', 'lighthouse_landing'], ['signed-in', 'lighthouse_signed_in'], ['photos', 'photos'], ['api', 'api'], ['sync', 'sync'], ['client', 'client_sync'], ['spreadsheet', 'spreadsheet'], ['live', 'live'], ['rfqs', 'rfq_comparison'], ['rfq-screens', 'rfq_screens'], ['receipts', 'receipts'], ['scorecards', 'scorecards'], ['e-invoicing', 'e_invoicing'], ['pdf', 'pdf'], ['site-budget', 'site_budget'], ['approvals', 'approvals'], ['scale', 'scale']] as const) {
  if (want(name)) measuredNow.add(all[key]);
}
/** When and on which commit a section was measured, and whether by an earlier run. */
function measured(section: { at?: string; commit?: string } | undefined): string {
  if (!section?.at) return 'no date, commit unknown';
  const when = `${section.at.slice(0, 16).replace('T', ' ')} UTC @ ${section.commit ?? 'commit unknown'}`;
  return measuredNow.has(section) ? when : `${when} (earlier run)`;
}
const rows: Array<Record<string, string | number>> = [
  { benchmark: 'landing JS before interactive (gzip)', value: `${(all.client.landing_js_gzip_bytes / 1024).toFixed(1)} KB`, baseline: '170 KB budget', ratio: all.client.ratio_to_budget, measured: measured(all.client) },
];
const lh = all.lighthouse_landing;
if (lh) {
  rows.push({
    measured: measured(lh),
    benchmark: `landing page, Lighthouse mobile, median of ${lh.runs.length} runs (${lh.runs.map((r: { performance: number }) => r.performance).join(', ')})`,
    value: `performance ${lh.verdict.performance_median}, LCP ${(lh.verdict.lcp_ms / 1000).toFixed(2)} s, TBT ${lh.verdict.tbt_ms} ms, best practices ${lh.verdict.best_practices} (load ${lh.median.load_1m})`,
    baseline: 'target >= 95, LCP <= 2.0 s, BP 100',
    ratio: '',
  });
}
const lhs = all.lighthouse_signed_in;
if (lhs?.runs) {
  for (const [route, scores] of Object.entries(lhs.runs as Record<string, number[]>)) {
    rows.push({ benchmark: `${route} signed in, ${lhs.local_products} local products, Lighthouse mobile, median of (${scores.join(', ')})`, value: `performance ${lhs.scores[route]} (load ${lhs.load_1m})`, baseline: `target >= ${lhs.target}`, ratio: '', measured: measured(lhs) });
  }
}
const ph = all.photos;
if (ph?.upload) {
  const { cut, baseline } = ph.upload;
  const at = measured(ph);
  rows.push({ benchmark: 'photo upload at 1.6 Mbps / 150 ms, uninterrupted (baseline)', value: `${baseline.upload_ms} ms for ${baseline.downscaled_bytes} B (from ${baseline.original_bytes} B)`, baseline: `bytes/bandwidth ${baseline.ideal_ms} ms`, ratio: +(baseline.upload_ms / baseline.ideal_ms).toFixed(2), measured: at });
  rows.push({ benchmark: 'photo upload cut halfway: bytes sent / downscaled file', value: `${cut.bytes_sent} B`, baseline: `${cut.downscaled_bytes} B, target <= 1.15`, ratio: cut.bytes_ratio, measured: at });
  rows.push({ benchmark: 'photo upload cut halfway: done after the link returns / (missing bytes over bandwidth + baseline overhead)', value: `${cut.after_return_ms} ms`, baseline: `${cut.missing_ideal_ms} + ${cut.baseline_overhead_ms} ms, target <= 1.2`, ratio: cut.time_ratio, measured: at });
  rows.push({ benchmark: 'photo upload cut halfway: done after the link returns / missing bytes over bandwidth alone', value: `${cut.after_return_ms} ms`, baseline: `${cut.missing_ideal_ms} ms`, ratio: cut.time_ratio_bytes_only, measured: at });
}
if (ph?.catalogue) {
  rows.push({ benchmark: `catalogue first page (${ph.catalogue.cards} cards) with cover thumbnails, transferred`, value: `${(ph.catalogue.page_and_thumbnails_bytes / 1024).toFixed(1)} KB`, baseline: 'target <= 250 KB', ratio: +(ph.catalogue.page_and_thumbnails_bytes / ph.catalogue.target_bytes).toFixed(2), measured: measured(ph) });
}
if (ph?.lighthouse_services) {
  const l = ph.lighthouse_services as { benchmark_index: number; calibrated_cpu_slowdown: number; calibrated: LhSeries; preset_4x: LhSeries };
  const row = (label: string, series: LhSeries) =>
    rows.push({ benchmark: `/services with photos, Lighthouse mobile, ${label}, median of (${series.runs.map((r) => r.performance).join(', ')})`, value: `performance ${series.median.performance}, TBT ${series.median.tbt_ms} ms, LCP ${(series.median.lcp_ms / 1000).toFixed(2)} s (load ${series.median.load_1m})`, baseline: `target >= 95; landing page in the same runs: ${series.landing_median.performance}`, ratio: +(series.median.performance / series.landing_median.performance).toFixed(2), measured: measured(ph) });
  row(`CPU slowdown calibrated to this host (${l.calibrated_cpu_slowdown}x)`, l.calibrated);
  row(`the preset's 4x (benchmark index ${l.benchmark_index})`, l.preset_4x);
}
if (all.api) {
  const api = all.api.verdict;
  const at = measured(all.api);
  /** A figure's failed requests (non-2xx answers, no answer); FLAGGED when any, since they are not what was measured. */
  const failed = (r: { errors?: number; non2xx?: number }) => {
    const n = r.errors === undefined || r.non2xx === undefined ? undefined : failures({ errors: r.errors, non2xx: r.non2xx });
    return n === undefined ? 'failed requests not counted' : n ? `FLAGGED: ${r.non2xx} non-2xx, ${r.errors} errors` : '0 non-2xx, 0 errors';
  };
  for (const r of all.api.results) {
    rows.push({ benchmark: r.name, value: `${r.reqPerSec} req/s (2xx), p50 ${r.p50} ms, p99 ${r.p99} ms, ${failed(r)}`, baseline: '', ratio: '', measured: at });
  }
  const compared = api.compared ?? 'app cached vs bare pg uncached (before like-with-like)';
  rows.push({ benchmark: `list throughput vs bare pg (${compared.startsWith('list') ? 'both cached' : compared})`, value: api.list_throughput_vs_bare_pg, baseline: 'target >= 0.5', ratio: '', measured: at });
  rows.push({ benchmark: `search p99 (10 popular terms, ${compared.startsWith('list') ? 'both cached' : compared})`, value: `${api.search_p99_ms} ms`, baseline: 'target <= 50 ms', ratio: api.search_p99_vs_bare_pg, measured: at });
  for (const r of all.api.open_loop ?? []) {
    rows.push({ benchmark: `${r.name} (${r.offered_rps} req/s offered)`, value: `p50 ${r.p50} ms, p99 ${r.p99} ms, ${failed(r)} (load ${r.load_1m})`, baseline: '', ratio: '', measured: at });
  }
  if (api.search_uncached_open_loop_p99_ms !== undefined) {
    rows.push({ benchmark: 'uncached search p99, open loop (both uncached)', value: `${api.search_uncached_open_loop_p99_ms} ms`, baseline: 'target <= 50 ms; ratio: vs bare pg', ratio: api.search_uncached_open_loop_p99_vs_bare_pg, measured: at });
    rows.push({ benchmark: 'uncached search saturation, app vs same SQL via bare pg (both uncached)', value: `${api.search_uncached_saturation_rps} req/s`, baseline: `bare pg: ${api.search_uncached_saturation_bare_pg_rps} req/s`, ratio: api.search_uncached_saturation_vs_bare_pg, measured: at });
  }
}
for (const section of [all.sync, all.client_sync, all.rfq_screens, all.approvals]) {
  for (const r of section?.rows ?? []) rows.push({ benchmark: r.measure, value: `${r.ms} ms`, baseline: r.baseline ? `${r.baseline}: ${r.baseline_ms} ms` : '', ratio: r.ratio, measured: measured(section) });
}
for (const r of all.spreadsheet?.rows ?? []) {
  rows.push({ benchmark: r.measure, value: `${r.ms} ms`, baseline: `goal ${r.goal_ms} ms`, ratio: r.ratio, measured: measured(all.spreadsheet) });
}
const rfq = all.rfq_comparison;
if (rfq) {
  rows.push({ benchmark: `RFQ comparison, ${rfq.lines} lines x ${rfq.quotes} quotes, p95 of ${rfq.requests_each} requests`, value: `${rfq.app_p95_ms} ms`, baseline: `one SQL via bare pg: ${rfq.baseline_p95_ms} ms, target ratio <= ${rfq.target_ratio}`, ratio: rfq.ratio, measured: measured(rfq) });
}
const rc = all.receipts;
if (rc) {
  rows.push({ benchmark: `goods receipt of ${rc.receipt_lines} lines through the sync push, p95 of ${rc.receipts_each}`, value: `${rc.receipt_push_p95_ms} ms`, baseline: `one bare pg transaction: ${rc.receipt_bare_p95_ms} ms, target ratio <= ${rc.receipt_target_ratio}`, ratio: rc.receipt_ratio, measured: measured(rc) });
  rows.push({ benchmark: `match of a ${rc.invoice_lines}-line invoice, p95 of ${rc.matches_each} requests`, value: `${rc.match_p95_ms} ms`, baseline: `one SQL via bare pg: ${rc.match_bare_p95_ms} ms, target ratio <= ${rc.match_target_ratio}`, ratio: rc.match_ratio, measured: measured(rc) });
}
const scc = all.scorecards;
if (scc) {
  rows.push({ benchmark: `RFQ comparison, ${scc.lines} lines x ${scc.quotes} quotes, suppliers with ${scc.deals_per_supplier} deals and a scorecard each, p95 of ${scc.requests_each} requests`, value: `${scc.with_p95_ms} ms (median ${scc.with_median_ms})`, baseline: `suppliers without deals or scorecards: ${scc.without_p95_ms} ms (median ${scc.without_median_ms}), target ratio <= ${scc.target_ratio}`, ratio: scc.ratio, measured: measured(scc) });
}
const sb = all.site_budget;
if (sb) {
  rows.push({ benchmark: `site budget, ${sb.budget_lines} budget lines x ${sb.order_lines} order lines, p95 of ${sb.requests_each} requests`, value: `${sb.app_p95_ms} ms`, baseline: `one SQL via bare pg: ${sb.baseline_p95_ms} ms, target ratio <= ${sb.target_ratio}`, ratio: sb.ratio, measured: measured(sb) });
}
const einv = all.e_invoicing;
if (einv) {
  rows.push({ benchmark: `issue a ${einv.lines}-line ZATCA invoice (document, hash, XAdES, QR), p95 of ${einv.invoices_each}`, value: `${einv.issue_p95_ms} ms (median ${einv.issue_median_ms})`, baseline: `secp256k1 signature + XML serialisation: ${einv.baseline_p95_ms} ms, target ratio <= ${einv.target_ratio}`, ratio: einv.ratio, measured: measured(einv) });
  rows.push({ benchmark: `${einv.chain_invoices} invoices of one seller in a row: PIH and ICV chain`, value: einv.chain_unbroken ? 'unbroken' : 'BROKEN', baseline: '', ratio: '', measured: measured(einv) });
}
const pdf = all.pdf;
if (pdf?.idle) {
  for (const name of ['six_long_lines', 'five_hundred_lines'] as const) {
    const r = pdf[name];
    rows.push({ benchmark: `GET /api/health while a PDF of ${name.replace(/_/g, ' ')} renders: p99 (max), 503s`, value: `${r.health.p99_ms} ms (${r.health.max_ms}), ${r.health.not_ok}`, baseline: `nothing rendering: ${pdf.idle.p99_ms} ms (${pdf.idle.max_ms})`, ratio: +(r.health.p99_ms / pdf.idle.p99_ms).toFixed(2), measured: measured(pdf) });
  }
}
const sc = all.scale;
if (sc?.one_process) {
  const passOf = (c: string) => (sc.checks.find((x: { check: string; pass: boolean }) => x.check === c)?.pass ? 'PASS' : 'FAIL');
  rows.push({ benchmark: `${sc.users} soak users through HAProxy: three app processes vs one (by turns)`, value: `${sc.three_processes.ok_per_s} ok/s, p99 ${sc.three_processes.p99_ms} ms`, baseline: `one process: ${sc.one_process.ok_per_s} ok/s, p99 ${sc.one_process.p99_ms} ms`, ratio: +(sc.three_processes.ok_per_s / sc.one_process.ok_per_s).toFixed(2), measured: measured(sc) });
  rows.push({ benchmark: 'one app process SIGKILLed under load: last failure after the kill; back in rotation', value: `${sc.kill.recovery_ms} ms; ${sc.kill.in_rotation_after_ms} ms`, baseline: `${sc.exactly_once.lost} lost, ${sc.exactly_once.duplicates} doubled of ${sc.exactly_once.acked_applied}`, ratio: '', measured: measured(sc) });
  rows.push({ benchmark: 'replica stopped under load; live across processes; rate limit across processes', value: `${passOf('replica stopped: reads fall back to the primary')} (${sc.replica.window.failed} failed); ${sc.live.arrived}/${sc.live.rounds}; ${sc.rate_limit.answered_before_refusal} of budget ${sc.rate_limit.budget}`, baseline: `verdict ${sc.verdict.pass ? 'PASS' : 'FAIL'}`, ratio: '', measured: measured(sc) });
}
console.table(rows);
