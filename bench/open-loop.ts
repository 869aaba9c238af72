/**
 * Load at a fixed offered rate (open loop): request i is sent at start + i / rate whatever
 * happened to the requests before it, each on a connection of its own if need be, and its
 * latency runs from that scheduled instant to the end of its response. A closed-loop tool
 * (autocannon, even with `overallRate`: each connection waits for its answer before the
 * next send) stops offering load while the server stalls, so the requests that would
 * have waited are never sent and a stall hides in the percentiles (coordinated
 * omission); here a stall delays every request scheduled during it, and they count.
 *
 * The requests come from `clients` users (X-Forwarded-For, which the app trusts with its
 * production settings), as a hundred searches a second would: the rate limiter counts each
 * user on a row of its own (one address at that rate would be ten times over its limit,
 * and every request would queue on one counter row).
 *
 * If this process falls behind its schedule (it shares two cores with the server and
 * Postgres), the lateness is in the latencies too, which errs against the server; the
 * result reports the worst send lag so a reader can tell.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';

export interface OpenLoopResult {
  name: string;
  offered_rps: number;
  seconds: number;
  sent: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** The worst delay between a request's scheduled instant and its actual send, ms. */
  max_send_lag: number;
  /** The machine's 1-minute load average at the end of a run, the highest of the runs (other work shares the cores). */
  load_1m: number;
  /** p50 and p99 per label, when the requests were labelled. */
  by_label?: Record<string, { count: number; p50: number; p99: number }>;
}

/** The address of simulated user n (documentation range 198.18.0.0/15, benchmarking). */
export const clientAddress = (n: number) => `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] ?? 0;
const ms = (n: number) => +n.toFixed(1);

/** What one run of the open loop saw, to be summarised alone or with other runs. */
export interface OpenLoopSamples {
  latencies: number[];
  labels: Array<string | undefined>;
  errors: number;
  non2xx: number;
  maxSendLag: number;
  load: number;
}

/** GETs every one of `paths` in order, one every 1000 / rate ms. */
export async function openLoopSamples(baseUrl: string, paths: string[], rate: number, labels?: string[], clients = 200, timeoutMs = 10_000): Promise<OpenLoopSamples> {
  const url = new URL(baseUrl);
  // Unbounded sockets: a request due while the others are still out opens another
  // connection instead of queueing behind them in the client.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const out: OpenLoopSamples = { latencies: [], labels: [], errors: 0, non2xx: 0, maxSendLag: 0, load: 0 };
  const interval = 1000 / rate;

  const send = (path: string, scheduled: number, label: string | undefined, client: number) =>
    new Promise<void>((resolve) => {
      out.maxSendLag = Math.max(out.maxSendLag, performance.now() - scheduled);
      const headers = { 'x-forwarded-for': clientAddress(client) };
      const req = http.get({ host: url.hostname, port: url.port, path, agent, headers, timeout: timeoutMs }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          out.latencies.push(performance.now() - scheduled);
          out.labels.push(label);
          if (res.statusCode! < 200 || res.statusCode! >= 300) out.non2xx++;
          resolve();
        });
        res.on('error', () => {
          out.errors++;
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        out.errors++;
        resolve();
      });
    });

  const inFlight: Array<Promise<void>> = [];
  const start = performance.now() + 50;
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next < paths.length && start + next * interval <= now) {
        inFlight.push(send(paths[next], start + next * interval, labels?.[next], next % clients));
        next++;
      }
      if (next >= paths.length) return done();
      setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
    };
    setTimeout(tick, 50);
  });
  await Promise.all(inFlight);
  agent.destroy();
  out.load = os.loadavg()[0];
  return out;
}

/** One result from runs of the same load (interleaved with a baseline's, say). */
export function summarise(name: string, rate: number, runs: OpenLoopSamples[]): OpenLoopResult {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const labelled = new Map<string, number[]>();
  for (const run of runs) {
    run.labels.forEach((label, i) => {
      if (label === undefined) return;
      const xs = labelled.get(label) ?? [];
      labelled.set(label, xs);
      xs.push(run.latencies[i]);
    });
  }
  const byLabel = Object.fromEntries(
    [...labelled].map(([label, xs]) => {
      xs.sort((a, b) => a - b);
      return [label, { count: xs.length, p50: ms(percentile(xs, 50)), p99: ms(percentile(xs, 99)) }];
    }),
  );
  const sent = runs.reduce((n, r) => n + r.latencies.length + r.errors, 0);
  return {
    name,
    offered_rps: rate,
    seconds: +(sent / rate).toFixed(1),
    sent,
    p50: ms(percentile(latencies, 50)),
    p90: ms(percentile(latencies, 90)),
    p99: ms(percentile(latencies, 99)),
    max: ms(latencies[latencies.length - 1] ?? 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    max_send_lag: ms(Math.max(...runs.map((r) => r.maxSendLag))),
    load_1m: +Math.max(...runs.map((r) => r.load)).toFixed(2),
    ...(labelled.size ? { by_label: byLabel } : {}),
  };
}

/** GETs `paths` in order, one every 1000 / rate ms, for `seconds` (as many as that makes). */
export async function openLoop(name: string, baseUrl: string, paths: string[], rate: number, seconds: number, labels?: string[]): Promise<OpenLoopResult> {
  const count = Math.round(rate * seconds);
  if (paths.length < count) throw new Error(`${name}: ${paths.length} paths for ${count} requests`);
  return summarise(name, rate, [await openLoopSamples(baseUrl, paths.slice(0, count), rate, labels?.slice(0, count))]);
}
