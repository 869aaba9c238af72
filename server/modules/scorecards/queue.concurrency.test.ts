/**
 * The scorecard queue under two workers at once, on Postgres (PGlite has one connection, so
 * nothing there runs concurrently): two processes' workers (here two of one process, each
 * with its own name and its lanes side by side) drain one queue while events keep asking
 * for the same companies again; no company is ever measured by two at the same time (the
 * claim's SKIP LOCKED and its lease), every company asked for is measured after its last
 * ask, and the queue ends empty. The measure is a stand-in that only watches what overlaps,
 * so the advisory lock inside recomputeScorecard cannot hide an overlap here.
 */
import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../clock';
import { createTestDb, onPostgres, type TestDb } from '../../test/harness';
import { ScorecardWorker } from './queue';

describe.runIf(onPostgres)('scorecard queue under two workers (Postgres)', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ poolMax: 12 });
  });
  afterAll(() => db.drop());

  it('never measures one company in two workers at once, and measures each after its last ask', async () => {
    const knex = db.knex;
    const companies: string[] = (await knex('users').insert(Array.from({ length: 6 }, (_, i) => ({ email: `q-${i}-${Date.now()}@test.sa` }))).returning('id')).map((r: { id: string }) => r.id);
    const ask = (id: string) =>
      knex.raw('insert into scorecard_queue (company_id) values (?) on conflict (company_id) do update set due_at = now(), version = scorecard_queue.version + 1', [id]);

    const running = new Map<string, number>();
    const overlaps: string[] = [];
    /** When each company was last asked for, and when a measure of it last started. */
    const askedAt = new Map<string, number>();
    const measuredAt = new Map<string, number>();
    const measure = async (trx: Knex.Transaction, companyId: string) => {
      measuredAt.set(companyId, performance.now());
      const n = (running.get(companyId) ?? 0) + 1;
      running.set(companyId, n);
      if (n > 1) overlaps.push(companyId);
      await trx.raw('select pg_sleep(0.01)');
      running.set(companyId, n - 1);
    };
    const workers = [0, 1].map(() => new ScorecardWorker({ knex, logger: pino({ level: 'silent' }), clock: createClock(), recompute: measure }));

    for (const id of companies) await ask(id);
    // Events keep asking while both workers drain, each kicked again as a notice would.
    const drains: Array<Promise<void>> = [];
    for (let round = 0; round < 20; round++) {
      const id = companies[round % companies.length];
      await ask(id);
      askedAt.set(id, performance.now());
      drains.push(...workers.map((w) => w.kick()));
      await new Promise((r) => setTimeout(r, 3));
    }
    await Promise.all(drains);
    await Promise.all(workers.map((w) => w.kick()));

    expect(overlaps).toEqual([]);
    expect(Number((await knex('scorecard_queue').count({ n: '*' }))[0].n)).toBe(0);
    for (const id of companies) {
      expect(measuredAt.has(id), id).toBe(true);
      if (askedAt.has(id)) expect(measuredAt.get(id)!, id).toBeGreaterThan(askedAt.get(id)!);
    }
    await Promise.all(workers.map((w) => w.stop()));
  });
});
