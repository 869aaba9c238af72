/**
 * The verification tier a company earns: the one rule the server applies
 * (server/modules/tiers/recompute.ts) and the pricing screen explains, from the table below,
 * so what users read is what the server does. Nobody sets a tier by hand.
 *
 * - `unverified` until the commercial register's check of the company's CR passed (its
 *   verified result on record): the register is the only evidence of who a company is.
 * - `verified` once it did.
 * - silver, gold, platinum, diamond: each needs the completed deals of the twelve months
 *   before now (a purchase order with a goods receipt, a delivered transport request; as
 *   either party) and, for a company that sold or carried in those months (a completed
 *   deal as the seller or the carrier), its 12-month scorecard's figures: on time, filled,
 *   rejected at the site and disputes decided for the buyer; a carrier that sold no goods
 *   is not held to filled and rejected, which measure goods. A figure the scorecard does
 *   not show yet (too few deals behind it) does not meet its bar. A company that only buys
 *   (a contractor, a government body) has no scorecard: its completed deals alone earn
 *   its tier.
 * - Each tier needs every lower one's bars too (the table rises), so a company's tier is the
 *   highest row whose bars it meets, rows taken in order.
 */
import type { VerificationTier } from './constants';

type EarnedTier = Exclude<VerificationTier, 'unverified' | 'verified'>;

/** A tier's bars: its deals, and what a seller's 12-month scorecard must show. */
export interface TierRule {
  tier: EarnedTier;
  /** completed deals in the last 12 months, at least */
  deals: number;
  /** a seller's on-time share (0..1), at least */
  on_time: number;
  /** a seller's filled share (0..1), at least */
  fill: number;
  /** a seller's rejected share (0..1), at most */
  rejection: number;
  /** disputes decided for the buyer in the last 12 months, at most */
  disputes_for_buyer: number;
}

export const TIER_RULES: readonly TierRule[] = [
  { tier: 'silver', deals: 5, on_time: 0.8, fill: 0.9, rejection: 0.05, disputes_for_buyer: 2 },
  { tier: 'gold', deals: 20, on_time: 0.9, fill: 0.95, rejection: 0.03, disputes_for_buyer: 1 },
  { tier: 'platinum', deals: 50, on_time: 0.95, fill: 0.97, rejection: 0.02, disputes_for_buyer: 0 },
  { tier: 'diamond', deals: 100, on_time: 0.97, fill: 0.98, rejection: 0.01, disputes_for_buyer: 0 },
];

/** The 12-month seller scorecard's figures the bars read (null: not shown yet). */
interface SellerFigures {
  /** it sold goods in the window (a carrier alone: false, and filled and rejected do not apply) */
  goods: boolean;
  on_time_rate: number | null;
  fill_rate: number | null;
  rejection_rate: number | null;
  disputes_for_buyer: number | null;
}

/** What the rule reads of a company at a moment. */
export interface TierFacts {
  /** the register's last check of its CR was `verified` */
  cr_verified: boolean;
  /** completed deals in the 12 months before now, as either party */
  deals: number;
  /** its 12-month scorecard when it sold or carried in the window (figures null until shown), else null (a buyer) */
  seller: SellerFigures | null;
}

type TierCriterion = 'deals' | 'on_time' | 'fill' | 'rejection' | 'disputes_for_buyer';

/** A bar not met: what it needs, and what the company has (null: not shown yet). */
export interface TierShortfall {
  criterion: TierCriterion;
  need: number;
  have: number | null;
  /** `min`: at least `need`; `max`: at most `need` */
  bound: 'min' | 'max';
}

/** The bars of `rule` that `facts` does not meet (none: the tier is earned). */
function shortfallsOf(rule: TierRule, facts: TierFacts): TierShortfall[] {
  const out: TierShortfall[] = [];
  const atLeast = (criterion: TierCriterion, need: number, have: number | null) => {
    if (have == null || have < need) out.push({ criterion, need, have, bound: 'min' });
  };
  const atMost = (criterion: TierCriterion, need: number, have: number | null) => {
    if (have == null || have > need) out.push({ criterion, need, have, bound: 'max' });
  };
  atLeast('deals', rule.deals, facts.deals);
  if (facts.seller) {
    atLeast('on_time', rule.on_time, facts.seller.on_time_rate);
    if (facts.seller.goods) {
      atLeast('fill', rule.fill, facts.seller.fill_rate);
      atMost('rejection', rule.rejection, facts.seller.rejection_rate);
    }
    atMost('disputes_for_buyer', rule.disputes_for_buyer, facts.seller.disputes_for_buyer);
  }
  return out;
}

/** The tier `facts` earn. */
export function earnedTier(facts: TierFacts): VerificationTier {
  if (!facts.cr_verified) return 'unverified';
  let tier: VerificationTier = 'verified';
  for (const rule of TIER_RULES) {
    if (shortfallsOf(rule, facts).length) break;
    tier = rule.tier;
  }
  return tier;
}

/** The next tier above the one `facts` earn and the bars still missing for it; null at the top or before the register verified the company. */
export function nextTierOf(facts: TierFacts): { rule: TierRule; shortfalls: TierShortfall[] } | null {
  const tier = earnedTier(facts);
  if (tier === 'unverified') return null;
  // `verified` is before the table (-1), so its next is the first row.
  const rule = TIER_RULES[TIER_RULES.findIndex((r) => r.tier === tier) + 1];
  return rule ? { rule, shortfalls: shortfallsOf(rule, facts) } : null;
}
