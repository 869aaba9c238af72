/**
 * The app with its database down: the health check says so within its bound, and every
 * request that needs the database fails with 503 and the error body instead of a 500 or
 * a hang. The database here is a port that refuses connections, or one that accepts and
 * never answers; the soak (npm run soak) restarts a real Postgres under load.
 */
import crypto from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS, openDatabase, type Database } from '../../db/index';
import { startTestServer, type TestDb, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { closedPort, silentServer } from '../../test/unreachable-db';
import { HEALTH_DB_TIMEOUT_MS } from './routes';

const unavailableBody = { error: expect.any(String), code: 'database_unavailable' };
/**
 * Far above every bound the app sets itself (a few seconds), far below a hang (knex's
 * 60 s, the OS's TCP timeout): elapsed times on a loaded machine only say "no hang"; what
 * answered (the refusal, the health check's own timeout) is read from the app's log.
 */
const NO_HANG_MS = 20_000;

async function appOn(url: string): Promise<{ server: TestServer; db: Database; logged: Array<Record<string, unknown>> }> {
  const db = await openDatabase({ url });
  const testDb: TestDb = { knex: db.knex, kind: db.kind, schema: 'public', drop: () => db.close() };
  const logged: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  return { server: await startTestServer({ db: testDb, app: { logger } }), db, logged };
}

/** Why the health check said the database is down, as it logged it. */
const healthCauses = (logged: Array<Record<string, unknown>>) => logged.filter((l) => l.msg === 'health: database unavailable').map((l) => l.cause);

describe('with the database refusing connections', () => {
  let server: TestServer;
  let db: Database;
  let logged: Array<Record<string, unknown>>;
  beforeAll(async () => {
    ({ server, db, logged } = await appOn(`postgres://postgres@127.0.0.1:${await closedPort()}/binaa`));
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('answers /api/health with 503, ok: false and the error body, at once: on the refusal, not after its timeout', async () => {
    const started = Date.now();
    const res = await new TestClient(server.url).get('/api/health');
    expect(Date.now() - started).toBeLessThan(NO_HANG_MS);
    expect(healthCauses(logged)).toEqual([expect.stringContaining('ECONNREFUSED')]);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ ok: false, db: 'postgres', ...unavailableBody });
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a read with 503 database_unavailable', async () => {
    const res = await new TestClient(server.url).get('/api/products?limit=5');
    expect(res.status).toBe(503);
    expect(res.body).toEqual(unavailableBody);
  });

  it('answers a signed-in write with 503 database_unavailable (the session cannot be loaded)', async () => {
    // A cookie signed as the app signs it (keygrip: HMAC-SHA1, base64url), so the session
    // middleware goes to its store rather than ignoring a forged cookie.
    const cookie = 'binaa.sid=a-session-id';
    const sig = crypto.createHmac('sha1', server.config.sessionSecret).update(cookie).digest('base64url');
    const res = await new TestClient(server.url).request('POST', '/api/sync/push', {
      json: { client_id: 'soak-client-1', mutations: [] },
      headers: { Cookie: `${cookie}; binaa.sid.sig=${sig}` },
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual(unavailableBody);
  });
});

describe('with a database that accepts connections and never answers', () => {
  let server: TestServer;
  let db: Database;
  let logged: Array<Record<string, unknown>>;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    silent = await silentServer();
    ({ server, db, logged } = await appOn(`postgres://postgres@127.0.0.1:${silent.port}/binaa`));
  });
  afterAll(async () => {
    await server.close();
    await db.close().catch(() => undefined);
    await silent.close();
  });

  it('answers /api/health with 503 when its own timeout runs out, before the connect timeout', async () => {
    expect(HEALTH_DB_TIMEOUT_MS).toBeLessThan(CONNECT_TIMEOUT_MS);
    const started = Date.now();
    const res = await new TestClient(server.url).get('/api/health');
    const took = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ ok: false, db: 'postgres', ...unavailableBody });
    // Its own timeout answered (not the connect timeout, nor nothing at all).
    expect(healthCauses(logged)).toEqual([`no answer within ${HEALTH_DB_TIMEOUT_MS} ms`]);
    expect(took).toBeGreaterThanOrEqual(HEALTH_DB_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(NO_HANG_MS);
  });

  it('answers a read with 503 instead of hanging', async () => {
    const started = Date.now();
    const res = await new TestClient(server.url).get('/api/products?limit=5');
    expect(res.status).toBe(503);
    expect(res.body).toEqual(unavailableBody);
    // Two tries, each bounded by the connect timeout (the rate limiter's counter, which
    // then falls back to memory, and the route's query): seconds, not a hang.
    expect(Date.now() - started).toBeLessThan(NO_HANG_MS);
  });
});
