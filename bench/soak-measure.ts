/**
 * What the soak measures beside latency: CPU time of the app, its Postgres, the load
 * generator and the whole machine (other work shares its two cores), event-loop delay
 * and pool waits in the app (bench/servers.ts reports them on SIGUSR2), a /api/health
 * probe, and the latency table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loopDelayFile, loopDelaySummary } from './common';
import type { Cluster } from './pg-cluster';
import { HttpClient, type Sample } from './soak-users';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((s.length * p) / 100) - 1)];
};
export const r1 = (n: number) => +n.toFixed(1);
export const r2 = (n: number) => +n.toFixed(2);

/** Busy CPU time (s) of a process, or of the machine, from /proc; null where there is none. */
function cpuSeconds(pid?: number): number | null {
  try {
    if (pid === undefined) {
      const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      return (f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) / 100; // user nice system irq softirq steal
    }
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/** The soak cluster's processes: the postmaster and its children. */
function postgresCpu(cluster: Cluster | undefined): number | null {
  if (!cluster) return null;
  try {
    const postmaster = Number(fs.readFileSync(path.join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    // Its own time and that of the backends it has reaped (cutime, cstime), plus the live ones'.
    const own = fs.readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1].split(' ');
    let total = (Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) / 100;
    for (const p of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(p)) continue;
      try {
        const f = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
        if (Number(f[1]) === postmaster) total += (Number(f[11]) + Number(f[12])) / 100;
      } catch {
        // gone meanwhile
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** Whole-machine busy cores every 500 ms, to split a phase's requests by it. */
export function machineSampler() {
  const points: Array<{ t: number; busy: number | null }> = [];
  let last = { t: performance.now(), cpu: cpuSeconds() };
  const timer = setInterval(() => {
    const now = { t: performance.now(), cpu: cpuSeconds() };
    points.push({ t: now.t, busy: now.cpu === null || last.cpu === null ? null : (now.cpu - last.cpu) / ((now.t - last.t) / 1000) });
    last = now;
  }, 500);
  return {
    stop: () => clearInterval(timer),
    /** samples that started in windows below `saturated` busy cores, and at or above it */
    split(samples: Sample[], saturated: number) {
      const busyAt = (t: number) => points.find((p) => p.t >= t)?.busy ?? null;
      const windows = (pred: (b: number) => boolean) => points.filter((p) => p.busy !== null && pred(p.busy)).length / 2;
      const below = (b: number) => b < saturated;
      return [
        { name: `below ${saturated} of ${os.cpus().length} cores busy`, seconds: windows(below), samples: samples.filter((s) => { const b = busyAt(s.start); return b !== null && below(b); }) },
        { name: `${saturated} or more cores busy`, seconds: windows((b) => !below(b)), samples: samples.filter((s) => { const b = busyAt(s.start); return b !== null && !below(b); }) },
      ];
    },
  };
}

const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
generatorLoop.enable();

/** The app's event-loop delay since the last call (see bench/servers.ts). */
async function appLoopDelay(pid: number | undefined): Promise<(ReturnType<typeof loopDelaySummary> & { pool?: unknown }) | null> {
  if (!pid) return null;
  const file = loopDelayFile(pid);
  fs.rmSync(file, { force: true });
  try {
    process.kill(pid, 'SIGUSR2');
  } catch {
    return null; // gone
  }
  for (let i = 0; i < 50 && !fs.existsSync(file); i++) await sleep(20);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Starts measuring a phase: CPU time of the app, the soak's Postgres, this load generator
 * and the whole machine (other work on it competes for the same two cores), and how late
 * the app's and the generator's event loops ran. The returned function ends the phase.
 */
export async function phaseMeter(appPid: number | undefined, cluster: Cluster | undefined) {
  await appLoopDelay(appPid);
  generatorLoop.reset();
  const read = () => ({ t: Date.now(), app: cpuSeconds(appPid), pg: postgresCpu(cluster), gen: process.cpuUsage(), machine: cpuSeconds() });
  const a = read();
  return async () => {
    const b = read();
    const appLoop = await appLoopDelay(appPid);
    const genLoop = loopDelaySummary(generatorLoop);
    const wall = (b.t - a.t) / 1000;
    const share = (x: number | null, y: number | null) => (x === null || y === null ? null : r2((y - x) / wall));
    const spent = (x: number | null, y: number | null) => (x === null || y === null ? null : y - x);
    return {
      app_cpu_s: spent(a.app, b.app),
      postgres_cpu_s: spent(a.pg, b.pg),
      app_cores: share(a.app, b.app),
      postgres_cores: share(a.pg, b.pg),
      load_generator_cores: r2((b.gen.user + b.gen.system - a.gen.user - a.gen.system) / 1e6 / wall),
      machine_cores_busy: share(a.machine, b.machine),
      app_event_loop_delay: appLoop,
      load_generator_event_loop_delay: genLoop,
    };
  };
}

/** GET /api/health every 100 ms on a connection of its own, until stopped. */
export function healthProbe(url: string, timeoutMs: number) {
  const http = new HttpClient(url, timeoutMs);
  const samples: Sample[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      const start = performance.now();
      const a = await http.request('GET', '/api/health');
      samples.push({ kind: 'health', start, end: performance.now(), status: a.status, outcome: a.outcome, code: a.body?.code });
      await sleep(100);
    }
  })();
  return {
    samples,
    stop: async () => {
      on = false;
      await loop;
      http.close();
    },
  };
}

/** p50, p99 and max per kind and for all, each beside the baseline's when given. */
export function latencyRows(samples: Sample[], seconds: number, baseline?: { p50: number; p99: number }) {
  const kinds = [...new Set(samples.map((s) => s.kind))];
  const row = (name: string, xs: Sample[]) => {
    const ms = xs.map((s) => s.end - s.start);
    const p50 = pct(ms, 50);
    const p99 = pct(ms, 99);
    return {
      kind: name,
      requests: xs.length,
      per_s: r1(xs.length / seconds),
      errors: xs.filter((s) => s.outcome !== 'ok').length,
      p50_ms: r1(p50),
      p99_ms: r1(p99),
      max_ms: r1(Math.max(...ms)),
      ...(baseline ? { p50_x_baseline: r2(p50 / baseline.p50), p99_x_baseline: r2(p99 / baseline.p99) } : {}),
    };
  };
  return [...kinds.map((k) => row(k, samples.filter((s) => s.kind === k))), row('all', samples)];
}

export const countBy = <T extends string>(xs: T[]) => xs.reduce<Record<string, number>>((acc, x) => ((acc[x] = (acc[x] ?? 0) + 1), acc), {});
