import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/harness';
import { CONNECTION_SETTINGS } from './connection-settings';

/** Catalogue search relies on these on whichever connection it gets (connection-settings.ts). */
describe('connection settings', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ poolMax: 3 });
  });
  afterAll(() => db.drop());

  it('holds on every connection of the pool, before and after pg_trgm is loaded', async () => {
    const knex = db.knex;
    // Three connections at once, so each is its own (one on PGlite, which has one).
    const shown = await Promise.all(
      [0, 1, 2].map(() =>
        knex.transaction(async (trx) => {
          const before = await trx.raw(`select current_setting('pg_trgm.word_similarity_threshold') as t, current_setting('synchronize_seqscans') as s, current_setting('max_parallel_workers_per_gather') as p`);
          await trx.raw(`select word_similarity('a', 'b')`);
          const after = await trx.raw(`select current_setting('pg_trgm.word_similarity_threshold') as t`);
          return { ...before.rows[0], after: after.rows[0].t };
        }),
      ),
    );
    for (const row of shown) {
      expect(Number(row.t)).toBe(Number(CONNECTION_SETTINGS['pg_trgm.word_similarity_threshold']));
      expect(Number(row.after)).toBe(Number(CONNECTION_SETTINGS['pg_trgm.word_similarity_threshold']));
      expect(row.s).toBe('off');
      expect(row.p).toBe('0');
    }
  });
});
