/** The embedded database answers writes as Postgres does: a delete its row count, so code that reads "nothing deleted" works on both. */
import { describe, expect, it } from 'vitest';
import { openDatabase } from './index';

describe('the PGlite client', () => {
  it('answers a delete with the rows it deleted (0 when none), and a delete returning with its rows', async () => {
    const db = await openDatabase({});
    try {
      await db.knex.raw('create table t (id int)');
      await db.knex('t').insert([{ id: 1 }, { id: 2 }]);
      expect(await db.knex('t').where({ id: 9 }).delete()).toBe(0);
      expect(await db.knex('t').where({ id: 1 }).delete()).toBe(1);
      expect(await db.knex('t').where({ id: 2 }).delete().returning('id')).toEqual([{ id: 2 }]);
    } finally {
      await db.close();
    }
  });
});
