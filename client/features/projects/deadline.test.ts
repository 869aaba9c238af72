import { describe, expect, it } from 'vitest';
import { deadlinePassed, riyadhToday } from './deadline';

describe('project deadline (a Riyadh calendar day)', () => {
  it('takes bids through the end of the deadline day in Riyadh', () => {
    // 20:59 UTC on the 10th is 23:59 in Riyadh: still the 10th.
    expect(deadlinePassed('2026-12-10', Date.parse('2026-12-10T20:59:00Z'))).toBe(false);
    // 21:00 UTC is midnight in Riyadh: the 11th.
    expect(riyadhToday(Date.parse('2026-12-10T21:00:00Z'))).toBe('2026-12-11');
    expect(deadlinePassed('2026-12-10', Date.parse('2026-12-10T21:00:00Z'))).toBe(true);
    expect(deadlinePassed(null)).toBe(false);
  });
});
