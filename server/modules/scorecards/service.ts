/**
 * Scorecards as they are read: a company's stored pair for anyone (as its public page
 * shows it), and the company's own with the orders that pulled a figure down. The figures
 * are only ever read here; compute.ts writes them.
 */
import type { Knex } from 'knex';
import { notFound } from '../../../shared/errors';
import type { CompanyScorecards, OwnScorecard, Scorecard, ScorecardShortfall, ScorecardWindow } from '../../../shared/schemas/scorecard';
import type { SessionUser } from '../../auth/session-user';
import { dealsOf } from './deals';
import { scorecardsOf } from './queries';

/** How many of the orders behind lower figures the company's own view lists, the latest first. */
const SHORTFALLS_SHOWN = 20;

/** GET /api/companies/{id}/scorecard: a live company's scorecards (one window when asked), 404 for anyone else. */
export async function readScorecards(db: Knex, companyId: string, window?: ScorecardWindow): Promise<CompanyScorecards | Scorecard> {
  const company = await db('users as u').join('profiles as p', 'p.user_id', 'u.id').where('u.id', companyId).whereNull('u.deleted_at').first('u.id');
  if (!company) throw notFound('Company');
  const pair = (await scorecardsOf(db, [company.id])).get(company.id) as CompanyScorecards;
  return window ? pair[window] : pair;
}

/**
 * GET /api/company/scorecard: the caller's company's scorecards and its orders that were
 * late, short or had goods rejected (each order as deals.ts measures it), the latest first.
 */
export async function readOwnScorecard(db: Knex, user: SessionUser, now: Date): Promise<OwnScorecard> {
  const scorecards = (await scorecardsOf(db, [user.account_id])).get(user.account_id) as CompanyScorecards;
  const shortfalls: ScorecardShortfall[] = (await dealsOf(db, user.account_id, now))
    .map((d) => {
      const reasons: ScorecardShortfall['reasons'] = [];
      if (d.on_time != null && d.on_time < 1) reasons.push('late');
      if (d.due && d.fill < 1) reasons.push('short');
      if (d.rejected > 0) reasons.push('rejected');
      return {
        purchase_order_id: d.id,
        number: d.number,
        buyer_name: d.buyer_name,
        promised_day: d.promised_day,
        first_received_at: new Date(d.first_received_at).toISOString(),
        reasons,
        on_time: d.on_time,
        fill: d.fill,
        rejected: d.rejected,
      };
    })
    .filter((d) => d.reasons.length)
    .reverse()
    .slice(0, SHORTFALLS_SHOWN);
  return { scorecards, shortfalls };
}
