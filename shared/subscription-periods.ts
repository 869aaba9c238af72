/**
 * The time rules of plans, in one place for the server's services, its sweep and the
 * screens: how long the trial runs, whether a period is still running, how long a payment
 * stays refundable, and when the notices before a trial's or a period's end are due.
 * `now` is always the caller's clock (the app's on the server, so the test clock moves
 * them all), never read here.
 *
 * Where a rule is also a SQL condition (server/db/time-rules.ts), a test
 * on the database holds the two equal at their boundaries.
 */
import { FREE_TRIAL_DAYS, REFUND_WINDOW_DAYS } from './constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A trial ending within this many days gets its one "trial ending" notice. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;
/** A paid period ending within this many days, not cancelled, gets one reminder to renew. */
export const RENEWAL_NOTICE_DAYS = 7;

type Moment = Date | string | number;
const ms = (at: Moment): number => (typeof at === 'number' ? at : new Date(at).getTime());
const daysAfter = (at: Moment, days: number): Date => new Date(ms(at) + days * DAY_MS);

/** When a trial started at `startedAt` ends. */
export const trialEnd = (startedAt: Moment): Date => daysAfter(startedAt, FREE_TRIAL_DAYS);

export interface PeriodState {
  status: 'active' | 'trialing' | 'expired';
  current_period_end: Moment | null;
}

/** Whether a paid period or trial still runs at `now` (no end: the free plan's row, always running); an ended one counts as free. */
export const isRunning = (s: PeriodState, now: Moment): boolean =>
  (s.status === 'active' || s.status === 'trialing') && (s.current_period_end === null || ms(s.current_period_end) > ms(now));

/** The last moment a payment made at `paidAt` is refunded on cancelling (exclusive). */
export const refundableUntil = (paidAt: Moment): Date => daysAfter(paidAt, REFUND_WINDOW_DAYS);

/** Whether cancelling at `now` still refunds a payment made at `paidAt`. */
export const refundWindowOpen = (paidAt: Moment, now: Moment): boolean => ms(now) < refundableUntil(paidAt).getTime();

/** Whether a notice `days` before a period's end is due at `now`: the end is still ahead, and within `days`. */
export const noticeDue = (periodEnd: Moment, now: Moment, days: number): boolean => ms(periodEnd) > ms(now) && ms(periodEnd) <= daysAfter(now, days).getTime();
