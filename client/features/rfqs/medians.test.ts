/** The market prices laid over a comparison computed on the device. */
import { describe, expect, it } from 'vitest';
import { compareQuotes } from '../../../shared/rfq';
import type { Rfq } from '../../../shared/schemas/rfq';
import { withMedians } from './medians';
import { testId, testLine, testQuote } from './testRows';

const [L1, L2, L3] = [testId(1), testId(2), testId(3)];
const rfq = { id: testId(10), status: 'open', lines: [testLine(1, 'line 1', 200), testLine(2, 'line 2', 10), testLine(3, 'line 3', 5)] } as Pick<Rfq, 'id' | 'status' | 'lines'>;
const quotes = [testQuote(1, 'A', rfq.id, { [L1]: 15, [L2]: 2500 }), testQuote(2, 'B', rfq.id, { [L1]: 16 })];
const compared = compareQuotes(rfq, quotes);

describe('withMedians', () => {
  it('gives the same comparison as comparing with the medians', () => {
    const medians = { [L1]: 14.5, [L2]: null };
    expect(withMedians(compared, medians)).toEqual(compareQuotes(rfq, quotes, medians));
  });

  it('makes a new object only of a line whose median changed, keeping its cells', () => {
    const before = compared.lines.find((l) => l.rfq_line_id === L3)!.market_median;
    const next = withMedians(compared, { [L1]: 14.5, [L3]: before });
    expect(next.lines[0]).not.toBe(compared.lines[0]);
    expect(next.lines[0].market_median).toBe(14.5);
    expect(next.lines[0].cells).toBe(compared.lines[0].cells);
    expect(next.lines[1]).toBe(compared.lines[1]);
    expect(next.lines[2]).toBe(compared.lines[2]);
  });

  it('answers the comparison itself when no median changes or none came', () => {
    expect(withMedians(compared)).toBe(compared);
    expect(withMedians(compared, Object.fromEntries(compared.lines.map((l) => [l.rfq_line_id, l.market_median])))).toBe(compared);
  });
});
