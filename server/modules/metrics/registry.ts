/**
 * What GET /metrics tells an operator, one Metrics per app (createApp makes it, as it makes
 * the live hub), so a test process's many apps never count into each other; Node's default
 * metrics describe the process, so they are one registry per process, merged in at each
 * scrape. The hooks below are what other code calls: a request (http.ts), the sync push and
 * pull (sync/routes.ts), a rate limit's refusal (http/rate-limit.ts), an upkeep task's run
 * (server/lifecycle/upkeep.ts). Gauges that describe the database (queues) or an object of
 * the app (live streams, the pool) are read at scrape time, never kept up to date by hand.
 *
 * Labels are bounded sets chosen by the server: a route's template (never the URL, which
 * carries ids), a status, a mutation name the server knows, an error code, a limit's name.
 * Nothing a client sends verbatim, and never a cookie, token, key or a person's data.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Knex } from 'knex';
import { collectQueues } from './queues';

/** The namespace of every metric of this app (Node's defaults keep their standard names). */
const PREFIX = 'binaa_';

/** Request latency buckets, in seconds: API answers are tens of milliseconds, exports and PDFs seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Changes per pull: an idle device pulls none, a first sync pages of PULL_MAX. */
const PULL_CHANGE_BUCKETS = [0, 1, 10, 50, 100, 250, 500, 1000];

let processRegistry: Registry | undefined;

/** Node's defaults (CPU, memory, event loop lag, GC, handles), collected once per process. */
function defaultsOfProcess(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What the scrape reads from the app's objects (each optional: a test app may lack one). */
export interface MetricSources {
  knex: Knex;
  /** open live streams of this process */
  liveStreams?: () => number;
  /** 1 while the process drains for shutdown */
  draining?: () => boolean;
  /** the read replica, when there is one */
  replica?: () => { lagSeconds: number; fallingBack: boolean } | undefined;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request arriving to its answer sent, by method and route template (event streams left out: they last as long as the device stays)',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly mutations = new Counter({
    name: `${PREFIX}sync_mutations_total`,
    help: 'Queued offline mutations the sync push answered, by mutation name and outcome (applied or rejected)',
    labelNames: ['mutation', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly rejections = new Counter({
    name: `${PREFIX}sync_rejections_total`,
    help: 'Mutations the sync push rejected, by error code',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  private readonly pulls = new Counter({
    name: `${PREFIX}sync_pulls_total`,
    help: 'Sync pulls answered: caught_up (the last page), behind (more pages wait: the device lags the feed) or reset (its cursor was older than the log keeps)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly pullChanges = new Histogram({
    name: `${PREFIX}sync_pull_changes`,
    help: 'Changes sent per sync pull page',
    buckets: PULL_CHANGE_BUCKETS,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: `${PREFIX}rate_limit_refusals_total`,
    help: 'Requests refused with 429 by a rate limit, by the limit',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  private readonly upkeepRuns = new Counter({
    name: `${PREFIX}upkeep_runs_total`,
    help: 'Runs of the periodic upkeep tasks (sweeps, reminders, expiries), by task and outcome (ok or failed)',
    labelNames: ['task', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly upkeepLastOk = new Gauge({
    name: `${PREFIX}upkeep_last_success_timestamp_seconds`,
    help: 'When each upkeep task last finished without an error (Unix time)',
    labelNames: ['task'] as const,
    registers: [this.registry],
  });

  private readonly reads = new Counter({
    name: `${PREFIX}db_reads_total`,
    help: 'Reads of the routes the replica may serve (guests\' catalogue, open data), by the database that served them: replica, or primary (a signed-in reader, no replica, or falling back)',
    labelNames: ['target'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    const { knex } = sources;
    new Gauge({
      name: `${PREFIX}db_replica_lag_seconds`,
      help: "How far the read replica's replay was behind at its last check, in seconds (0 without a replica)",
      registers: [this.registry],
      collect() {
        this.set(sources.replica?.()?.lagSeconds ?? 0);
      },
    });
    new Gauge({
      name: `${PREFIX}db_replica_fallback`,
      help: '1 while reads the replica would serve go to the primary (the replica lags past its bound or does not answer), else 0 (also without a replica)',
      registers: [this.registry],
      collect() {
        this.set(sources.replica?.()?.fallingBack ? 1 : 0);
      },
    });
    new Gauge({
      name: `${PREFIX}live_streams_open`,
      help: 'Live update streams (GET /api/live) open on this process',
      registers: [this.registry],
      collect() {
        this.set(sources.liveStreams?.() ?? 0);
      },
    });
    new Gauge({
      name: `${PREFIX}draining`,
      help: '1 while the process drains for shutdown (GET /api/health/ready answers 503), else 0',
      registers: [this.registry],
      collect() {
        this.set(sources.draining?.() ? 1 : 0);
      },
    });
    // knex's pool (tarn): Postgres connections, or PGlite's one.
    const pool = () => (knex.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number; max: number } }).pool;
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'Database pool connections by state: used (lent to a query), free, or pending (requests waiting for one)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const p = pool();
        this.set({ state: 'used' }, p?.numUsed() ?? 0);
        this.set({ state: 'free' }, p?.numFree() ?? 0);
        this.set({ state: 'pending' }, p?.numPendingAcquires() ?? 0);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_max_connections`,
      help: 'The most connections the database pool opens',
      registers: [this.registry],
      collect() {
        this.set(pool()?.max ?? 0);
      },
    });
    this.queueDepth = new Gauge({
      name: `${PREFIX}queue_depth`,
      help: 'Items waiting in each queue of the database (push: messages to send; zatca_clearance: documents waiting for ZATCA; zatca_sellers_backing_off: sellers whose chain ZATCA did not answer, waiting to be tried again; data_export: data exports of people not ready yet)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
    });
    this.queueAge = new Gauge({
      name: `${PREFIX}queue_oldest_age_seconds`,
      help: 'Age of the oldest item waiting in each queue that has one (0 when empty)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
    });
    this.knex = knex;
  }

  private readonly knex: Knex;
  private readonly queueDepth: Gauge<'queue'>;
  private readonly queueAge: Gauge<'queue'>;

  /** One answered request (http.ts): `seconds` undefined for an event stream, counted but not timed. */
  request(method: string, route: string, status: number, seconds?: number): void {
    this.requests.inc({ method, route, status: String(status) });
    if (seconds !== undefined) this.latency.observe({ method, route }, seconds);
  }

  /** A push's answers: each mutation's outcome by its name (names the server does not know count as `unknown`), each rejection by its code. */
  pushed(mutations: Array<{ id: number; name: string }>, results: Array<{ id: number; status: string; code?: string }>, known: (name: string) => boolean): void {
    const nameOf = new Map(mutations.map((m) => [m.id, known(m.name) ? m.name : 'unknown']));
    for (const r of results) {
      this.mutations.inc({ mutation: nameOf.get(r.id) ?? 'unknown', outcome: r.status });
      if (r.status === 'rejected') this.rejections.inc({ code: r.code ?? 'unknown' });
    }
  }

  /** A pull's answer: a page (its size, whether more waits) or a reset. */
  pulled(answer: { reset: true } | { changes: unknown[]; has_more: boolean }): void {
    if ('reset' in answer) {
      this.pulls.inc({ outcome: 'reset' });
      return;
    }
    this.pulls.inc({ outcome: answer.has_more ? 'behind' : 'caught_up' });
    this.pullChanges.observe(answer.changes.length);
  }

  /** A request refused by the limit named `limit`. */
  rateLimited(limit: string): void {
    this.refusals.inc({ limit });
  }

  /** A replica-routed read (http/reads.ts), by the database chosen to serve it. */
  readServed(target: 'replica' | 'primary'): void {
    this.reads.inc({ target });
  }

  /** One run of an upkeep task. */
  upkeepRan(task: string, ok: boolean): void {
    this.upkeepRuns.inc({ task, outcome: ok ? 'ok' : 'failed' });
    if (ok) this.upkeepLastOk.set({ task }, Date.now() / 1000);
  }

  /**
   * The exposition text of this app and its process. The queues are read from the database
   * once per scrape (one statement for all of them); a database that does not answer leaves
   * them out of this scrape rather than failing it, so the rest still says what is wrong.
   */
  async text(): Promise<string> {
    this.queueDepth.reset();
    this.queueAge.reset();
    const queues = await collectQueues(this.knex).catch(() => []);
    for (const q of queues) {
      this.queueDepth.set({ queue: q.queue }, q.depth);
      if (q.oldestAgeSeconds !== null) this.queueAge.set({ queue: q.queue }, q.oldestAgeSeconds);
    }
    return Registry.merge([defaultsOfProcess(), this.registry]).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
