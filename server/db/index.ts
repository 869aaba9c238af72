/**
 * Opens the database: embedded PGlite (a directory, or memory) by default, a Postgres
 * server when a connection string is given. Both speak the same SQL and run the same
 * migrations; PGlite has exactly one connection, so nothing may rely on concurrency.
 */
import knexPkg, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { connectionOptions, settingsSql } from './connection-settings';

// numeric (money) and bigint arrive as strings from pg; money fits a JS number exactly
// at two decimals up to 14 digits, and the change-log sequence fits up to 2^53.
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(20, (v) => Number(v));
// A calendar date stays the string it is (YYYY-MM-DD); a Date would shift it by the time zone.
pg.types.setTypeParser(1082, (v) => v);

export type DbKind = 'pglite' | 'postgres';

/** Postgres only: the longest a request waits for a pooled connection, and for a new one to connect. */
const ACQUIRE_TIMEOUT_MS = 5000;
export const CONNECT_TIMEOUT_MS = 3000;
export interface Database {
  knex: Knex;
  kind: DbKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... ; unset means embedded PGlite */
  url?: string;
  /** PGlite data directory; unset means in memory */
  dataDir?: string;
  /** an already open PGlite to share (tests share one per worker) */
  pglite?: PGlite;
  /** schema to work in (tests isolate themselves by schema) */
  schema?: string;
  poolMax?: number;
}

/**
 * knex-pglite with a delete's answer as on Postgres: it names the command after knex's
 * method ('DEL'), which knex's Postgres client does not read as a delete, so a delete
 * answered PGlite's result object instead of its row count, always truthy (a 0-row delete
 * read as done). Naming it DELETE gives the count, as `pg` does.
 */
class PgliteClient extends (ClientPgLite as unknown as new (config: Knex.Config) => { processResponse(obj: unknown, runner: unknown): unknown }) {
  processResponse(obj: { method?: string; response?: Record<string, unknown> }, runner: unknown): unknown {
    const answer = super.processResponse(obj, runner);
    const result = answer as { affectedRows?: number } | null;
    return obj.method === 'del' && result && typeof result === 'object' && !Array.isArray(result) && 'affectedRows' in result ? Number(result.affectedRows ?? 0) : answer;
  }
}

export async function openPglite(dataDir?: string): Promise<PGlite> {
  return PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm, unaccent },
    parsers: { 1700: (v: string) => Number(v), 20: (v: string) => Number(v), 1082: (v: string) => v },
  });
}

/**
 * When the server ends a session that is running a query (57P01 at a fast shutdown, or
 * pg_terminate_backend), pg hands the FATAL error to the query at once but notices the
 * socket closing only a moment later; in between, knex would give the dead connection to
 * the next request, which would fail too. Marking it on the FATAL message itself (the
 * flag knex's pool checks before handing a connection out) closes that window.
 */
function discardWhenEnded(conn: pg.Client & { __knex__disposed?: unknown }, done: (err: Error | null, conn: pg.Client) => void): void {
  const wire = (conn as unknown as { connection?: { on(event: 'errorMessage', fn: (msg: { severity?: string }) => void): void } }).connection;
  wire?.on('errorMessage', (msg) => {
    if (msg.severity === 'FATAL' || msg.severity === 'PANIC') conn.__knex__disposed ??= msg;
  });
  done(null, conn);
}

/**
 * The connection with the app's settings (connection-settings.ts) in its startup options,
 * after any the URL gives (pg lets a URL's `options` replace the config's, which would
 * drop ours).
 */
function withConnectionOptions(url: string): { connectionString: string; options: string } {
  if (!/[?&]options=/.test(url)) return { connectionString: url, options: connectionOptions() };
  const parsed = new URL(url);
  const given = parsed.searchParams.get('options');
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: `${given} ${connectionOptions()}` };
}

/**
 * The knex configuration of a database: the one openDatabase opens, and the one the knex
 * CLI reads from knexfile.ts. Opens the embedded PGlite (unless one is given) and applies
 * the app's settings to its one connection.
 * @public knexfile.ts loads it through tsImport, which knip does not follow.
 */
export async function knexConfig(opts: DatabaseOptions): Promise<Knex.Config> {
  const searchPath = opts.schema ? [opts.schema, 'public'] : undefined;
  if (opts.url) {
    return {
      client: 'pg',
      connection: {
        ...withConnectionOptions(opts.url),
        // A connect that gets no answer (a server that is gone rather than refusing)
        // fails instead of waiting for the operating system's TCP timeout.
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
      },
      searchPath,
      // Waiting for a free connection is bounded: past it the request fails with 503
      // database_unavailable instead of hanging (knex's default is 60 s). A connection
      // the server cut is marked by knex on its 'error'/'end' event and discarded when
      // next checked out, so the pool refills by itself once the server is back.
      acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
      pool: { min: 0, max: opts.poolMax ?? 10, createTimeoutMillis: CONNECT_TIMEOUT_MS, afterCreate: discardWhenEnded },
    };
  }
  const pglite = opts.pglite ?? (await openPglite(opts.dataDir));
  // One connection, shared by every Database opened on it: setting it again is harmless.
  await pglite.exec(settingsSql());
  return {
    client: PgliteClient as unknown as typeof knexPkg.Client,
    dialect: 'postgres',
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
    searchPath,
  };
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const knex = knexPkg.knex(await knexConfig(opts));
  if (opts.url) return { knex, kind: 'postgres', close: () => knex.destroy() };
  const owned = !opts.pglite;
  return {
    knex,
    kind: 'pglite',
    // knex-pglite's destroy closes the PGlite itself, so a shared one is left open.
    close: async () => {
      if (owned) await knex.destroy();
    },
  };
}
