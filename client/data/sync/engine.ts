/**
 * The sync engine, free of React and of the
 * window, so the service worker runs the same code for Background Sync. One cycle pushes
 * the outbox (oldest first, same ids on every retry), then pulls the feed to its end and
 * confirms what the server's rows now reflect. One cycle at a time per user across tabs
 * (a Web Lock per cycle, never held between cycles, so a frozen tab cannot keep it).
 *
 * Failures: 401 pauses everything and keeps it all until the same user signs in again
 * (resume); 403 pauses; 413 halves the batch; 429, 5xx, timeouts and no network back off
 * exponentially with jitter (0.5 s to 60 s), reset by a success. Connectivity is judged by
 * what fetch does, not navigator.onLine.
 */
import { SYNC_ENTITIES, decodeCursor, type PullResponse, type SyncEntity } from '../../../shared/sync';
import type { BinaaDb } from '../db/database';
import { applyPulledPage, applyPushResults, confirmThrough, finishReset } from './store';
import { SyncHttpError, SyncNetworkError, type SyncTransport } from './transport';

type SyncPhase = 'idle' | 'syncing' | 'offline' | 'unauthorized' | 'forbidden' | 'error';

interface BootstrapProgress {
  /** Everything pulled once: the catalogue too. */
  done: boolean;
  /** Notifications, own orders and the rest but the catalogue are in: the screens are usable. */
  usable: boolean;
  received: number;
  /** About how many changes in all (the server's count), once known. */
  total: number | null;
}

export interface SyncState {
  phase: SyncPhase;
  /** Mutations in the push in flight. */
  sending: number;
  lastSyncedAt: number | null;
  /** When the next try after a failure is due. */
  retryAt: number | null;
  /** The local store is full: writes fail, nothing queued is lost. */
  quotaExceeded: boolean;
  bootstrap: BootstrapProgress;
}

export type LockFn = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface EngineOptions {
  db: BinaaDb;
  transport: SyncTransport;
  lock?: LockFn;
  timers?: Timers;
  random?: () => number;
  now?: () => number;
  pullLimit?: number;
  pushBatch?: number;
}

/** What a first sync fetches before the catalogue, so the app is usable sooner. */
const FIRST_ENTITIES: readonly SyncEntity[] = SYNC_ENTITIES.filter((e) => e !== 'product');
const CATALOGUE_ENTITIES: readonly SyncEntity[] = ['product'];

interface BootstrapMeta {
  mode: 'initial' | 'reset';
  phase: 'first' | 'catalogue' | 'feed';
  cursors: { first?: string; catalogue?: string };
  received: number;
  total: number | null;
}

const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 60_000;

/** One lock per name within this JavaScript realm: where the Web Locks API is missing. */
export function memoryLock(): LockFn {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(name: string, fn: () => Promise<T>) => {
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    tails.set(name, run.catch(() => undefined));
    return run;
  };
}

function webLock(): LockFn | undefined {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return undefined;
  return <T>(name: string, fn: () => Promise<T>) => locks.request(name, fn) as Promise<T>;
}

function isQuotaError(error: unknown): boolean {
  const names = [(error as { name?: string })?.name, (error as { inner?: { name?: string } })?.inner?.name];
  return names.includes('QuotaExceededError');
}

export class SyncEngine {
  private state: SyncState = {
    phase: 'idle',
    sending: 0,
    lastSyncedAt: null,
    retryAt: null,
    quotaExceeded: false,
    bootstrap: { done: false, usable: false, received: 0, total: null },
  };
  private listeners = new Set<(state: SyncState) => void>();
  private timer: unknown = null;
  private timerDue = Infinity;
  private running: Promise<void> | null = null;
  private rerun = false;
  private attempt = 0;
  private stopped = false;
  private paused = false;
  private batch: number;

  readonly db: BinaaDb;
  private readonly transport: SyncTransport;
  private readonly lock: LockFn;
  private readonly timers: Timers;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly pullLimit: number;
  private readonly maxBatch: number;

  constructor(options: EngineOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.lock = options.lock ?? webLock() ?? memoryLock();
    this.timers = options.timers ?? { setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms), clearTimeout: (h) => globalThis.clearTimeout(h as never) };
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.pullLimit = options.pullLimit ?? 1000;
    this.maxBatch = options.pushBatch ?? 100;
    this.batch = this.maxBatch;
  }

  getState = (): SyncState => this.state;

  subscribe = (listener: (state: SyncState) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<SyncState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }

  /** Reads the stored progress, then syncs at once. */
  async start(): Promise<void> {
    this.stopped = false;
    const [done, bootstrap] = await Promise.all([
      this.db.getMeta<boolean>('initial_sync_done'),
      this.db.getMeta<BootstrapMeta>('bootstrap'),
    ]);
    this.set({
      bootstrap: {
        done: Boolean(done),
        usable: Boolean(done) || (bootstrap?.mode === 'initial' && bootstrap.phase !== 'first'),
        received: bootstrap?.received ?? 0,
        total: bootstrap?.total ?? null,
      },
    });
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  /** After the same user signed in again (a 401 paused the engine). */
  resume(): void {
    this.paused = false;
    this.attempt = 0;
    this.set({ phase: 'idle', retryAt: null });
    this.schedule(0);
  }

  private clearTimer() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.timerDue = Infinity;
  }

  /** Asks for a cycle in `delayMs` (an earlier request wins); ignored while paused. */
  schedule(delayMs = 0): void {
    if (this.stopped || this.paused) return;
    const due = this.now() + delayMs;
    if (due >= this.timerDue) return;
    this.clearTimer();
    this.timerDue = due;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.timerDue = Infinity;
      void this.sync();
    }, delayMs);
  }

  /** Resolves when the cycle in progress (if any) has finished. */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** Runs a cycle now (or joins the one running, and runs once more after it). */
  sync(): Promise<void> {
    if (this.paused || this.stopped) return Promise.resolve();
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.rerun = false;
          await this.runCycle();
        } while (this.rerun && !this.paused && !this.stopped);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async runCycle(): Promise<void> {
    this.set({ phase: 'syncing', retryAt: null });
    try {
      await this.lock(`binaa-sync-${this.db.userId}`, async () => {
        await this.pushAll();
        await this.pullAll();
      });
      this.attempt = 0;
      this.batch = this.maxBatch;
      this.set({ phase: 'idle', lastSyncedAt: this.now(), quotaExceeded: false });
      await this.db.setMeta('last_synced_at', this.now()).catch(() => undefined);
    } catch (error) {
      this.onFailure(error);
    }
  }

  private onFailure(error: unknown) {
    if (error instanceof SyncHttpError && error.status === 401) {
      this.paused = true;
      this.clearTimer();
      this.set({ phase: 'unauthorized', sending: 0 });
      return;
    }
    if (error instanceof SyncHttpError && error.status === 403) {
      this.paused = true;
      this.clearTimer();
      this.set({ phase: 'forbidden', sending: 0 });
      return;
    }
    const base = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** this.attempt);
    const delay = Math.max(base * (0.5 + this.random() / 2), error instanceof SyncHttpError ? (error.retryAfterMs ?? 0) : 0);
    this.attempt += 1;
    const offline = error instanceof SyncNetworkError;
    if (!offline && !(error instanceof SyncHttpError)) console.warn('sync failed', error);
    this.set({ phase: offline ? 'offline' : 'error', sending: 0, retryAt: this.now() + delay, quotaExceeded: isQuotaError(error) });
    this.schedule(delay);
  }

  private async clientId(): Promise<string> {
    const existing = await this.db.getMeta<string>('client_id');
    if (existing) return existing;
    const id = globalThis.crypto.randomUUID();
    await this.db.setMeta('client_id', id);
    return id;
  }

  private async pushAll(): Promise<void> {
    const clientId = await this.clientId();
    for (;;) {
      const batch = await this.db.outbox.where('status').equals('pending').limit(this.batch).toArray();
      if (!batch.length) return;
      batch.sort((a, b) => a.id - b.id);
      this.set({ sending: batch.length });
      let answer;
      try {
        answer = await this.transport.push({ client_id: clientId, mutations: batch.map(({ id, name, args }) => ({ id, name, args })) });
      } catch (error) {
        // Too big, or an envelope the server cannot read: halve until the one at fault
        // stands alone, then refuse only that one so the rest of the queue goes on.
        if (error instanceof SyncHttpError && (error.status === 413 || error.status === 400)) {
          if (this.batch > 1) {
            this.batch = Math.max(1, Math.floor(this.batch / 2));
            continue;
          }
          await applyPushResults(this.db, [{ id: batch[0].id, status: 'rejected', code: error.code, error: error.message }], new Date(this.now()).toISOString());
          continue;
        }
        throw error;
      } finally {
        this.set({ sending: 0 });
      }
      if (!answer.results.length) throw new Error('push answered nothing');
      await applyPushResults(this.db, answer.results, new Date(this.now()).toISOString());
    }
  }

  private async pullAll(): Promise<void> {
    const bootstrap = await this.db.getMeta<BootstrapMeta>('bootstrap');
    const done = await this.db.getMeta<boolean>('initial_sync_done');
    if (!done || bootstrap) {
      await this.bootstrap(bootstrap ?? { mode: 'initial', phase: 'first', cursors: {}, received: 0, total: null });
      return;
    }
    const result = await this.pullFeed((await this.db.getMeta<string>('cursor')) ?? '', undefined, 'cursor');
    if (result === 'reset') return this.startReset();
    await confirmThrough(this.db, result.lastMutationId);
  }

  /** A cursor too old for the log: pull everything again under a new generation; the screens keep their rows meanwhile. */
  private async startReset(): Promise<void> {
    const generation = ((await this.db.getMeta<number>('generation')) ?? 0) + 1;
    await this.db.transaction('rw', this.db.meta, async () => {
      await this.db.setMeta('generation', generation);
      await this.db.setMeta('cursor', '');
      await this.db.setMeta('bootstrap', { mode: 'reset', phase: 'feed', cursors: {}, received: 0, total: null } satisfies BootstrapMeta);
    });
    await this.bootstrap({ mode: 'reset', phase: 'feed', cursors: {}, received: 0, total: null });
  }

  private async bootstrap(meta: BootstrapMeta): Promise<void> {
    const progress = { ...meta };
    const report = () =>
      this.set({
        bootstrap: {
          done: progress.mode === 'reset',
          usable: progress.mode === 'reset' || progress.phase !== 'first',
          received: progress.received,
          total: progress.total,
        },
      });
    report();
    if (progress.mode === 'initial') {
      // First what makes the app usable, then the catalogue; each phase reads its own
      // entities to the end of the feed. The whole feed then resumes from the smaller
      // of the two cursors, so nothing written between them is missed (pulled rows are
      // current state, so reading one twice is harmless).
      for (const phase of ['first', 'catalogue'] as const) {
        if (progress.phase !== phase) continue;
        const entities = phase === 'first' ? FIRST_ENTITIES : CATALOGUE_ENTITIES;
        const result = await this.pullFeed(progress.cursors[phase] ?? '', entities, 'bootstrap', progress, report);
        if (result === 'reset') return this.startReset();
        progress.cursors[phase] = result.cursor;
        progress.phase = phase === 'first' ? 'catalogue' : 'feed';
        await this.db.setMeta('bootstrap', progress);
        report();
      }
      const from = [progress.cursors.first ?? '', progress.cursors.catalogue ?? ''].sort((a, b) => decodeCursor(a) - decodeCursor(b))[0];
      await this.db.transaction('rw', this.db.meta, async () => {
        await this.db.setMeta('cursor', from);
        await this.db.setMeta('initial_sync_done', true);
        await this.db.meta.delete('bootstrap');
      });
      const rest = await this.pullFeed(from, undefined, 'cursor');
      if (rest === 'reset') return this.startReset();
      await confirmThrough(this.db, rest.lastMutationId);
      this.set({ bootstrap: { done: true, usable: true, received: progress.received, total: progress.total } });
      return;
    }
    // A reset: the whole feed from the start under the new generation, then the rows of
    // older generations go.
    const generation = (await this.db.getMeta<number>('generation')) ?? 0;
    const result = await this.pullFeed((await this.db.getMeta<string>('cursor')) ?? '', undefined, 'cursor', progress, report);
    if (result === 'reset') return this.startReset();
    await finishReset(this.db, generation, result.lastMutationId);
    await this.db.transaction('rw', this.db.meta, async () => {
      await this.db.setMeta('initial_sync_done', true);
      await this.db.meta.delete('bootstrap');
    });
    await confirmThrough(this.db, result.lastMutationId);
  }

  /**
   * Pulls pages until the feed's end. Each page and its cursor commit in one transaction
   * (`cursorKey` names where the cursor lives: meta.cursor, or the bootstrap progress).
   */
  private async pullFeed(
    from: string,
    entities: readonly SyncEntity[] | undefined,
    cursorKey: 'cursor' | 'bootstrap',
    progress?: BootstrapMeta,
    report?: () => void,
  ): Promise<'reset' | { cursor: string; lastMutationId: number }> {
    const clientId = await this.clientId();
    const generation = (await this.db.getMeta<number>('generation')) ?? 0;
    const phase = progress?.phase;
    let cursor = from;
    let lastMutationId = 0;
    const ask = (at: string): Promise<PullResponse> => {
      const request = this.transport.pull({ cursor: at, limit: this.pullLimit, clientId, entities });
      // Met where it is awaited; a page asked for ahead and then not needed fails unheard.
      request.catch(() => undefined);
      return request;
    };
    let asked = ask(cursor);
    for (;;) {
      const page: PullResponse = await asked;
      if ('reset' in page) return 'reset';
      // The next page is asked for before this one is stored, so its request crosses the
      // link (a round trip, the server's read, the bytes) while this one is parsed and
      // written: pages still commit in order, each with its own cursor, and a tab killed
      // midway asks again from the last one stored.
      if (page.has_more) asked = ask(page.cursor);
      lastMutationId = page.last_mutation_id ?? 0;
      const meta: Record<string, unknown> = {};
      if (progress) {
        progress.received += page.changes.length;
        if (page.remaining !== undefined) progress.total = (progress.total ?? 0) + page.remaining;
        if (cursorKey === 'bootstrap' && phase && phase !== 'feed') progress.cursors[phase] = page.cursor;
        meta.bootstrap = { ...progress, cursors: { ...progress.cursors } };
      }
      if (cursorKey === 'cursor') meta.cursor = page.cursor;
      await applyPulledPage(this.db, page.changes, lastMutationId, generation, meta);
      cursor = page.cursor;
      report?.();
      if (!page.has_more) return { cursor, lastMutationId };
    }
  }
}
