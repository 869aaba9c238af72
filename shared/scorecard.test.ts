import { describe, expect, it } from 'vitest';
import { SCORECARD_MIN_DEALS } from './schemas/scorecard';
import { scorecardOf, type MeasuredScorecard } from './scorecard';

const measured = (n: number): MeasuredScorecard => ({
  window: 'all',
  deals: n,
  on_time: { rate: 0.66666, deals: n },
  fill: { rate: 0.9, deals: n },
  rejection: { rate: 0.1, deals: n },
  price: { percent: 4.26, deals: n },
  quote_hours: { median: 12.34, quotes: n },
  disputes: { opened: 1, for_buyer: 1, for_seller: 0 },
});

describe('scorecardOf', () => {
  it(`shows no figure under ${SCORECARD_MIN_DEALS} deals ("not enough deals yet")`, () => {
    const s = scorecardOf(measured(SCORECARD_MIN_DEALS - 1));
    expect(s).toMatchObject({ deals: 2, on_time_rate: null, fill_rate: null, rejection_rate: null, price_vs_median_percent: null, median_quote_hours: null });
    expect(s.disputes).toEqual({ opened: null, for_buyer: null, for_seller: null });
  });

  it('shows each figure, rounded, from enough deals', () => {
    expect(scorecardOf(measured(SCORECARD_MIN_DEALS))).toEqual({
      window: 'all',
      deals: 3,
      on_time_rate: 0.6667,
      fill_rate: 0.9,
      rejection_rate: 0.1,
      price_vs_median_percent: 4.3,
      median_quote_hours: 12.3,
      disputes: { opened: 1, for_buyer: 1, for_seller: 0 },
    });
  });

  it('holds each figure to its own count: a price from two priced deals is not shown beside rates from five', () => {
    const s = scorecardOf({ ...measured(5), price: { percent: 10, deals: 2 } });
    expect(s.price_vs_median_percent).toBeNull();
    expect(s.on_time_rate).toBe(0.6667);
  });
});
