/** The award a buyer builds on the comparison, and the purchase orders it comes to. */
import { describe, expect, it } from 'vitest';
import { compareQuotes } from '../../../shared/rfq';
import type { Rfq } from '../../../shared/schemas/rfq';
import { awardOutcome, awardsOf, chooseLine, restOf, startChoice } from './award';
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
      { rfq_line_id: L1, quote_id: A.id, quantity: 200 },
      { rfq_line_id: L2, quote_id: B.id, quantity: 10 },
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
    expect(awardsOf(comparison, choice)).toEqual([{ rfq_line_id: L1, quote_id: B.id, quantity: 200 }]);
    expect(awardOutcome(comparison, choice).leftOut).toBe(1);
    choice = chooseLine(comparison, choice, L1, null);
    expect(awardsOf(comparison, choice)).toEqual([]);
  });

  describe('of a line one supplier offers only part of', () => {
    // C has 80 of line 1's 200 bags at 14.00, the cheapest; A has them all at 15.00.
    const C = { ...quote(3, 'C', { [L1]: 14 }), lines: [{ rfq_line_id: L1, unit_price: 14, quantity: 80, note: null, substitute_product_id: null }] };
    const partial = compareQuotes(rfq, [A, B, C]);

    it('splits to the lowest the part it offers and the rest to the next lowest', () => {
      const choice = startChoice(partial, 'lowest');
      expect(choice[L1]).toEqual([C.id, A.id]);
      expect(awardsOf(partial, choice).filter((a) => a.rfq_line_id === L1)).toEqual([
        { rfq_line_id: L1, quote_id: C.id, quantity: 80 },
        { rfq_line_id: L1, quote_id: A.id, quantity: 120 },
      ]);
      const orders = awardOutcome(partial, choice).orders;
      // C: 80 × 14.00 = 1,120.00; A: 120 × 15.00 = 1,800.00 (its line 2 went to B).
      expect(orders.find((o) => o.quote_id === C.id)).toMatchObject({ subtotal: 1120, total: 1288 });
      expect(orders.find((o) => o.quote_id === A.id)).toMatchObject({ subtotal: 1800, total: 2070 });
    });

    it('orders only what it offers when it has the whole award, and says the line is bought in part', () => {
      const choice = startChoice(partial, 'whole', C.id);
      expect(awardsOf(partial, choice)).toEqual([{ rfq_line_id: L1, quote_id: C.id, quantity: 80 }]);
      expect(awardOutcome(partial, choice)).toMatchObject({ leftOut: 1, short: 1 });
      expect(restOf(partial, choice, L1)).toBe(120);
    });

    it('takes the rest from another quote chosen after it, and never the same quote twice or past a full line', () => {
      let choice = chooseLine(partial, {}, L1, C.id);
      choice = chooseLine(partial, choice, L1, C.id, 1);
      expect(choice[L1]).toEqual([C.id]);
      choice = chooseLine(partial, choice, L1, B.id, 1);
      expect(awardsOf(partial, choice)).toEqual([
        { rfq_line_id: L1, quote_id: C.id, quantity: 80 },
        { rfq_line_id: L1, quote_id: B.id, quantity: 120 },
      ]);
      expect(chooseLine(partial, choice, L1, A.id, 2)).toBe(choice);
      // Changing the first supplier drops the ones after it.
      expect(chooseLine(partial, choice, L1, A.id)[L1]).toEqual([A.id]);
      expect(chooseLine(partial, choice, L1, null, 1)[L1]).toEqual([C.id]);
    });
  });
});
