/**
 * The cursor never skips a change, even when transactions commit in another order than
 * the one they started in. Eight writers open transactions, write a change row, wait a
 * random while and commit or roll back, while a reader pulls again and again; at the end
 * the reader's copy must equal the server's rows. ROUNDS x WRITERS x TXS_PER_WRITER
 * transactions in all (8 rounds x 8 writers x 12 = 768 transactions, about 1/6 rolled
 * back). Postgres only: PGlite has one connection, so nothing there runs concurrently.
 * Reading by insert order (the row id) instead of the commit-time position makes this test fail
 * in the first round: a change that commits late falls behind the reader's cursor.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createTestDb, onPostgres, type TestDb } from '../../test/harness';
import { createUser } from '../../test/sign-in';
import { loadSessionUser } from '../../auth/session-user';
import { testConfig } from '../../test/harness';
import { recordChange } from '../../db/changes';
import { pull } from './pull';
import type { LoaderTable } from './contracts';
import { createClock } from '../../clock';
import { syncRegistry } from '../../registry/sync';

const ROUNDS = 8;
const WRITERS = 8;
const TXS_PER_WRITER = 12;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (n: number) => Math.floor(Math.random() * n);

// Transport requests: a synced table that no other lock serialises (every product write
// also updates the one catalogue_state row, which would put the writers in a queue).
// The plainest loader: the row itself while it is not deleted.
const loaders: LoaderTable = {
  transport_request: async (knex, _user, ids) =>
    knex('transport_requests').whereIn('id', ids).whereNull('deleted_at').select('id', 'cargo_description', 'budget'),
};

describe.runIf(onPostgres)('change feed under concurrent writers', () => {
  let db: TestDb;
  let userId: string;
  beforeAll(async () => {
    db = await createTestDb({ poolMax: WRITERS + 4 });
    userId = (await createUser(db.knex, { role: 'transport' })).id;
  });
  afterAll(() => db?.drop());

  async function writer(knex: Knex, ids: string[]) {
    for (let i = 0; i < TXS_PER_WRITER; i++) {
      const trx = await knex.transaction();
      try {
        await sleep(rand(3));
        const existing = ids.length && Math.random() < 0.5 ? ids[rand(ids.length)] : null;
        let id: string;
        let op: 'upsert' | 'delete' = 'upsert';
        if (!existing) {
          id = crypto.randomUUID();
          await trx('transport_requests').insert({
            id,
            requester_id: userId,
            pickup_location: 'جدة',
            delivery_location: 'الرياض',
            cargo_description: `c-${id.slice(0, 8)}`,
            budget: rand(1000),
          });
        } else {
          id = existing;
          if (Math.random() < 0.25) {
            await trx('transport_requests').where({ id }).update({ deleted_at: trx.fn.now() });
            op = 'delete';
          } else {
            await trx('transport_requests').where({ id }).update({ budget: rand(1000), deleted_at: null });
          }
        }
        await recordChange(trx, 'transport_request', id, [{ role: 'transport' }], op);
        await sleep(rand(25)); // commit much later, while others start, write and commit
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
    const user = (await loadSessionUser(db.knex, testConfig('http://x'), userId))!;
    const copy = new Map<string, unknown>();
    let cursor: string | undefined;
    const readOnce = async () => {
      for (;;) {
        const res = await pull(db.knex, loaders, user, { cursor, limit: 37, now: new Date() });
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
          await sleep(rand(2));
        }
      })();
      await Promise.all(Array.from({ length: WRITERS }, () => writer(db.knex, ids)));
      writing = false;
      await reader;
      await readOnce();

      const server = await db.knex('transport_requests').whereNull('deleted_at').select('id', 'cargo_description', 'budget');
      const expected = new Map(server.map((r) => [r.id, r]));
      expect(copy.size, `round ${round}`).toBe(expected.size);
      for (const [id, row] of expected) expect(copy.get(id), `round ${round}: ${id}`).toEqual(row);
    }
  });
});

describe.runIf(onPostgres)('pushes from many clients at once', () => {
  const CLIENTS = 20;
  const PER_PUSH = 10;
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ poolMax: 12 });
  });
  afterAll(() => db?.drop());

  it(`${CLIENTS} clients, each batch sent twice at once (a lost answer), apply every mutation exactly once and the feed shows them all`, async () => {
    const { push } = await import('./push');
    const { loaders: allLoaders } = syncRegistry;
    const config = testConfig('http://x');
    const contractors = await Promise.all(Array.from({ length: CLIENTS }, () => createUser(db.knex, { role: 'contractor' })));
    const hauler = (await loadSessionUser(db.knex, config, (await createUser(db.knex, { role: 'transport' })).id))!;
    const seen = new Set<string>();
    let cursor: string | undefined;
    const readOnce = async () => {
      for (;;) {
        const res = await pull(db.knex, allLoaders, hauler, { cursor, limit: 50, entities: ['transport_request'], now: new Date() });
        if ('reset' in res) throw new Error('unexpected reset');
        for (const c of res.changes) if (c.entity === 'transport_request' && c.op === 'upsert') seen.add(c.id);
        cursor = res.cursor;
        if (!res.has_more) return;
      }
    };
    let pushing = true;
    const reader = (async () => {
      while (pushing) {
        await readOnce();
        await sleep(rand(5));
      }
    })();
    const ids: string[] = [];
    await Promise.all(
      contractors.map(async (c) => {
        const user = (await loadSessionUser(db.knex, config, c.id))!;
        const batch = Array.from({ length: PER_PUSH }, (_, i) => {
          const id = crypto.randomUUID();
          ids.push(id);
          return { id: i + 1, name: 'transport_request.create', args: { id, pickup_location: 'جدة', delivery_location: 'الرياض', cargo_description: `حمولة ${i}` } };
        });
        const body = { client_id: crypto.randomUUID(), mutations: batch };
        const deps = { config, clock: createClock() };
        const [a, b] = await Promise.all([push(db.knex, syncRegistry, deps, user, body), push(db.knex, syncRegistry, deps, user, body)]);
        expect(a).toEqual(b);
        expect(a.results.every((r) => r.status === 'applied'), JSON.stringify(a.results)).toBe(true);
        expect(a.last_mutation_id).toBe(PER_PUSH);
      }),
    );
    pushing = false;
    await reader;
    await readOnce();
    const rows = await db.knex('transport_requests').whereIn('id', ids).select('id');
    expect(rows).toHaveLength(CLIENTS * PER_PUSH);
    expect(Number((await db.knex('sync_mutations').count({ n: '*' }).first())!.n)).toBe(CLIENTS * PER_PUSH);
    for (const id of ids) expect(seen.has(id), id).toBe(true);
  });
});
