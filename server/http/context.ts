/**
 * What the middleware puts on Koa's context, typed once for every route. The session user's
 * type lives in auth/session-user.ts: services and the sync push use it outside HTTP too.
 */
import type { Logger } from 'pino';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Clock } from '../clock';
import type { DbKind } from '../db/index';
import type { SessionUser } from '../auth/session-user';
import type { SessionUserLookup } from '../auth/session-store';
import type { LiveHub } from '../modules/live/hub';
import type { PushSender } from '../modules/push/send';
import type { PdfRenderer } from '../modules/invoices/pdf-renderer';
import type { ClearanceWorker } from '../modules/invoices/clearance-queue';
import type { ScorecardWorker } from '../modules/scorecards/queue';
import type { Metrics } from '../modules/metrics/registry';
import type { ReadReplica } from '../db/replica';

export interface AppDeps {
  /** the primary: every write, and every read but those http/reads.ts sends to the replica */
  knex: Knex;
  /** the read replica (DATABASE_REPLICA_URL, Postgres only); unset, everything reads the primary */
  replica?: ReadReplica;
  dbKind: DbKind;
  config: Config;
  logger: Logger;
  /** the app's time (server/clock.ts): one per app, moved only by its own test clock */
  clock: Clock;
  /** the live streams and the database listener (createApp makes one per app) */
  live?: LiveHub;
  /** sends queued push messages (createApp makes one per app) */
  push?: PushSender;
  /** renders PDFs on worker threads, bounded per account and in all (createApp makes one per app unless given one) */
  pdf?: PdfRenderer;
  /** sends queued documents to ZATCA (createApp makes one per app) */
  clearance?: ClearanceWorker;
  /** measures queued scorecards again (createApp makes one per app) */
  scorecards?: ScorecardWorker;
  /** what GET /metrics reports (createApp makes one per app) */
  metrics?: Metrics;
  /** set at shutdown (lifecycle/shutdown.ts): GET /api/health/ready answers 503 from then on */
  readiness?: { draining: boolean };
}

declare module 'koa' {
  interface DefaultState {
    user?: SessionUser;
    /** set by the session store's read (auth/session-store.ts) */
    sessionUserLookup?: SessionUserLookup;
    /** the session is a tombstone of an account its person deleted (http/session-user.ts) */
    accountDeleted?: boolean;
    /** the catalogue's version as this request already read it (products/catalogue-fast-path.ts) */
    catalogueVersion?: number;
    /** the database a guest's replica-routed read of this request uses (http/reads.ts: chosen once) */
    readTarget?: 'replica' | 'primary';
    /** the object marked sendUnchanged whose kept bytes this answer sends (http/json-body.ts) */
    sentUnchanged?: object;
  }
  interface DefaultContext {
    deps: AppDeps;
    log: Logger;
  }
}
