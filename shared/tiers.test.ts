/**
 * The tier rule at each boundary of its table: no tier above unverified without the
 * register's verified check; each row's bars met exactly (earned) and missed by the least
 * step (the row below); a seller held to its scorecard (a figure not shown yet fails its
 * bar), a carrier to its on-time share and disputes, a buyer by its deals alone; the next tier and what it still needs.
 */
import { describe, expect, it } from 'vitest';
import { TIER_RULES, earnedTier, nextTierOf, type TierFacts, type TierRule } from './tiers';

const seller = (rule: TierRule, over: Partial<TierFacts['seller'] & { deals: number }> = {}): TierFacts => ({
  cr_verified: true,
  deals: over.deals ?? rule.deals,
  seller: {
    goods: true,
    on_time_rate: rule.on_time,
    fill_rate: rule.fill,
    rejection_rate: rule.rejection,
    disputes_for_buyer: rule.disputes_for_buyer,
    ...over,
  },
});
const below = (i: number) => (i === 0 ? 'verified' : TIER_RULES[i - 1].tier);
const LADDER = ['verified', ...TIER_RULES.map((r) => r.tier)];
/** A tier lower than row i's (the row below, or lower still where its bar is as tight). */
const lowerThan = (i: number) => LADDER.slice(0, i + 1);

describe('earnedTier', () => {
  it('is unverified without the register’s verified check, whatever the record', () => {
    const top = TIER_RULES.at(-1)!;
    expect(earnedTier({ ...seller(top, { deals: 1000 }), cr_verified: false })).toBe('unverified');
    expect(earnedTier({ cr_verified: false, deals: 1000, seller: null })).toBe('unverified');
  });

  it('is verified with the check and no deals, or deals short of the first row', () => {
    expect(earnedTier({ cr_verified: true, deals: 0, seller: null })).toBe('verified');
    expect(earnedTier(seller(TIER_RULES[0], { deals: TIER_RULES[0].deals - 1 }))).toBe('verified');
  });

  it('rises in order: silver, gold, platinum, diamond, each needing more than the one below', () => {
    expect(TIER_RULES.map((r) => r.tier)).toEqual(['silver', 'gold', 'platinum', 'diamond']);
    for (let i = 1; i < TIER_RULES.length; i += 1) {
      const [lo, hi] = [TIER_RULES[i - 1], TIER_RULES[i]];
      expect(hi.deals).toBeGreaterThan(lo.deals);
      expect(hi.on_time).toBeGreaterThanOrEqual(lo.on_time);
      expect(hi.fill).toBeGreaterThanOrEqual(lo.fill);
      expect(hi.rejection).toBeLessThanOrEqual(lo.rejection);
      expect(hi.disputes_for_buyer).toBeLessThanOrEqual(lo.disputes_for_buyer);
    }
  });

  describe.each(TIER_RULES.map((rule, i) => [rule.tier, rule, i] as const))('%s', (tier, rule, i) => {
    it('is earned by a seller exactly at every bar', () => {
      expect(earnedTier(seller(rule))).toBe(tier);
    });
    it('is missed by one deal too few', () => {
      expect(earnedTier(seller(rule, { deals: rule.deals - 1 }))).toBe(below(i));
    });
    it('is missed by a seller a step under on time or fill, or over rejection or disputes', () => {
      expect(lowerThan(i)).toContain(earnedTier(seller(rule, { on_time_rate: rule.on_time - 0.0001 })));
      expect(lowerThan(i)).toContain(earnedTier(seller(rule, { fill_rate: rule.fill - 0.0001 })));
      expect(lowerThan(i)).toContain(earnedTier(seller(rule, { rejection_rate: rule.rejection + 0.0001 })));
      expect(lowerThan(i)).toContain(earnedTier(seller(rule, { disputes_for_buyer: rule.disputes_for_buyer + 1 })));
    });
    it('is missed by a seller whose scorecard does not show a figure yet: no row is met, so it stays verified', () => {
      for (const figure of ['on_time_rate', 'fill_rate', 'rejection_rate', 'disputes_for_buyer'] as const) expect(earnedTier(seller(rule, { [figure]: null }))).toBe('verified');
    });
    it('is earned by a carrier (no goods sold) without the goods’ bars, held to on time and disputes', () => {
      const carrier = (over: Partial<NonNullable<TierFacts['seller']>>) => seller(rule, { goods: false, fill_rate: null, rejection_rate: null, ...over });
      expect(earnedTier(carrier({}))).toBe(tier);
      expect(lowerThan(i)).toContain(earnedTier(carrier({ on_time_rate: rule.on_time - 0.0001 })));
      expect(lowerThan(i)).toContain(earnedTier(carrier({ disputes_for_buyer: rule.disputes_for_buyer + 1 })));
    });
    it('is earned by a buyer by its deals alone', () => {
      expect(earnedTier({ cr_verified: true, deals: rule.deals, seller: null })).toBe(tier);
      expect(earnedTier({ cr_verified: true, deals: rule.deals - 1, seller: null })).toBe(below(i));
    });
  });
});

describe('nextTierOf', () => {
  it('names the next row and only the bars still missed; none at the top or before the check', () => {
    const [silver, gold] = TIER_RULES;
    const next = nextTierOf(seller(silver, { on_time_rate: gold.on_time }));
    expect(next?.rule.tier).toBe('gold');
    expect(next?.shortfalls.map((s) => s.criterion)).toEqual(['deals', 'fill', 'rejection', 'disputes_for_buyer']);
    expect(next?.shortfalls[0]).toEqual({ criterion: 'deals', need: gold.deals, have: silver.deals, bound: 'min' });
    expect(nextTierOf({ cr_verified: true, deals: 0, seller: null })?.rule.tier).toBe('silver');
    expect(nextTierOf(seller(TIER_RULES.at(-1)!))).toBeNull();
    expect(nextTierOf({ cr_verified: false, deals: 0, seller: null })).toBeNull();
  });
});
