import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, onPostgres, type TestDb } from '../test/harness';
import { lockForTransaction } from './transaction-locks';

describe('lockForTransaction', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ poolMax: 3 });
  });
  afterAll(() => db.drop());

  /** How many advisory lock statements `fn` sends. */
  async function locksSent(fn: () => Promise<unknown>): Promise<number> {
    let n = 0;
    const count = (q: { sql: string }) => void (q.sql.includes('pg_advisory_xact_lock') && n++);
    db.knex.on('query', count);
    try {
      await fn();
    } finally {
      db.knex.removeListener('query', count);
    }
    return n;
  }

  it('asks Postgres once per transaction and key', async () => {
    const sent = await locksSent(() =>
      db.knex.transaction(async (trx) => {
        for (let i = 0; i < 5; i++) await lockForTransaction(trx, 'test:a');
        await lockForTransaction(trx, 'test:b');
      }),
    );
    expect(sent).toBe(2);
    // A new transaction locks again.
    expect(await locksSent(() => db.knex.transaction((trx) => lockForTransaction(trx, 'test:a')))).toBe(1);
  });

  it('does not assume of a transaction what a rolled-back savepoint took', async () => {
    const sent = await locksSent(() =>
      db.knex.transaction(async (trx) => {
        await trx.transaction(async (sp) => {
          await lockForTransaction(sp, 'test:c');
          throw new Error('roll back the savepoint');
        }).catch(() => undefined);
        await lockForTransaction(trx, 'test:c'); // released with the savepoint: taken again
      }),
    );
    expect(sent).toBe(2);
  });

  it.runIf(onPostgres)('holds the lock until the transaction ends', async () => {
    await db.knex.transaction(async (trx) => {
      await lockForTransaction(trx, 'test:d');
      const other = await db.knex.raw('select pg_try_advisory_xact_lock(hashtext(?)) as got', ['test:d']);
      expect(other.rows[0].got).toBe(false);
    });
    const after = await db.knex.raw('select pg_try_advisory_xact_lock(hashtext(?)) as got', ['test:d']);
    expect(after.rows[0].got).toBe(true);
  });
});
