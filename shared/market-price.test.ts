/** What the market price shows of the deals kept: nothing, a band rounded outward, or a band and its median. */
import { describe, expect, it } from 'vitest';
import { MARKET_BAND_PARTIES, MARKET_MEDIAN_PARTIES, marketPriceOf } from './market-price';

const kept = (low: number, high: number, median: number, buyers: number, sellers = buyers) => ({ low, high, median, buyers, sellers });

describe('marketPriceOf', () => {
  it('shows nothing from fewer distinct buyers or sellers than a band needs', () => {
    expect(marketPriceOf(undefined)).toBeNull();
    expect(marketPriceOf(kept(18.2, 19.4, 18.9, MARKET_BAND_PARTIES - 1, 10))).toBeNull();
    expect(marketPriceOf(kept(18.2, 19.4, 18.9, 10, MARKET_BAND_PARTIES - 1))).toBeNull();
  });

  it('shows a thin market as a band rounded outward to two figures, without its median', () => {
    expect(marketPriceOf(kept(18.2, 19.4, 18.9, MARKET_BAND_PARTIES))).toEqual({ low: 18, high: 20, median: null });
    expect(marketPriceOf(kept(1234.56, 1377.25, 1300, MARKET_BAND_PARTIES, MARKET_MEDIAN_PARTIES))).toEqual({ low: 1200, high: 1400, median: null });
    expect(marketPriceOf(kept(0.61, 0.65, 0.63, MARKET_BAND_PARTIES))).toEqual({ low: 0.61, high: 0.65, median: null });
    // Every kept price the same: a band of one figure, which belongs to several companies.
    expect(marketPriceOf(kept(18, 18, 18, MARKET_BAND_PARTIES))).toEqual({ low: 18, high: 18, median: null });
  });

  it('adds the median, to three figures, once enough distinct buyers and sellers make it up', () => {
    expect(marketPriceOf(kept(100, 108, 104.005, MARKET_MEDIAN_PARTIES))).toEqual({ low: 100, high: 110, median: 104 });
    expect(marketPriceOf(kept(130, 140, 137.25, MARKET_MEDIAN_PARTIES))).toEqual({ low: 130, high: 140, median: 137 });
    expect(marketPriceOf(kept(0.6, 0.7, 0.634, MARKET_MEDIAN_PARTIES))).toEqual({ low: 0.6, high: 0.7, median: 0.63 });
  });
});
