/**
 * Test databases and servers. Without TEST_DATABASE_URL every worker shares one in-memory
 * PGlite; with it, tests run on that Postgres. Either way each call gets a fresh schema
 * with every migration applied, so test files never see each other's rows.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Knex } from 'knex';
import type Koa from 'koa';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, openPglite, type DbKind } from '../db/index';
import { migrateLatest } from '../db/migrate';
import { loadConfig, type Config } from '../config';
import type { Clock } from '../clock';
import { createApp, type CreateAppOptions } from '../app';
import { keepConnectionsAlive } from '../http/keep-alive';

export const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * TEST_REDIS_URL set: the app's Redis settings for a test app on `schema` (its rate limits
 * count there, under keys of that schema's own, so test files never share a budget);
 * unset, none (they count in memory).
 */
export const testRedisEnv = (schema: string): Record<string, string> =>
  process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `${schema}:` } : {};

const shared = globalThis as unknown as { __binaaPglite?: Promise<PGlite> };

export interface TestDb {
  knex: Knex;
  kind: DbKind;
  schema: string;
  drop(): Promise<void>;
}

export async function createTestDb(opts: { poolMax?: number } = {}): Promise<TestDb> {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const url = process.env.TEST_DATABASE_URL;
  const db = url
    ? await openDatabase({ url, schema, poolMax: opts.poolMax ?? 12 })
    : await openDatabase({ pglite: await (shared.__binaaPglite ??= openPglite()), schema });
  await migrateLatest(db.knex, schema);
  return {
    knex: db.knex,
    kind: db.kind,
    schema,
    async drop() {
      await db.knex.raw('drop schema if exists ?? cascade', [schema]);
      await db.close();
    },
  };
}

export interface TestServer {
  url: string;
  app: Koa;
  config: Config;
  db: TestDb;
  /** the app's clock (its deps), so a test server can stand for MutationDeps */
  clock: Clock;
  /**
   * Runs the app's clearance worker until nothing is due (documents chained are queued, not
   * sent inside the request): what a client would see once ZATCA has answered.
   */
  drainClearance(): Promise<void>;
  /** this app's scorecard worker run until no company is due: what a test reads of a scorecard after an event waits for this */
  drainScorecards(): Promise<void>;
  close(): Promise<void>;
}

/** The test servers of this process that are not closed yet (drainClearance). */
const openServers = new Set<TestServer>();

/** The database of the open test server, for steps that see no server (a receipt inserted as the buyer's site would count it). */
export function openServerKnex(): TestServer['db']['knex'] {
  const [server] = openServers;
  if (!server) throw new Error('no test server is open');
  return server.db.knex;
}

/** Every open test server's clearance worker run until nothing is due: for steps that see no server, as TestServer.drainClearance. */
export async function drainClearance(): Promise<void> {
  await Promise.all([...openServers].map((s) => s.drainClearance()));
}

export function testConfig(publicUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: path.join(os.tmpdir(), 'binaa-test'),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/**
 * A real HTTP server on a free port, so cookies, redirects and the OAuth round trip behave
 * as in a browser. `publicUrl` overrides the origin the app believes it has (https tests).
 * `files` names a new temporary DATA_DIR of its own (photos, unfinished uploads: config.dataDir),
 * removed by close().
 */
export async function startTestServer(
  opts: {
    db?: TestDb;
    env?: Record<string, string>;
    publicUrl?: (port: number) => string;
    app?: Partial<CreateAppOptions>;
    limits?: Partial<Config['limits']>;
    files?: string;
    /** false: the rate limits count in memory even with TEST_REDIS_URL set */
    redis?: boolean;
  } = {},
): Promise<TestServer> {
  const db = opts.db ?? (await createTestDb());
  const filesDir = opts.files ? fs.mkdtempSync(path.join(os.tmpdir(), `binaa-${opts.files}-`)) : undefined;
  const server = keepConnectionsAlive(http.createServer());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const config = testConfig(opts.publicUrl?.(port) ?? url, { ...(opts.redis === false ? {} : testRedisEnv(db.schema)), ...(filesDir ? { DATA_DIR: filesDir } : {}), ...opts.env });
  Object.assign(config.limits, { perUserPerMinute: 100_000 }, opts.limits);
  const app = createApp({ knex: db.knex, dbKind: db.kind, config, logger: pino({ level: 'silent' }), ...opts.app });
  server.on('request', app.callback());
  const testServer: TestServer = {
    url,
    config,
    db,
    app,
    clock: app.context.deps.clock,
    drainClearance: () => app.context.deps.clearance!.kick(),
    drainScorecards: () => app.context.deps.scorecards!.kick(),
    async close() {
      openServers.delete(testServer);
      await app.context.deps.push?.stop();
      await app.context.deps.pdf?.close();
      await app.context.deps.clearance?.stop();
      await app.context.deps.scorecards?.stop();
      await app.context.deps.live?.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (!opts.db) await db.drop();
      if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
  openServers.add(testServer);
  return testServer;
}
