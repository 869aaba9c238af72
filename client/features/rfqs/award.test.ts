/** The award a buyer builds on the comparison, and the purchase orders it comes to. */
import { describe, expect, it } from 'vitest';
import { compareQuotes } from '../../../shared/rfq';
import type { Rfq } from '../../../shared/schemas/rfq';
import { awardOutcome, awardsOf, chooseLine, startChoice } from './award';
import { testId, testLine, testQuote } from './testRows';

const [L1, L2, L3] = [testId(1), testId(2), testId(3)];
const rfq = { id: testId(10), status: 'open', lines: [testLine(1, 'line 1', 200), testLine(2, 'line 2', 10), testLine(3, 'line 3', 5)] } as Pick<Rfq, 'id' | 'status' | 'lines'>;
const quote = (n: number, name: string, prices: Record<string, number>) => testQuote(n, name, rfq.id, prices);
// A is cheaper on line 1, B on line 2; nobody prices line 3.
const A = quote(1, 'A', { [L1]: 15, [L2]: 2500 });
const B = quote(2, 'B', { [L1]: 16, [L2]: 2400 });
const comparison = compareQuotes(rfq, [A, B]);

describe('the award', () => {
  it('splits to the lowest per line: one order per winning supplier, with VAT per line', () => {
    const choice = startChoice(comparison, 'lowest');
    expect(awardsOf(comparison, choice)).toEqual([
      { rfq_line_id: L1, quote_id: A.id },
      { rfq_line_id: L2, quote_id: B.id },
    ]);
    const { orders, leftOut } = awardOutcome(comparison, choice);
    expect(orders).toEqual([
      { quote_id: A.id, supplier_name: 'A', lines: 1, subtotal: 3000, vat_total: 450, total: 3450 },
      { quote_id: B.id, supplier_name: 'B', lines: 1, subtotal: 24000, vat_total: 3600, total: 27600 },
    ]);
    expect(leftOut).toBe(0);
  });

  it('gives the whole to one supplier only the lines it priced', () => {
    const choice = startChoice(comparison, 'whole', B.id);
    expect(awardsOf(comparison, choice).map((a) => a.quote_id)).toEqual([B.id, B.id]);
    expect(awardOutcome(comparison, choice).orders).toHaveLength(1);
  });

  it('changes a line to a quote that priced it, refuses one that did not, and leaves a line out', () => {
    let choice = startChoice(comparison, 'chosen');
    expect(awardsOf(comparison, choice)).toEqual([]);
    choice = chooseLine(comparison, choice, L1, B.id);
    choice = chooseLine(comparison, choice, L3, A.id); // nobody priced line 3
    expect(awardsOf(comparison, choice)).toEqual([{ rfq_line_id: L1, quote_id: B.id }]);
    expect(awardOutcome(comparison, choice).leftOut).toBe(1);
    choice = chooseLine(comparison, choice, L1, null);
    expect(awardsOf(comparison, choice)).toEqual([]);
  });
});
