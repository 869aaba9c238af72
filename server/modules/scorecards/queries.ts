/**
 * How stored scorecards are read: one SQL expression builds the API's shape from a row,
 * used by the company's scorecard route and by the quotes that carry their supplier's
 * (server/modules/rfqs/queries.ts), so the same row reads the same through every door.
 * A company no event has measured yet has no row: it reads as empty (emptyScorecard).
 */
import type { Knex } from 'knex';
import { emptyScorecard } from '../../../shared/scorecard';
import type { CompanyScorecards, Scorecard } from '../../../shared/schemas/scorecard';

const cardSql = (a: string) =>
  `json_build_object('window', ${a}.window, 'deals', ${a}.deals, 'on_time_rate', ${a}.on_time_rate, 'fill_rate', ${a}.fill_rate,
     'rejection_rate', ${a}.rejection_rate, 'price_vs_median_percent', ${a}.price_vs_median_percent, 'median_quote_hours', ${a}.median_quote_hours,
     'disputes', json_build_object('opened', ${a}.disputes_opened, 'for_buyer', ${a}.disputes_for_buyer, 'for_seller', ${a}.disputes_for_seller))`;

/** The JSON of `companyColumn`'s scorecards (both windows), or null before any was computed. */
export const scorecardsJsonSql = (companyColumn: string) =>
  `(select json_object_agg(sc.window, ${cardSql('sc')}) from scorecards sc where sc.company_id = ${companyColumn})`;

/** Both windows of a stored pair, the empty card for a window never computed. */
const withEmpty = (stored: Partial<CompanyScorecards> | null | undefined): CompanyScorecards => ({
  '12m': stored?.['12m'] ?? emptyScorecard('12m'),
  all: stored?.all ?? emptyScorecard('all'),
});

/** The stored scorecards of these companies (both windows each). */
export async function scorecardsOf(db: Knex, companyIds: string[]): Promise<Map<string, CompanyScorecards>> {
  if (!companyIds.length) return new Map();
  const rows: Array<{ company_id: string; window: 'all' | '12m'; card: Scorecard }> = await db('scorecards as sc')
    .whereIn('sc.company_id', companyIds)
    .select('sc.company_id', 'sc.window', db.raw(`${cardSql('sc')} as card`));
  const out = new Map<string, Partial<CompanyScorecards>>();
  for (const r of rows) out.set(r.company_id, { ...out.get(r.company_id), [r.window]: r.card });
  return new Map(companyIds.map((id) => [id, withEmpty(out.get(id))]));
}
