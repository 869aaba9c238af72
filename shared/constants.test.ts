import { describe, expect, it } from 'vitest';
import { YEARLY_SAVING_PERCENT, yearlySavingPercent } from './constants';

describe('yearlySavingPercent', () => {
  it('is the promised saving on every reference price set at it, and 0 on a free plan', () => {
    // The reference plans' yearly price: round(monthly × 12 × (1 − saving)).
    for (const monthly of [99, 299, 799]) expect(yearlySavingPercent(monthly, Math.round(monthly * 12 * (1 - YEARLY_SAVING_PERCENT / 100)))).toBe(YEARLY_SAVING_PERCENT);
    expect(yearlySavingPercent(0, 0)).toBe(0);
  });
});
