/** The three-way match of one invoice line (shared/invoice-match.ts): each exception at its boundary. */
import { describe, expect, it } from 'vitest';
import { matchLine, matchStatus, type MatchLineFacts } from './invoice-match';

const facts = (over: Partial<MatchLineFacts> = {}): MatchLineFacts => ({
  ordered: 10, cancelled: 0, received: 10, rejected: 0, accepted: 10, invoiced: 10, invoiced_before: 0, order_unit_price: 5, invoice_unit_price: 5, ...over,
});

describe('matchLine', () => {
  it('matches an invoice of what was received and accepted at the order price', () => {
    expect(matchLine(facts())).toEqual({ exceptions: [], difference: 0 });
    expect(matchLine(facts({ invoiced: 4, invoiced_before: 6 }))).toEqual({ exceptions: [], difference: 0 });
  });
  it('reads not_received once this and earlier invoices bill more than arrived', () => {
    expect(matchLine(facts({ received: 6, accepted: 6, invoiced: 4, invoiced_before: 2 })).exceptions).toEqual([]);
    expect(matchLine(facts({ received: 6, accepted: 6, invoiced: 4, invoiced_before: 3 }))).toEqual({ exceptions: ['not_received'], difference: 5 });
    expect(matchLine(facts({ received: 0, accepted: 0 }))).toEqual({ exceptions: ['not_received'], difference: 50 });
  });
  it('reads rejected_invoiced when what is billed of the arrived goods reaches into the rejected', () => {
    expect(matchLine(facts({ rejected: 2, accepted: 8, invoiced: 8 })).exceptions).toEqual([]);
    expect(matchLine(facts({ rejected: 2, accepted: 8, invoiced: 9 }))).toEqual({ exceptions: ['rejected_invoiced'], difference: 5 });
  });
  it('reads over_received when the receipts exceed the order less what was cancelled', () => {
    expect(matchLine(facts({ received: 11, accepted: 11 })).exceptions).toEqual(['over_received']);
    expect(matchLine(facts({ cancelled: 2, received: 9, accepted: 9, invoiced: 8 })).exceptions).toEqual(['over_received']);
  });
  it('reads price_above_order beyond the tolerance of a halala', () => {
    expect(matchLine(facts({ invoice_unit_price: 5.01 })).exceptions).toEqual([]);
    expect(matchLine(facts({ invoice_unit_price: 5.02 }))).toEqual({ exceptions: ['price_above_order'], difference: 0.2 });
  });
  it('sums an invoice in one word', () => {
    expect(matchStatus([{ exceptions: [] }, { exceptions: [] }])).toBe('matched');
    expect(matchStatus([{ exceptions: [] }, { exceptions: ['not_received'] }])).toBe('exception');
  });
});
