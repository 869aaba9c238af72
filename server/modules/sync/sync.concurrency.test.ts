/**
 * The cursor never skips a change, even when transactions commit in another order than
 * the one they started in. Eight writers open transactions, write a change row, wait a
 * random while and commit or roll back, while a reader pulls again and again; at the end
 * the reader's copy must equal the server's rows. ROUNDS x WRITERS x TXS_PER_WRITER
 * transactions in all (8 rounds x 8 writers x 12 = 768 transactions, about 1/6 rolled
 * back). Postgres only: PGlite has one connection, so nothing there runs concurrently.
 * Removing the advisory lock from recordChanges makes this test fail within a few rounds.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createTestDb, onPostgres, type TestDb } from '../../test/harness';
import { createUser } from '../../test/sign-in';
import { loadSessionUser } from '../../http/guards';
import { testConfig } from '../../test/harness';
import { recordChange } from '../../db/changes';
import { pull } from './pull';
import type { LoaderTable } from './contracts';

const ROUNDS = 8;
const WRITERS = 8;
const TXS_PER_WRITER = 12;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (n: number) => Math.floor(Math.random() * n);

// The plainest loader: the row itself while it is not deleted.
const loaders: LoaderTable = {
  product: async (knex, _user, ids) => knex('products').whereIn('id', ids).whereNull('deleted_at').select('id', 'name', 'price'),
};

describe.runIf(onPostgres)('change feed under concurrent writers', () => {
  let db: TestDb;
  let supplierId: string;
  beforeAll(async () => {
    db = await createTestDb({ poolMax: WRITERS + 4 });
    supplierId = (await createUser(db.knex, { role: 'supplier' })).id;
  });
  afterAll(() => db?.drop());

  async function writer(knex: Knex, ids: string[]) {
    for (let i = 0; i < TXS_PER_WRITER; i++) {
      const trx = await knex.transaction();
      try {
        await sleep(rand(4));
        const existing = ids.length && Math.random() < 0.5 ? ids[rand(ids.length)] : null;
        let id: string;
        let op: 'upsert' | 'delete' = 'upsert';
        if (!existing) {
          id = crypto.randomUUID();
          await trx('products').insert({ id, supplier_id: supplierId, name: `p-${id.slice(0, 8)}`, price: rand(1000), unit: 'kg' });
        } else {
          id = existing;
          if (Math.random() < 0.25) {
            await trx('products').where({ id }).update({ deleted_at: trx.fn.now() });
            op = 'delete';
          } else {
            await trx('products').where({ id }).update({ price: rand(1000), deleted_at: null });
          }
        }
        await recordChange(trx, 'product', id, [{ all: true }], op);
        await sleep(rand(6)); // commit later, while others start and wait
        if (Math.random() < 1 / 6) await trx.rollback();
        else {
          await trx.commit();
          if (!ids.includes(id)) ids.push(id);
        }
      } catch (err) {
        if (!trx.isCompleted()) await trx.rollback();
        throw err;
      }
    }
  }

  it(`a reader pulling throughout ends equal to the server (${ROUNDS} rounds x ${WRITERS} writers x ${TXS_PER_WRITER} transactions)`, async () => {
    const user = (await loadSessionUser(db.knex, testConfig('http://x'), supplierId))!;
    const copy = new Map<string, unknown>();
    let cursor: string | undefined;
    const readOnce = async () => {
      for (;;) {
        const res = await pull(db.knex, loaders, user, cursor, 37);
        if ('reset' in res) throw new Error('unexpected reset');
        for (const c of res.changes) {
          if (c.op === 'delete') copy.delete(c.id);
          else copy.set(c.id, c.data);
        }
        cursor = res.cursor;
        if (!res.has_more) return;
      }
    };

    for (let round = 0; round < ROUNDS; round++) {
      const ids: string[] = [];
      let writing = true;
      const reader = (async () => {
        while (writing) {
          await readOnce();
          await sleep(rand(3));
        }
      })();
      await Promise.all(Array.from({ length: WRITERS }, () => writer(db.knex, ids)));
      writing = false;
      await reader;
      await readOnce();

      const server = await db.knex('products').whereNull('deleted_at').select('id', 'name', 'price');
      const expected = new Map(server.map((r) => [r.id, r]));
      expect(copy.size, `round ${round}`).toBe(expected.size);
      for (const [id, row] of expected) expect(copy.get(id), `round ${round}: ${id}`).toEqual(row);
    }
  });
});
