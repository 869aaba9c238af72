/** The market prices laid over a comparison computed on the device. */
import { describe, expect, it } from 'vitest';
import { compareQuotes } from '../../../shared/rfq';
import type { Rfq } from '../../../shared/schemas/rfq';
import { withMarketPrices } from './marketPrices';
import { testId, testLine, testQuote } from './testRows';

const [L1, L2, L3] = [testId(1), testId(2), testId(3)];
const rfq = {
  id: testId(10),
  status: 'open',
  lines: [testLine(1, 'line 1', 200), testLine(2, 'line 2', 10, { low: 2000, high: 3000, median: null }), testLine(3, 'line 3', 5, { low: 4, high: 5, median: 4.5 })],
} as Pick<Rfq, 'id' | 'status' | 'lines'>;
const quotes = [testQuote(1, 'A', rfq.id, { [L1]: 15, [L2]: 2500 }), testQuote(2, 'B', rfq.id, { [L1]: 16 })];
const compared = compareQuotes(rfq, quotes);

describe('withMarketPrices', () => {
  it('gives the same comparison as comparing with the market prices', () => {
    const prices = { [L1]: { low: 14, high: 15, median: 14.5 }, [L2]: null };
    expect(withMarketPrices(compared, prices)).toEqual(compareQuotes(rfq, quotes, prices));
  });

  it('makes a new object only of a line whose market price changed, keeping its cells', () => {
    // Line 3's price arrives again as a new object of the same figures: not a change.
    const next = withMarketPrices(compared, { [L1]: { low: 14, high: 15, median: null }, [L3]: { low: 4, high: 5, median: 4.5 } });
    expect(next.lines[0]).not.toBe(compared.lines[0]);
    expect(next.lines[0].market_price).toEqual({ low: 14, high: 15, median: null });
    expect(next.lines[0].cells).toBe(compared.lines[0].cells);
    expect(next.lines[1]).toBe(compared.lines[1]);
    expect(next.lines[2]).toBe(compared.lines[2]);
  });

  it('answers the comparison itself when no market price changes or none came', () => {
    expect(withMarketPrices(compared)).toBe(compared);
    expect(withMarketPrices(compared, Object.fromEntries(compared.lines.map((l) => [l.rfq_line_id, l.market_price && { ...l.market_price }])))).toBe(compared);
  });
});
