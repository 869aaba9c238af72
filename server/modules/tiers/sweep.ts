/**
 * The tiers time alone changes: a deal leaves the 12-month window, and a buyer's
 * completed deal moves no scorecard of its own. The upkeep applies the rule
 * hourly (and at once when the test clock moves) to every company that has a tier to lose
 * or a verified CR to earn one with; a company neither verified nor holding a tier stays
 * `unverified` whatever time does, so it is left out. Each company in its own transaction.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { recomputeTier } from './recompute';

/** Applies the rule to the companies time may move; how many changed tier. */
export async function sweepTiers(knex: Knex, clock: Pick<Clock, 'now'>): Promise<number> {
  const now = clock.now();
  const due: Array<{ user_id: string; verification_tier: string }> = await knex('profiles as p')
    .join('users as u', 'u.id', 'p.user_id')
    .whereNull('u.deleted_at')
    .leftJoin('company_cr_checks as c', 'c.company_id', 'p.user_id')
    .where((w) => w.whereNot('p.verification_tier', 'unverified').orWhere('c.result', 'verified'))
    .orderBy('p.user_id')
    .select('p.user_id', 'p.verification_tier');
  let changed = 0;
  for (const { user_id, verification_tier } of due) {
    const tier = await knex.transaction((trx) => recomputeTier(trx, user_id, now));
    if (tier && tier !== verification_tier) changed += 1;
  }
  return changed;
}
