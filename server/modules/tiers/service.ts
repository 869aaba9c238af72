/** The company's own reading of the tier rule (GET /api/company/tier): owner and members. */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { TierProgress } from '../../../shared/schemas/tier-progress';
import { earnedTier, nextTierOf } from '../../../shared/tiers';
import { assertTeamReader } from '../company/service';
import { tierFactsOf } from './recompute';

/** The rule applied to the company's record now: the tier it earns and the next one's bars not met yet. */
export async function getTierProgress(db: Knex, user: SessionUser, now: Date): Promise<TierProgress> {
  const facts = await tierFactsOf(db, assertTeamReader(user), now);
  const next = nextTierOf(facts);
  return {
    tier: earnedTier(facts),
    cr_verified: facts.cr_verified,
    deals: facts.deals,
    seller: facts.seller !== null,
    next: next && { tier: next.rule.tier, shortfalls: next.shortfalls },
  };
}
