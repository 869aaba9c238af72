/**
 * Each SQL twin of a shared time rule answers as its function does, on the database: an
 * instant order's overdue and still-active tests, a subscription's running period, the
 * refund window, the notices before a period ends and a review's blind period, at and on either side of every
 * boundary (a millisecond before, at, a millisecond after).
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_WINDOW_DAYS } from '../../shared/constants';
import { instantOrderLifecycle } from '../../shared/lifecycles/instant-orders';
import { isOverdue, orderStatusAt } from '../../shared/instant-order-expiry';
import { isRunning, noticeDue, refundWindowOpen, RENEWAL_NOTICE_DAYS, TRIAL_ENDING_NOTICE_DAYS, type PeriodState } from '../../shared/subscription-periods';
import { createTestDb, type TestDb } from '../test/harness';
import { blindPeriodOver, REVIEW_BLIND_DAYS } from '../../shared/schemas/review';
import { blindPeriodOverSql, noticeDueSql, overdueSql, refundWindowOpenSql, runningSql, stillActiveSql } from './time-rules';

const DAY = 86_400_000;
const NOW = new Date('2026-06-15T09:00:00.000Z');
/** a moment `ms` from NOW, and a millisecond either side of it */
const around = (ms: number) => [ms - 1, ms, ms + 1].map((d) => new Date(NOW.getTime() + d));

describe('the SQL twins of the time rules', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  }, 300_000);
  afterAll(() => db.drop());

  /** Evaluates `twin` on one row aliased `alias` with these columns. */
  async function evaluate(columns: Record<string, string | Date | null>, twin: (knex: Knex) => Knex.Raw, alias: string): Promise<boolean> {
    const knex = db.knex;
    const names = Object.keys(columns);
    const row = names.map((n) => `?::${n.endsWith('_at') || n.endsWith('_end') ? 'timestamptz' : 'text'} as ${n}`).join(', ');
    const values = names.map((n) => (columns[n] instanceof Date ? (columns[n] as Date).toISOString() : columns[n]));
    const { rows } = await knex.raw(`select (?) as v from (select ${row}) ${alias}`, [twin(knex), ...values]);
    return rows[0].v === true;
  }

  it("an instant order's overdue and still-active tests equal isOverdue and orderStatusAt", async () => {
    const moments = [...around(0), ...around(-DAY), ...around(DAY)];
    for (const status of instantOrderLifecycle.states) {
      for (const expires_at of moments) {
        const order = { status, expires_at };
        expect([status, expires_at, await evaluate(order, (k) => overdueSql(k, NOW), 'o')]).toEqual([status, expires_at, isOverdue(order, NOW)]);
        expect([status, expires_at, await evaluate(order, (k) => stillActiveSql(k, NOW), 'o')]).toEqual([
          status,
          expires_at,
          orderStatusAt(order, NOW) === 'active',
        ]);
      }
    }
  });

  it('a running period or trial equals isRunning', async () => {
    for (const status of ['active', 'trialing', 'expired'] as const) {
      for (const current_period_end of [null, ...around(0), ...around(30 * DAY)]) {
        const row: PeriodState = { status, current_period_end };
        const sql = await evaluate({ status, current_period_end }, (k) => runningSql(k, NOW, 's'), 's');
        expect([status, current_period_end, sql]).toEqual([status, current_period_end, isRunning(row, NOW)]);
      }
    }
  });

  it('the refund window equals refundWindowOpen', async () => {
    for (const paid of [...around(-REFUND_WINDOW_DAYS * DAY), ...around(0), ...around(-30 * DAY)]) {
      expect([paid, await evaluate({ created_at: paid }, (k) => refundWindowOpenSql(k, 'p.created_at', NOW), 'p')]).toEqual([paid, refundWindowOpen(paid, NOW)]);
    }
  });

  it('the notices before a trial or a period ends equal noticeDue', async () => {
    for (const days of [TRIAL_ENDING_NOTICE_DAYS, RENEWAL_NOTICE_DAYS]) {
      for (const end of [...around(0), ...around(days * DAY), ...around(-DAY), ...around(30 * DAY)]) {
        const sql = await evaluate({ current_period_end: end }, (k) => noticeDueSql(k, 's.current_period_end', NOW, days), 's');
        expect([days, end, sql]).toEqual([days, end, noticeDue(end, NOW, days)]);
      }
    }
  });

  it("a review's blind period equals blindPeriodOver", async () => {
    for (const written of [...around(-REVIEW_BLIND_DAYS * DAY), ...around(0), ...around(-30 * DAY)]) {
      expect([written, await evaluate({ created_at: written }, (k) => blindPeriodOverSql(k, 'r.created_at', NOW), 'r')]).toEqual([written, blindPeriodOver(written, NOW)]);
    }
  });
});
