/**
 * The scorecards time alone changes: a deal leaves the 12-month window, an order's promised
 * day passes (it is then judged late or short), the market median moves. No event marks
 * these, so the upkeep recomputes every scorecard computed more than a day before the app's
 * `now` (hourly, and at once when the test clock moves): a figure is at most a day behind
 * the time that passed. Events are the queue's (queue.ts), measured moments after them;
 * this sweep is also its safety net, should a company's row be lost.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { recomputeScorecard } from './compute';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Companies recomputed per sweep, each in its own transaction; the rest wait for the next hour. */
const BATCH = 500;

/** Recomputes the scorecards a day old; how many companies were. */
export async function sweepScorecards(knex: Knex, clock: Clock): Promise<number> {
  const now = clock.now();
  const stale: Array<{ company_id: string }> = await knex('scorecards')
    .where('computed_at', '<', new Date(now.getTime() - DAY_MS).toISOString())
    .distinct('company_id')
    .limit(BATCH);
  for (const { company_id } of stale) await knex.transaction((trx) => recomputeScorecard(trx, company_id, now));
  return stale.length;
}
