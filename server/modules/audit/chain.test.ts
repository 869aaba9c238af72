/**
 * The audit trail's table and chain, on the database alone: no code path updates, deletes
 * or truncates a row (the trigger, on PGlite and Postgres); verifyChain (what `npm run
 * audit:verify` runs) finds the chain whole, then finds the first row changed, removed or
 * forged in SQL behind the trigger's back; and on Postgres appends at the same moment stay
 * one line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestDb, onPostgres, type TestDb } from '../../test/harness';
import { GENESIS, rowHash, verifyChain } from './chain';
import { recordAudit, type AuditInput } from './record';

describe('the audit chain', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ poolMax: 12 });
  });
  afterAll(() => db.drop());
  const knex = () => db.knex;
  const entry = (n: number): AuditInput => ({
    actor: { id: randomUUID(), company_id: randomUUID(), ip: '203.0.113.7' },
    action: 'payment.confirm',
    record_type: 'payment',
    record_id: randomUUID(),
    changes: { status: ['recorded', 'confirmed'], amount: [n, n + 0.5] },
  });
  const append = (n: number) => knex().transaction((trx) => recordAudit(trx, entry(n)));
  /** Runs SQL on audit_log with its append-only triggers off, as someone with the table's ownership could. */
  const behindTheTrigger = async (sql: string, bindings: unknown[] = []) => {
    await knex().transaction(async (trx) => {
      await trx.raw('alter table audit_log disable trigger audit_log_no_update');
      await trx.raw(sql, bindings as never);
      await trx.raw('alter table audit_log enable trigger audit_log_no_update');
    });
  };
  const firstIds = async () => (await knex()('audit_log').orderBy('id').select('id')).map((r) => Number(r.id));

  it('chains each row to the one before from GENESIS, and verifies whole', async () => {
    expect(await verifyChain(knex())).toEqual({ ok: true, count: 0 });
    for (let n = 1; n <= 4; n++) await append(n);
    const rows = await knex()('audit_log').orderBy('id').select('*');
    expect(rows[0].prev_hash).toBe(GENESIS);
    for (let i = 1; i < rows.length; i++) expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
    expect(rows[3].hash).toBe(rowHash(rows[2].hash, rows[3]));
    expect(rows[0]).toMatchObject({ action: 'payment.confirm', ip: '203.0.113.7', changes: { status: ['recorded', 'confirmed'], amount: [1, 1.5] } });
    expect(await verifyChain(knex())).toEqual({ ok: true, count: 4 });
  });

  it('refuses every UPDATE, DELETE and TRUNCATE of a row', async () => {
    await append(5);
    const [id] = await firstIds();
    await expect(knex()('audit_log').where({ id }).update({ ip: '198.51.100.1' })).rejects.toThrow(/append-only/);
    await expect(knex()('audit_log').where({ id }).delete()).rejects.toThrow(/append-only/);
    await expect(knex().raw('truncate audit_log')).rejects.toThrow(/append-only/);
    expect(await knex()('audit_log').where({ id }).first('ip')).toEqual({ ip: '203.0.113.7' });
    expect((await verifyChain(knex())).ok).toBe(true);
  });

  it('finds a row changed in SQL, a row removed and a row forged, each at the first broken row', async () => {
    await append(6);
    const ids = await firstIds();
    const second = ids[1];
    const original = await knex()('audit_log').where({ id: second }).first('changes', 'hash');

    // Changed: its hash no longer matches its content.
    await behindTheTrigger(`update audit_log set changes = jsonb_set(changes, '{amount,1}', '999') where id = ?`, [second]);
    expect(await verifyChain(knex())).toEqual({ ok: false, count: 2, broken_id: second, reason: 'hash' });
    // Changed with its hash made again: the next row no longer chains to it.
    const row = await knex()('audit_log').where({ id: second }).first('*');
    await behindTheTrigger('update audit_log set hash = ? where id = ?', [rowHash(row.prev_hash, row), second]);
    expect(await verifyChain(knex())).toEqual({ ok: false, count: 3, broken_id: ids[2], reason: 'prev_hash' });
    await behindTheTrigger('update audit_log set changes = ?::jsonb, hash = ? where id = ?', [JSON.stringify(original.changes), original.hash, second]);
    expect((await verifyChain(knex())).ok).toBe(true);

    // Removed: the row after it chains to a hash no row has.
    await behindTheTrigger('delete from audit_log where id = ?', [second]);
    expect(await verifyChain(knex())).toEqual({ ok: false, count: 2, broken_id: ids[2], reason: 'prev_hash' });
  });

  it('finds a forged row inserted without the chain', async () => {
    const forged = await createTestDb();
    try {
      await forged.knex.transaction((trx) => recordAudit(trx, entry(1)));
      await forged.knex('audit_log').insert({ at: new Date(), action: 'payment.confirm', record_type: 'payment', record_id: 'x', changes: '{}', prev_hash: GENESIS, hash: GENESIS });
      const ids = (await forged.knex('audit_log').orderBy('id').select('id')).map((r) => Number(r.id));
      expect(await verifyChain(forged.knex)).toEqual({ ok: false, count: 2, broken_id: ids[1], reason: 'prev_hash' });
    } finally {
      await forged.drop();
    }
  });

  it.runIf(onPostgres)('keeps one chain when appends come at the same moment from many connections (Postgres)', async () => {
    const fresh = await createTestDb({ poolMax: 12 });
    try {
      // Each transaction holds its append a while before committing, so the others start while it is open.
      const slowAppend = (n: number) =>
        fresh.knex.transaction(async (trx) => {
          await recordAudit(trx, entry(n));
          await trx.raw('select pg_sleep(0.02)');
        });
      await Promise.all(Array.from({ length: 10 }, (_, n) => slowAppend(n)));
      expect(await verifyChain(fresh.knex)).toEqual({ ok: true, count: 10 });
      const prevs = (await fresh.knex('audit_log').select('prev_hash')).map((r) => r.prev_hash);
      expect(new Set(prevs).size).toBe(10);
    } finally {
      await fresh.drop();
    }
  });
});
