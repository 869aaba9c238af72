/**
 * The read replica (db/replica.ts, http/reads.ts): guests' catalogue reads and the open
 * data come from it, a signed-in reader's never (what they wrote is read back at once),
 * and a replica that lags past its bound or does not answer leaves every read on the
 * primary, which the metrics say. The "replica" is a second schema on the same Postgres
 * holding other rows than the primary, so each answer shows which one was read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, onPostgres, startTestServer, testConfig, type TestDb, type TestServer } from '../test/harness';
import { as, postProject, type Client } from '../test/factories';
import { parseExposition, valueOf, type Family } from '../test/exposition';
import { openDatabase } from '../db/index';
import { ReadReplica } from '../db/replica';
import { createApp } from '../app';
import { shutDownApp } from '../lifecycle/shutdown';
import { loadConfig, ConfigError } from '../config';

async function scrape(server: TestServer): Promise<Map<string, Family>> {
  const res = await fetch(`${server.url}/metrics`);
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}
const metric = (families: Map<string, Family>, name: string, labels: Record<string, string> = {}) => valueOf(families, name, name, labels);
/** A guest's GET: no cookie, as the catalogue's fast path serves it. */
const guest = async (server: TestServer, path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: { Accept: 'application/json' } });
  return { status: res.status, body: res.status === 200 ? await res.json() : undefined };
};
const names = (items: Array<{ name: string }>) => items.map((p) => p.name);
const replicaOn = (knex: Knex, opts: { maxLagMs?: number; readLag?: (knex: Knex) => Promise<number> } = {}) =>
  // The test owns the schema's pool: the replica's close leaves it open.
  new ReadReplica({ db: { knex, close: async () => undefined }, maxLagMs: opts.maxLagMs ?? 10_000, readLag: opts.readLag });

async function sellOne(supplier: Client, name: string): Promise<string> {
  const res = await supplier.post('/api/products', { name, price: 18.5, unit: 'كيس 50 كجم' });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

describe('DATABASE_REPLICA_URL', () => {
  it('is read beside DATABASE_URL with its lag bound, and refused without it', () => {
    const env = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/binaa-test' } as const;
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://p/binaa', DATABASE_REPLICA_URL: 'postgres://r/binaa' }).replica).toEqual({ url: 'postgres://r/binaa', maxLagMs: 10_000 });
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://p/binaa', DATABASE_REPLICA_URL: 'postgres://r/binaa', REPLICA_MAX_LAG_MS: '2500' }).replica?.maxLagMs).toBe(2500);
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://p/binaa' }).replica).toBeUndefined();
    expect(() => loadConfig({ ...env, DATABASE_REPLICA_URL: 'postgres://r/binaa' })).toThrow(ConfigError);
  });
});

describe('without a replica (the embedded default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('reads everything on the primary, and the metrics say so with the names and types Prometheus expects', async () => {
    const supplier = await as(server, 'supplier');
    await sellOne(supplier, 'أسمنت الأساس');
    const before = await scrape(server);
    expect(names((await guest(server, '/api/products')).body)).toEqual(['أسمنت الأساس']);
    const after = await scrape(server);
    expect(after.get('binaa_db_replica_lag_seconds')?.type).toBe('gauge');
    expect(after.get('binaa_db_replica_fallback')?.type).toBe('gauge');
    expect(after.get('binaa_db_reads_total')?.type).toBe('counter');
    for (const name of ['binaa_db_replica_lag_seconds', 'binaa_db_replica_fallback', 'binaa_db_reads_total']) expect(after.get(name)?.help, name).not.toBe('');
    expect(metric(after, 'binaa_db_reads_total', { target: 'primary' }) - metric(before, 'binaa_db_reads_total', { target: 'primary' })).toBe(1);
    expect(metric(after, 'binaa_db_reads_total', { target: 'replica' })).toBe(0);
    expect(metric(after, 'binaa_db_replica_fallback')).toBe(0);
  });

  it('closes a replica given to the app with the pools at shutdown', async () => {
    const db = await createTestDb();
    let closed = false;
    const replica = new ReadReplica({ db: { knex: db.knex, close: async () => void (closed = true) }, maxLagMs: 10_000 });
    const listener = http.createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const config = testConfig(`http://127.0.0.1:${(listener.address() as AddressInfo).port}`);
    const app = createApp({ knex: db.knex, replica, dbKind: db.kind, config, logger: pino({ level: 'silent' }) });
    listener.on('request', app.callback());
    const { clean } = await shutDownApp({ deps: app.context.deps, server: listener, closePools: () => db.drop() });
    expect(clean).toBe(true);
    expect(closed).toBe(true);
  });
});

describe.runIf(onPostgres)('with a replica (Postgres)', () => {
  let server: TestServer;
  let replicaDb: TestDb;
  let replica: ReadReplica;
  let supplier: Client;
  let replicaProduct: string;
  let replicaProject: string;
  let primaryProject: string;

  beforeAll(async () => {
    // The replica's rows, written through an app of its own on the second schema.
    replicaDb = await createTestDb();
    const seeding = await startTestServer({ db: replicaDb });
    replicaProduct = await sellOne(await as(seeding, 'supplier'), 'أسمنت النسخة المقروءة');
    replicaProject = (await postProject(await as(seeding, 'government'), { title: 'مشروع في النسخة المقروءة' })).id;
    await seeding.close();

    replica = replicaOn(replicaDb.knex);
    await replica.check();
    expect(replica.fallingBack).toBe(false);
    server = await startTestServer({ app: { replica } });
    supplier = await as(server, 'supplier');
    await sellOne(supplier, 'أسمنت الأساس');
    primaryProject = (await postProject(await as(server, 'government'), { title: 'مشروع في الأساس' })).id;
  });
  afterAll(async () => {
    await server?.close();
    await replicaDb?.drop();
  });

  /** The app's replica for the length of `run`. */
  async function withReplica(other: ReadReplica, run: () => Promise<void>): Promise<void> {
    const deps = server.app.context.deps;
    deps.replica = other;
    try {
      await run();
    } finally {
      deps.replica = replica;
    }
  }

  it("serves a guest's catalogue list, search and product from the replica", async () => {
    const before = await scrape(server);
    expect(names((await guest(server, '/api/products')).body)).toEqual(['أسمنت النسخة المقروءة']);
    expect(names((await guest(server, `/api/products?search=${encodeURIComponent('أسمنت')}`)).body)).toEqual(['أسمنت النسخة المقروءة']);
    expect((await guest(server, `/api/products/${replicaProduct}`)).status).toBe(200);
    const after = await scrape(server);
    expect(metric(after, 'binaa_db_reads_total', { target: 'replica' }) - metric(before, 'binaa_db_reads_total', { target: 'replica' })).toBe(3);
    expect(metric(after, 'binaa_db_replica_fallback')).toBe(0);
    expect(metric(after, 'binaa_db_replica_lag_seconds')).toBe(0);
  });

  it("serves a guest's cached catalogue page against the replica's catalogue version, never the primary's", async () => {
    let onPrimary = 0;
    let onReplica = 0;
    const countPrimary = () => onPrimary++;
    const countReplica = () => onReplica++;
    await guest(server, '/api/products?limit=7');
    server.db.knex.on('query', countPrimary);
    replicaDb.knex.on('query', countReplica);
    try {
      // The second time the fast path answers: one version read, on the replica.
      expect(names((await guest(server, '/api/products?limit=7')).body)).toEqual(['أسمنت النسخة المقروءة']);
    } finally {
      server.db.knex.off('query', countPrimary);
      replicaDb.knex.off('query', countReplica);
    }
    expect({ onPrimary, onReplica }).toEqual({ onPrimary: 0, onReplica: 1 });
  });

  it("serves the public OCDS feed and a project's package from the replica", async () => {
    const feed = await guest(server, '/api/ocds/releases');
    const ocids = new Set(feed.body.releases.map((r: { ocid: string }) => r.ocid));
    expect([...ocids]).toEqual([`${server.config.ocdsPrefix}-${replicaProject}`]);
    expect((await guest(server, `/api/projects/${replicaProject}/ocds`)).status).toBe(200);
    expect((await guest(server, `/api/projects/${primaryProject}/ocds`)).status).toBe(404);
  });

  it('serves a signed-in reader from the primary, their own write read back at once', async () => {
    const before = await scrape(server);
    const mine = await sellOne(supplier, 'أسمنت كتبته الآن');
    const read = await supplier.get(`/api/products/${mine}`);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('أسمنت كتبته الآن');
    expect(names((await supplier.get('/api/products')).body).sort()).toEqual(['أسمنت الأساس', 'أسمنت كتبته الآن'].sort());
    expect((await supplier.get(`/api/projects/${primaryProject}/ocds`)).status).toBe(200);
    // A guest, on the replica, does not see it (the replica here never receives it).
    expect((await guest(server, `/api/products/${mine}`)).status).toBe(404);
    const after = await scrape(server);
    expect(metric(after, 'binaa_db_reads_total', { target: 'primary' }) - metric(before, 'binaa_db_reads_total', { target: 'primary' })).toBe(3);
  });

  it('falls back to the primary while the replica lags past its bound, says so, and uses it again once caught up', async () => {
    let lag = 42;
    const lagging = replicaOn(replicaDb.knex, { readLag: async () => lag });
    await lagging.check();
    await withReplica(lagging, async () => {
      const before = await scrape(server);
      expect(metric(before, 'binaa_db_replica_fallback')).toBe(1);
      expect(metric(before, 'binaa_db_replica_lag_seconds')).toBe(42);
      // The page the fast path kept from the replica is not given either: it is the replica's.
      expect(names((await guest(server, '/api/products?limit=7')).body)).toContain('أسمنت الأساس');
      expect((await guest(server, `/api/products/${replicaProduct}`)).status).toBe(404);
      expect([...new Set((await guest(server, '/api/ocds/releases')).body.releases.map((r: { ocid: string }) => r.ocid))]).toEqual([`${server.config.ocdsPrefix}-${primaryProject}`]);
      const after = await scrape(server);
      expect(metric(after, 'binaa_db_reads_total', { target: 'primary' }) - metric(before, 'binaa_db_reads_total', { target: 'primary' })).toBe(3);
      expect(metric(after, 'binaa_db_reads_total', { target: 'replica' }) - metric(before, 'binaa_db_reads_total', { target: 'replica' })).toBe(0);

      lag = 0.5;
      await lagging.check();
      expect(names((await guest(server, '/api/products?limit=7')).body)).toEqual(['أسمنت النسخة المقروءة']);
      expect(metric(await scrape(server), 'binaa_db_replica_fallback')).toBe(0);
    });
  });

  it('falls back with any lag when the bound is below zero (the lag query itself answering 0 here: not a standby)', async () => {
    const strict = replicaOn(replicaDb.knex, { maxLagMs: -1 });
    await strict.check();
    expect(strict.lagSeconds).toBe(0);
    expect(strict.fallingBack).toBe(true);
    await withReplica(strict, async () => {
      expect(names((await guest(server, '/api/products')).body)).toContain('أسمنت الأساس');
    });
  });

  it('falls back to the primary while the replica does not answer, also when it stops between two checks', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.port = '1';
    const gone = await openDatabase({ url: url.toString() });
    try {
      const down = new ReadReplica({ db: gone, maxLagMs: 10_000 });
      await down.check();
      expect(down.fallingBack).toBe(true);
      await withReplica(down, async () => {
        expect(names((await guest(server, '/api/products')).body)).toContain('أسمنت الأساس');
        expect(metric(await scrape(server), 'binaa_db_replica_fallback')).toBe(1);
      });
      // A replica the last check found healthy that stops answering: the read is read
      // again on the primary, and the primary serves from then on.
      const vanished = new ReadReplica({ db: gone, maxLagMs: 10_000, readLag: async () => 0 });
      await vanished.check();
      expect(vanished.fallingBack).toBe(false);
      await withReplica(vanished, async () => {
        const res = await guest(server, '/api/products?limit=3');
        expect(res.status).toBe(200);
        expect(names(res.body)).toContain('أسمنت الأساس');
        expect(vanished.fallingBack).toBe(true);
        expect(metric(await scrape(server), 'binaa_db_replica_fallback')).toBe(1);
      });
    } finally {
      await gone.close();
    }
  });
});
