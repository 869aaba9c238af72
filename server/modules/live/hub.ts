/**
 * The live hub of one app process: the open streams (GET /api/live) by user, and the
 * listener on the database's `binaa_live` channel that says, after each commit, whose data
 * changed (the change log's audiences), whose streams end (a session deleted, a user
 * removed) and when push messages, documents for ZATCA or scorecards to measure wait. Postgres: a dedicated connection outside the
 * pool runs LISTEN, so notices from every app process arrive here; it reconnects with
 * backoff and then tells every stream to pull, since notices sent meanwhile are lost.
 * PGlite: the one in-process database delivers its own notices to the same callback.
 *
 * A person holds at most LIVE_STREAMS_PER_USER streams here: the cap is per process (the
 * streams are this process's sockets, the resource it protects), so behind several app
 * processes one person may hold that many on each.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { DbKind } from '../../db/index';
import { LIVE_CHANNEL } from '../../../migrations/functions';
import { LIVE_END_REASONS, LIVE_EVENTS, type LiveEndReason } from '../../../shared/push';
import { LIVE_STREAMS_PER_USER } from '../../../shared/constants';

export interface LiveStream {
  /** The person: their sign-out or removal ends the stream (`end` notices name people). */
  userId: string;
  /** The account they act for (their company's, or their own): `u:` audiences of changes name accounts. */
  accountId: string;
  role: string | null;
  /** sha256 (hex) of the session id: a deleted session ends its streams */
  sessionHash: string;
  deviceId?: string;
  write(chunk: string): void;
  end(): void;
}

export const hashSessionId = (id: string) => crypto.createHash('sha256').update(id, 'utf8').digest('hex');

interface Notice {
  s?: string;
  a?: string[];
  end?: string[];
  push?: boolean;
  clearance?: boolean;
  scorecards?: boolean;
}

/** The listener connection's application_name (pg_stat_activity shows it). */
export const LISTENER_NAME = 'binaa-live-listener';
/** How long notices are gathered before the streams they name are told. */
const COALESCE_MS = 5;
const RECONNECT_MIN_MS = 250;
/**
 * What a stream ended by this process's shutdown hears last: SSE's own `retry` field (how
 * long a plain EventSource waits before it reconnects) and no `end` event, so the device
 * reconnects, to a process that is not stopping (client/data/live/stream.ts reconnects on
 * the close itself, after its first backoff step), and pulls once on opening.
 */
export const SHUTDOWN_RETRY_MS = 1000;
const HANG_UP = `retry: ${SHUTDOWN_RETRY_MS}\n: restarting\n\n`;
const RECONNECT_MAX_MS = 10_000;

export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly byAccount = new Map<string, Set<LiveStream>>();
  private started?: Promise<void>;
  private stopListening?: () => Promise<void>;
  private heartbeat?: NodeJS.Timeout;
  private closed = false;
  /** called when push messages wait (and after a reconnect, when a notice may have been lost) */
  onPush: () => void = () => {};
  /** called when documents wait for ZATCA (and after a reconnect, as onPush) */
  onClearance: () => void = () => {};
  /** called when scorecards are due to be measured again (and after a reconnect, as onPush) */
  onScorecards: () => void = () => {};

  constructor(
    private readonly opts: { knex: Knex; dbKind: DbKind; logger: Logger; live: { heartbeatMs: number } },
  ) {}

  /** The schema this app works in: notices of other schemas on the same database are not ours. */
  get schema(): string {
    const sp = (this.opts.knex.client.config as Knex.Config).searchPath;
    return (Array.isArray(sp) ? sp[0] : sp) || 'public';
  }

  get size(): number {
    return this.streams.size;
  }

  /** Starts listening (once; later calls wait for the first). */
  start(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.started ??= this.listen().then(() => {
      this.heartbeat = setInterval(() => this.beat(), this.opts.live.heartbeatMs);
      this.heartbeat.unref();
    });
    return this.started;
  }

  /** Adds a stream; past the person's cap their oldest (a Set keeps insertion order) ends. */
  add(s: LiveStream): void {
    // A stream asked for while the process shuts down is told to come back, elsewhere.
    if (this.closed) {
      s.write(HANG_UP);
      s.end();
      return;
    }
    this.streams.add(s);
    let mine = this.byUser.get(s.userId);
    if (!mine) this.byUser.set(s.userId, (mine = new Set()));
    for (const old of mine) {
      if (mine.size < LIVE_STREAMS_PER_USER) break;
      this.finish(old, LIVE_END_REASONS.replaced);
    }
    mine.add(s);
    let theirs = this.byAccount.get(s.accountId);
    if (!theirs) this.byAccount.set(s.accountId, (theirs = new Set()));
    theirs.add(s);
  }

  remove(s: LiveStream): void {
    this.streams.delete(s);
    const mine = this.byUser.get(s.userId);
    mine?.delete(s);
    if (mine && !mine.size) this.byUser.delete(s.userId);
    const theirs = this.byAccount.get(s.accountId);
    theirs?.delete(s);
    if (theirs && !theirs.size) this.byAccount.delete(s.accountId);
  }

  /** One notice from the channel (a JSON payload written by the database's triggers). */
  handle(payload: string): void {
    let n: Notice;
    try {
      n = JSON.parse(payload);
    } catch {
      return;
    }
    if (n.s !== this.schema) return;
    if (n.a) this.announce(n.a);
    if (n.end) this.endStreams(n.end);
    if (n.push) this.onPush();
    if (n.clearance) this.onClearance();
    if (n.scorecards) this.onScorecards();
  }

  /** Tells every stream one of `audiences` covers to pull, once each. */
  announce(audiences: string[]): void {
    const targets = new Set<LiveStream>();
    const roles = new Set<string>();
    let everyone = false;
    for (const a of audiences) {
      if (a === '*') everyone = true;
      else if (a.startsWith('r:')) roles.add(a.slice(2));
      else if (a.startsWith('u:')) for (const s of this.byAccount.get(a.slice(2)) ?? []) targets.add(s);
    }
    if (everyone) for (const s of this.streams) targets.add(s);
    else if (roles.size) for (const s of this.streams) if (s.role && roles.has(s.role)) targets.add(s);
    for (const s of targets) {
      if (!s.role) void this.refreshRole(s);
      this.due.add(s);
    }
    // One commit can send several notices (each insert statement on the change log, and a
    // long audience split over several payloads), which can arrive over more than one read
    // of the socket: a stream gets one event for all that arrive within a few milliseconds.
    if (this.due.size && !this.flushing) {
      this.flushing = true;
      setTimeout(() => {
        this.flushing = false;
        const due = [...this.due];
        this.due.clear();
        for (const s of due) if (this.streams.has(s)) s.write(`event: ${LIVE_EVENTS.change}\ndata: \n\n`);
      }, COALESCE_MS);
    }
  }

  private readonly due = new Set<LiveStream>();
  private flushing = false;

  private endStreams(keys: string[]): void {
    const sessions = new Set<string>();
    for (const k of keys) {
      if (k.startsWith('u:')) for (const s of this.byUser.get(k.slice(2)) ?? []) this.finish(s, LIVE_END_REASONS.session);
      else if (k.startsWith('s:')) sessions.add(k.slice(2));
    }
    if (sessions.size) for (const s of this.streams) if (sessions.has(s.sessionHash)) this.finish(s, LIVE_END_REASONS.session);
  }

  /** Ends a stream for good: `end` tells the client why and not to reconnect. */
  private finish(s: LiveStream, reason: LiveEndReason): void {
    this.remove(s);
    this.due.delete(s);
    s.write(`event: ${LIVE_EVENTS.end}\ndata: ${reason}\n\n`);
    s.end();
  }

  /** A user who had no role when the stream opened may have finished setup since: role audiences need it. */
  private async refreshRole(s: LiveStream): Promise<void> {
    const row = await this.opts.knex('profiles').where({ user_id: s.accountId }).first('role').catch(() => undefined);
    if (row?.role) s.role = row.role;
  }

  /** A comment line on every stream: proxies close a connection idle for a minute or so. */
  private beat(): void {
    for (const s of this.streams) s.write(': \n\n');
  }

  private async listen(): Promise<void> {
    if (this.opts.dbKind === 'pglite') {
      const pglite = pgliteOf(this.opts.knex);
      const off = await pglite.listen(LIVE_CHANNEL, (p) => this.handle(p));
      this.stopListening = () => off();
      return;
    }
    await this.listenOnPostgres();
  }

  /** A connection of its own (a pooled one would be handed to queries), reconnecting with backoff. */
  private async listenOnPostgres(): Promise<void> {
    const config = this.opts.knex.client.config.connection as pg.ClientConfig;
    let client: pg.Client | undefined;
    let attempt = 0;
    let check: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ ...config, application_name: LISTENER_NAME });
      c.on('error', () => {}); // 'end' follows; reconnecting happens there
      await c.connect();
      c.on('notification', (m) => m.payload && this.handle(m.payload));
      await c.query(`LISTEN ${LIVE_CHANNEL}`);
      c.once('end', () => {
        if (this.closed) return;
        this.opts.logger.warn('live listener connection lost; reconnecting');
        void reconnect();
      });
      client = c;
    };
    const reconnect = async (): Promise<void> => {
      while (!this.closed) {
        const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt++) * (0.5 + Math.random() / 2);
        await new Promise((r) => setTimeout(r, delay).unref());
        if (this.closed) return;
        try {
          await connect();
          attempt = 0;
          // Notices sent while the connection was down are lost: everyone pulls once.
          this.announce(['*']);
          this.onPush();
          this.onClearance();
          this.onScorecards();
          return;
        } catch (err) {
          this.opts.logger.warn({ err }, 'live listener reconnect failed');
        }
      }
    };
    await connect();
    // A connection can die without a FIN (a NAT dropping it): a small query now and then
    // finds out, and ending the client starts the reconnect.
    check = setInterval(() => {
      const c = client;
      c?.query('select 1').catch(() => c.end().catch(() => {}));
    }, this.opts.live.heartbeatMs);
    check.unref();
    this.stopListening = async () => {
      clearInterval(check);
      await client?.end().catch(() => {});
    };
  }

  /** Ends every stream with the reconnect hint (shutdown) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const s of this.streams) {
      this.remove(s);
      this.due.delete(s);
      s.write(HANG_UP);
      s.end();
    }
    await this.stopListening?.();
  }
}

/** The PGlite instance under a knex opened on one (server/db/index.ts passes it as the connection). */
function pgliteOf(knex: Knex): PGlite {
  const conn = knex.client.config.connection as () => { pglite: PGlite };
  return conn().pglite;
}
