/**
 * The SQL twins of the shared time rules (shared/instant-order-expiry.ts,
 * shared/subscription-periods.ts, the reviews' blind period in shared/schemas/review.ts), for the statements that must decide in the database: a
 * reader's status column and filters, a sweep's batch, a plan limit's count inside one
 * statement, the refundable payment. Each is the same test as its shared function at the
 * app's `now`, bound as a value (never the database's now()), so the test clock moves the
 * database's answer with the service's and the device's. time-rules.test.ts holds each
 * twin equal to its function on the database, at the boundaries. They live here, beside
 * the other shared SQL snippets, because several modules filter by them.
 */
import type { Knex } from 'knex';
import { REFUND_WINDOW_DAYS } from '../../shared/constants';
import { REVIEW_BLIND_DAYS } from '../../shared/schemas/review';

const DAY_MS = 24 * 60 * 60 * 1000;
const at = (now: Date, days = 0): string => new Date(now.getTime() + days * DAY_MS).toISOString();

/** isOverdue: the instant order `<alias>` is active and its expires_at has come at `now`. */
export const overdueSql = (db: Knex, now: Date, alias = 'o'): Knex.Raw =>
  db.raw(`(${alias}.status = 'active' and ${alias}.expires_at <= ?::timestamptz)`, [at(now)]);

/** orderStatusAt(…) === 'active': the instant order `<alias>` still takes offers at `now`. */
export const stillActiveSql = (db: Knex, now: Date, alias = 'o'): Knex.Raw =>
  db.raw(`(${alias}.status = 'active' and ${alias}.expires_at > ?::timestamptz)`, [at(now)]);

/** isRunning: the subscription row `<alias>` runs a period or trial at `now`. */
export const runningSql = (db: Knex, now: Date, alias = 'subscriptions'): Knex.Raw =>
  db.raw(`(${alias}.status in ('active', 'trialing') and (${alias}.current_period_end is null or ${alias}.current_period_end > ?::timestamptz))`, [at(now)]);

/** refundWindowOpen: a payment made at `column` is still refunded on cancelling at `now`. */
export const refundWindowOpenSql = (db: Knex, column: string, now: Date): Knex.Raw =>
  db.raw(`(${column} > ?::timestamptz)`, [at(now, -REFUND_WINDOW_DAYS)]);

/** noticeDue: the period ending at `column` is still ahead at `now`, and within `days`. */
export const noticeDueSql = (db: Knex, column: string, now: Date, days: number): Knex.Raw =>
  db.raw(`(${column} > ?::timestamptz and ${column} <= ?::timestamptz)`, [at(now), at(now, days)]);

/** blindPeriodOver: a review written at `column` is published by time alone at `now` (shared/schemas/review.ts). */
export const blindPeriodOverSql = (db: Knex, column: string, now: Date): Knex.Raw => db.raw(`(${column} <= ?::timestamptz)`, [at(now, -REVIEW_BLIND_DAYS)]);
