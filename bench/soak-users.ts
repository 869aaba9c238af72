/**
 * The soak's simulated users: each one a loop of think time and one action, over plain
 * node:http with keep-alive (the load generator shares the machine's two cores with the
 * server, so it stays cheap), every request under a timeout so that a hang is counted
 * rather than waited for. A signed-in user syncs as the real client does: it pulls the
 * feed from its cursor, and queues its writes in an outbox that it pushes oldest first
 * under one client id, sending the same mutation ids again after a failure (with the
 * client's backoff, and never sooner than Retry-After) until the server answers them.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import type { MutationName } from '../shared/mutations';

export type Kind = 'health' | 'catalogue' | 'browse' | 'search' | 'search, misspelt' | 'projects' | 'pull' | 'push' | 'notifications';
export type Outcome = 'ok' | 'unavailable' | 'bad_unavailable' | 'http_error' | 'network' | 'timeout';

export interface Sample {
  kind: Kind;
  start: number;
  end: number;
  status: number;
  outcome: Outcome;
  code?: string;
}

interface Answer {
  status: number;
  body: any;
  headers: http.IncomingHttpHeaders;
  outcome: Outcome;
  /** the socket error of a network failure */
  error?: string;
}

/** Requests to one server over one keep-alive agent, each given up after `timeoutMs`. */
export class HttpClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  constructor(
    readonly base: string,
    private readonly timeoutMs: number,
    /** the Origin its writes carry: the site's, which is `base` unless a client asks one process behind a load balancer directly */
    private readonly origin = base,
  ) {}

  /** Requests sent again because a kept-alive connection turned out closed (see below). */
  staleConnectionRetries = 0;

  async request(method: 'GET' | 'POST', path: string, opts: { cookie?: string; json?: unknown } = {}): Promise<Answer> {
    const first = await this.once(method, path, opts);
    // The server closes a connection idle for its keep-alive timeout; a request sent on it
    // at that moment fails before any answer. A browser then sends it again on a new
    // connection, and so does this client (the push is idempotent by its mutation ids).
    if (first.reusedSocketFailed) {
      this.staleConnectionRetries++;
      return this.once(method, path, opts);
    }
    return first;
  }

  private once(method: 'GET' | 'POST', path: string, opts: { cookie?: string; json?: unknown }): Promise<Answer & { reusedSocketFailed?: boolean }> {
    const url = new URL(path, this.base);
    const payload = opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json));
    // As a browser asks: the server compresses what is worth it, and pays for that.
    const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(payload.length), origin: this.origin });
    return new Promise((resolve) => {
      let settled = false;
      let answered = false;
      const settle = (a: Answer & { reusedSocketFailed?: boolean }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(a);
      };
      const req = http.request(url, { method, headers, agent: this.agent }, (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err: NodeJS.ErrnoException) => settle({ status: 0, body: undefined, headers: {}, outcome: 'network', error: err.code ?? err.message }));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = (encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : encoding === 'deflate' ? zlib.inflateSync(raw) : raw).toString('utf8');
          let body: any;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = text;
          }
          const status = res.statusCode ?? 0;
          settle({ status, body, headers: res.headers, outcome: classify(status, body) });
        });
      });
      const timer = setTimeout(() => {
        settle({ status: -1, body: undefined, headers: {}, outcome: 'timeout' });
        req.destroy();
      }, this.timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) => {
        const stale = !answered && req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
        settle({ status: 0, body: undefined, headers: {}, outcome: 'network', error: err.code ?? err.message, reusedSocketFailed: stale });
      });
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** A 503 counts as the expected outage answer only with the error body and its code. */
function classify(status: number, body: any): Outcome {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 503) {
    const good = body && typeof body === 'object' && typeof body.error === 'string' && body.code === 'database_unavailable';
    return good ? 'unavailable' : 'bad_unavailable';
  }
  return 'http_error';
}

export type Role = 'contractor' | 'supplier' | 'transport' | 'government' | 'guest';

/** One queued write and what became of it. */
export interface SentMutation {
  clientId: string;
  userId: string;
  id: number;
  name: MutationName;
  args: Record<string, unknown>;
  /** the table and id of the row it creates */
  table: 'bids' | 'transport_offers' | 'instant_order_responses';
  rowId: string;
  status: 'pending' | 'applied' | 'rejected';
  code?: string;
  /** how many times it was sent */
  sends: number;
}

export interface World {
  http: HttpClient;
  /** every sample of the current phase */
  record(s: Sample): void;
  mutations: SentMutation[];
  /** a term to search for, and whether it is misspelt (so only typo-tolerant matching finds it) */
  searchTerm(): { term: string; misspelt: boolean };
  categories: string[];
  thinkMs: number;
  pageLimit: number;
  /** the catalogue pages guests read most (list pages, popular searches) */
  cataloguePaths: string[];
}

const WEIGHTS: Record<Role, Partial<Record<'browse' | 'search' | 'projects' | 'pull' | 'push' | 'notifications', number>>> = {
  contractor: { browse: 20, search: 20, projects: 5, pull: 25, notifications: 15, push: 15 },
  supplier: { browse: 20, search: 20, pull: 25, notifications: 15, push: 15 },
  transport: { browse: 20, search: 20, pull: 25, notifications: 15, push: 15 },
  government: { browse: 20, search: 20, projects: 15, pull: 25, notifications: 20 },
  guest: { browse: 55, search: 45 },
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 60_000;
const MAX_OUTBOX = 10;

export class SimUser {
  readonly clientId = `soak-${crypto.randomUUID()}`;
  cursor: string | undefined;
  private nextMutationId = 1;
  readonly outbox: SentMutation[] = [];
  private attempt = 0;
  private retryAt = 0;
  private targetIndex = 0;

  constructor(
    readonly userId: string | undefined,
    readonly role: Role,
    readonly cookie: string | undefined,
    /** what this user writes on, in its own order: projects, transport requests or instant orders */
    private readonly targets: string[],
  ) {}

  private async call(world: World, kind: Sample['kind'], method: 'GET' | 'POST', path: string, json?: unknown, asGuest = false) {
    const start = performance.now();
    const a = await world.http.request(method, path, { cookie: asGuest ? undefined : this.cookie, json });
    world.record({ kind, start, end: performance.now(), status: a.status, outcome: a.outcome, code: a.body?.code ?? a.error });
    return a;
  }

  /** Pulls the feed from the cursor to its end; false when a page failed. */
  async pull(world: World, limit = world.pageLimit): Promise<boolean> {
    for (let pages = 0; pages < 100; pages++) {
      const q = new URLSearchParams({ limit: String(limit), client_id: this.clientId });
      if (this.cursor) q.set('cursor', this.cursor);
      const a = await this.call(world, 'pull', 'GET', `/api/sync/pull?${q}`);
      if (a.outcome !== 'ok') return false;
      if (a.body.reset) {
        this.cursor = undefined;
        continue;
      }
      this.cursor = a.body.cursor;
      if (!a.body.has_more) return true;
    }
    return true;
  }

  /** Queues one or two writes on this user's next targets (none once the outbox is full or the targets used up). */
  queueWrite(world: World): void {
    if (this.outbox.length >= MAX_OUTBOX || this.targetIndex >= this.targets.length) return;
    const count = Math.random() < 0.5 ? 1 : 2;
    for (let i = 0; i < count && this.targetIndex < this.targets.length; i++) {
      const target = this.targets[this.targetIndex++];
      const rowId = crypto.randomUUID();
      const price = 100 + Math.floor(Math.random() * 90_000);
      const m: Omit<SentMutation, 'name' | 'args' | 'table'> =
        { clientId: this.clientId, userId: this.userId!, id: this.nextMutationId++, rowId, status: 'pending', sends: 0 };
      const full: SentMutation =
        this.role === 'contractor'
          ? { ...m, name: 'bid.create', table: 'bids', args: { id: rowId, project_id: target, amount: price, proposal: 'عرض تنفيذ حسب المواصفات، مع ضمان سنة', estimated_completion_days: 30 + (price % 300) } }
          : this.role === 'transport'
            ? { ...m, name: 'transport_offer.create', table: 'transport_offers', args: { id: rowId, transport_request_id: target, quoted_price: price, vehicle_details: 'شاحنة مسطحة 12 م' } }
            : { ...m, name: 'instant_order_response.create', table: 'instant_order_responses', args: { id: rowId, instant_order_id: target, offered_price: price, delivery_time_hours: 24 } };
      this.outbox.push(full);
      world.mutations.push(full);
    }
  }

  /** Sends the outbox; a failure keeps it whole for the next try, as the client's does. */
  async push(world: World): Promise<boolean> {
    if (!this.outbox.length) return true;
    const batch = [...this.outbox];
    for (const m of batch) m.sends++;
    const a = await this.call(world, 'push', 'POST', '/api/sync/push', {
      client_id: this.clientId,
      mutations: batch.map(({ id, name, args }) => ({ id, name, args })),
    });
    if (a.outcome !== 'ok') {
      const base = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** this.attempt++);
      const retryAfter = Number(a.headers['retry-after']) * 1000 || 0;
      this.retryAt = Date.now() + Math.max(base * (0.5 + Math.random() / 2), retryAfter);
      return false;
    }
    this.attempt = 0;
    this.retryAt = 0;
    for (const r of a.body.results as Array<{ id: number; status: 'applied' | 'rejected'; code?: string }>) {
      const m = batch.find((x) => x.id === r.id);
      if (!m) continue;
      m.status = r.status;
      if (r.code) m.code = r.code;
      this.outbox.splice(this.outbox.indexOf(m), 1);
    }
    return true;
  }

  private pick(): string {
    const weights = Object.entries(WEIGHTS[this.role]);
    let x = Math.random() * weights.reduce((s, [, w]) => s + w!, 0);
    for (const [k, w] of weights) if ((x -= w!) < 0) return k;
    return weights[0][0];
  }

  private async act(world: World, action: string): Promise<void> {
    switch (action) {
      case 'browse': {
        const q = new URLSearchParams({ limit: '20', offset: String(20 * Math.floor(Math.random() * 5)) });
        if (Math.random() < 0.3) q.set('category', world.categories[Math.floor(Math.random() * world.categories.length)]);
        await this.call(world, 'browse', 'GET', `/api/products?${q}`);
        return;
      }
      case 'search': {
        const { term, misspelt } = world.searchTerm();
        await this.call(world, misspelt ? 'search, misspelt' : 'search', 'GET', `/api/products?limit=20&search=${encodeURIComponent(term)}`);
        return;
      }
      case 'projects':
        await this.call(world, 'projects', 'GET', '/api/projects?limit=20');
        return;
      case 'notifications':
        await this.call(world, 'notifications', 'GET', '/api/notifications?limit=20');
        return;
      case 'pull':
        await this.pull(world);
        return;
      case 'push':
        this.queueWrite(world);
        if (Date.now() >= this.retryAt) await this.push(world);
        return;
    }
  }

  /**
   * Think, act, until `end` (ms since epoch, or asked each time: a caller that ends the
   * load when it decides); a failed push is retried once its backoff is over. `only`: the
   * health check alone, or a guest's catalogue read alone (no cookie).
   */
  async run(world: World, end: number | (() => number), only?: 'health' | 'catalogue'): Promise<void> {
    const until = typeof end === 'number' ? () => end : end;
    while (Date.now() < until()) {
      await sleep(world.thinkMs * (0.5 + Math.random()));
      if (Date.now() >= until()) return;
      if (only === 'health') {
        await this.call(world, 'health', 'GET', '/api/health');
      } else if (only === 'catalogue') {
        await this.call(world, 'catalogue', 'GET', world.cataloguePaths[Math.floor(Math.random() * world.cataloguePaths.length)], undefined, true);
      } else if (this.outbox.length && Date.now() >= this.retryAt && this.attempt > 0) {
        await this.push(world);
      } else {
        await this.act(world, this.pick());
      }
    }
  }

  /** After the load: push what is still queued until the server has answered all of it. */
  async drain(world: World, deadline: number): Promise<void> {
    while (this.outbox.length && Date.now() < deadline) {
      const wait = this.retryAt - Date.now();
      if (wait > 0) await sleep(Math.min(wait, deadline - Date.now()));
      await this.push(world);
    }
  }
}
