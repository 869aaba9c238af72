/**
 * Which database failures are refusals (4xx, final) and which are outages (503, retried),
 * judged on errors the drivers really raise: a refused connect, a connect that gets no
 * answer, a pool with no free connection, and (on Postgres) a session the server ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexPkg from 'knex';
import { openDatabase } from './index';
import { fromDatabaseError, fromUnavailableDatabase, isDatabaseUnavailable } from './errors';
import { onPostgres } from '../test/harness';
import { closedPort, silentServer } from '../test/unreachable-db';

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('database errors', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    silent = await silentServer();
  });
  afterAll(() => silent.close());

  it('calls a refused connection an outage: 503 database_unavailable with Retry-After', async () => {
    const db = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await closedPort()}/nothing` });
    try {
      const err = await failureOf(db.knex.raw('select 1'));
      expect((err as { code?: string }).code).toBe('ECONNREFUSED');
      const mapped = fromUnavailableDatabase(err)!;
      expect(mapped.status).toBe(503);
      expect(mapped.code).toBe('database_unavailable');
      expect(mapped.headers?.['Retry-After']).toBe('2');
      expect(fromDatabaseError(err)).toBeNull(); // never a refusal: the sync push would store it as final
    } finally {
      await db.close();
    }
  });

  it('gives up on a server that accepts but never answers within the connect timeout', async () => {
    const db = await openDatabase({ url: `postgres://postgres@127.0.0.1:${silent.port}/nothing` });
    try {
      const started = Date.now();
      const err = await failureOf(db.knex.raw('select 1'));
      // About CONNECT_TIMEOUT_MS (3 s); the bound is generous, for a loaded machine, and
      // still far below knex's 60 s or the OS's TCP timeout.
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('calls a pool with no connection free in time an outage', async () => {
    const knex = knexPkg.knex({
      client: 'pg',
      connection: { connectionString: `postgres://postgres@127.0.0.1:${silent.port}/nothing`, connectionTimeoutMillis: 1500 },
      acquireConnectionTimeout: 200,
      pool: { min: 0, max: 1 },
    });
    try {
      const err = await failureOf(knex.raw('select 1'));
      expect((err as Error).name).toBe('KnexTimeoutError');
      expect(fromUnavailableDatabase(err)?.status).toBe(503);
    } finally {
      await knex.destroy().catch(() => undefined);
    }
  });

  it('tells the SQLSTATEs of a server going away from refusals and from bugs', () => {
    const pgError = (code: string) => Object.assign(new Error(code), { code });
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08003', '53300']) {
      expect(isDatabaseUnavailable(pgError(code)), code).toBe(true);
      expect(fromDatabaseError(pgError(code)), code).toBeNull();
    }
    for (const code of ['23505', '23503', '22P02', '40001', '42P01', '57014']) {
      expect(isDatabaseUnavailable(pgError(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // as knex passes it on, after the statement that failed
    expect(isDatabaseUnavailable(new Error('COMMIT; - Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('select 1 - Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly by a typo in our own code?'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    const refusedTwice = Object.assign(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]), { code: undefined });
    expect(isDatabaseUnavailable(refusedTwice)).toBe(true);
  });
});

describe.runIf(onPostgres)('a pooled connection the server ends (Postgres)', () => {
  it('neither crashes the process nor stays in the pool', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const db = await openDatabase({ url, poolMax: 1 });
    const admin = await openDatabase({ url, poolMax: 1 });
    try {
      const before = (await db.knex.raw('select pg_backend_pid() as pid')).rows[0].pid;
      // The connection now sits idle in the pool; ending its session is what a fast
      // shutdown does to every session (57P01 admin_shutdown, sent to an idle client).
      await admin.knex.raw('select pg_terminate_backend(?)', [before]);
      await new Promise((r) => setTimeout(r, 200));
      const after = (await db.knex.raw('select pg_backend_pid() as pid')).rows[0].pid;
      expect(after).not.toBe(before);
    } finally {
      await db.close();
      await admin.close();
    }
  });

  it('answers every statement of a transaction whose session ended as an outage', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const db = await openDatabase({ url, poolMax: 2 });
    const admin = await openDatabase({ url, poolMax: 1 });
    try {
      let cut: unknown;
      const err = await failureOf(
        db.knex.transaction(async (trx) => {
          const pid = (await trx.raw('select pg_backend_pid() as pid')).rows[0].pid;
          await admin.knex.raw('select pg_terminate_backend(?)', [pid]);
          await new Promise((r) => setTimeout(r, 200));
          cut = await failureOf(trx.raw('select 1'));
          throw cut;
        }),
      );
      expect(isDatabaseUnavailable(cut), String(cut)).toBe(true);
      expect(isDatabaseUnavailable(err), String(err)).toBe(true); // what the transaction rejects with
      expect((await db.knex.raw('select 1 as one')).rows[0].one).toBe(1);
    } finally {
      await db.close();
      await admin.close();
    }
  });

  it('answers a query cut by the end of its session as an outage', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const db = await openDatabase({ url, poolMax: 1 });
    const admin = await openDatabase({ url, poolMax: 1 });
    try {
      const pid = (await db.knex.raw('select pg_backend_pid() as pid')).rows[0].pid;
      const slow = failureOf(db.knex.raw('select pg_sleep(5)'));
      await new Promise((r) => setTimeout(r, 200));
      await admin.knex.raw('select pg_terminate_backend(?)', [pid]);
      const err = await slow;
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
      expect((await db.knex.raw('select 1 as one')).rows[0].one).toBe(1);
    } finally {
      await db.close();
      await admin.close();
    }
  });
});
