import { describe, expect, it } from 'vitest';
import { canAward, canQuote, compareQuotes, lowestAward, planAward, quoteLineAmounts, rfqPhase, wholeAward } from './rfq';
import type { Rfq, RfqQuote } from './schemas/rfq';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const now = new Date('2026-11-28T10:00:00Z');

describe('rfqPhase', () => {
  it('is open until the closing time, then closed; awarded and cancelled stay so', () => {
    expect(rfqPhase({ status: 'open', closes_at: '2026-11-28T10:00:01Z' }, now)).toBe('open');
    expect(rfqPhase({ status: 'open', closes_at: '2026-11-28T10:00:00Z' }, now)).toBe('closed');
    expect(rfqPhase({ status: 'awarded', closes_at: '2026-12-01T00:00:00Z' }, now)).toBe('awarded');
    expect(rfqPhase({ status: 'cancelled', closes_at: '2026-12-01T00:00:00Z' }, now)).toBe('cancelled');
  });

  it('takes quotes only while open; awards while open or closed', () => {
    const open = { status: 'open' as const, closes_at: '2026-11-29T00:00:00Z' };
    const closed = { status: 'open' as const, closes_at: '2026-11-27T00:00:00Z' };
    expect([canQuote(open, now), canQuote(closed, now), canQuote({ ...open, status: 'awarded' }, now)]).toEqual([true, false, false]);
    expect([canAward(open, now), canAward(closed, now), canAward({ ...open, status: 'awarded' }, now), canAward({ ...open, status: 'cancelled' }, now)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

const line = (n: number, quantity: number, median: number | null = null): Rfq['lines'][number] => ({
  id: id(n),
  position: n,
  description: `line ${n}`,
  quantity,
  unit: 'bag',
  category_id: null,
  product_id: null,
  budget_line_id: null,
  market_price: median === null ? null : { low: median, high: median, median },
});
const quote = (n: number, prices: Record<number, number>): RfqQuote => ({
  id: id(100 + n),
  rfq_id: id(0),
  supplier_id: id(200 + n),
  supplier_name: `S${n}`,
  supplier_verification_tier: 'verified',
  supplier_city: null,
  supplier_average_rating: 4,
  supplier_total_reviews: 2,
  supplier_scorecard: null,
  delivery_days: 3,
  valid_until: '2026-12-31',
  notes: null,
  lines: Object.entries(prices).map(([l, unit_price]) => ({ rfq_line_id: id(Number(l)), unit_price, quantity: null, note: null, substitute_product_id: null })),
  revision: 1,
  status: 'submitted',
  created_by_name: null,
  submitted_at: '2026-11-28T09:00:00Z',
  created_at: '2026-11-28T09:00:00Z',
  updated_at: '2026-11-28T09:00:00Z',
});

describe('compareQuotes', () => {
  // Line 2 is listed first but has position 2: lines come in position order.
  const rfq = { id: id(0), status: 'open' as const, lines: [line(2, 3, 0.65), line(1, 200, 18), line(3, 5)] };
  const a = quote(1, { 1: 18.5, 2: 0.7 });
  const b = quote(2, { 1: 17.25, 2: 0.7 });
  const c = quote(3, {});
  const cmp = compareQuotes(rfq, [a, b, c]);

  it('puts lines down in position order, a cell per quote in the quotes order, gaps as nulls', () => {
    expect(cmp.lines.map((l) => l.position)).toEqual([1, 2, 3]);
    expect(cmp.lines[0].cells.map((c) => c.quote_id)).toEqual([a.id, b.id, c.id]);
    expect(cmp.lines[0].cells.map((c) => c.unit_price)).toEqual([18.5, 17.25, null]);
    expect(cmp.lines[2].cells.every((c) => c.unit_price === null && !c.lowest)).toBe(true);
    expect(cmp.lines[2].lowest_unit_price).toBeNull();
    expect(cmp.unquoted_lines).toBe(1);
  });

  it('marks the lowest unit price of a line, every one of a tie', () => {
    expect(cmp.lines[0].cells.map((c) => c.lowest)).toEqual([false, true, false]);
    expect(cmp.lines[1].cells.map((c) => c.lowest)).toEqual([true, true, false]);
    expect(cmp.quotes.map((q) => q.lowest_lines)).toEqual([1, 2, 0]);
  });

  it('prices a line at the asked quantity, VAT per line, and sums each quote', () => {
    expect(cmp.lines[0].cells[0]).toMatchObject({ line_total: 3700, vat_amount: 555 });
    // 3 × 0.70 = 2.10, VAT 0.315 -> 0.32
    expect(cmp.lines[1].cells[0]).toMatchObject({ line_total: 2.1, vat_amount: 0.32 });
    expect(cmp.quotes[0]).toMatchObject({ quoted_lines: 2, subtotal: 3702.1, vat_total: 555.32, total: 4257.42 });
    expect(cmp.quotes[0].coverage).toBeCloseTo(2 / 3);
    expect(cmp.quotes[2]).toMatchObject({ quoted_lines: 0, coverage: 0, subtotal: 0, total: 0 });
    expect(cmp.best_subtotal).toBe(3450 + 2.1);
    expect(cmp.vat_rate).toBe(0.15);
  });

  it('carries each line market price', () => {
    expect(cmp.lines.map((l) => l.market_price?.median ?? null)).toEqual([18, 0.65, null]);
  });

  it('proposes the lowest split and the whole award from the comparison', () => {
    expect(lowestAward(cmp)).toEqual([
      { rfq_line_id: id(1), quote_id: b.id, quantity: 200 },
      { rfq_line_id: id(2), quote_id: a.id, quantity: 3 },
    ]);
    expect(wholeAward(cmp, a.id).map((x) => x.rfq_line_id)).toEqual([id(1), id(2)]);
    expect(wholeAward(cmp, c.id)).toEqual([]);
  });
});

describe('a partly quoted line', () => {
  // 200 bags asked: S1 has 80 at 17.00, S2 all 200 at 18.00, S3 300 (more than asked) at 19.00.
  const rfq = { id: id(0), status: 'open' as const, lines: [line(1, 200)] };
  const offering = (n: number, price: number, quantity: number | null) => {
    const q = quote(n, { 1: price });
    return { ...q, lines: [{ ...q.lines[0], quantity }] };
  };
  const [s1, s2, s3] = [offering(1, 17, 80), offering(2, 18, null), offering(3, 19, 300)];
  const cmp = compareQuotes(rfq, [s1, s2, s3]);

  it('is worth the quantity it offers, never more than asked', () => {
    expect(quoteLineAmounts({ quantity: 200 }, { unit_price: 17, quantity: 80 })).toEqual({ quantity: 80, line_total: 1360, vat_amount: 204, total: 1564, partial: true });
    expect(quoteLineAmounts({ quantity: 200 }, { unit_price: 19, quantity: 300 })).toMatchObject({ quantity: 200, line_total: 3800, partial: false });
    expect(quoteLineAmounts({ quantity: 200 }, { unit_price: 18, quantity: null })).toMatchObject({ quantity: 200, line_total: 3600, partial: false });
  });

  it('is compared on what it offers, ranked per unit price, with its coverage', () => {
    expect(cmp.lines[0].cells.map((c) => [c.quantity_offered, c.line_total, c.lowest])).toEqual([
      [80, 1360, true],
      [200, 3600, false],
      [200, 3800, false],
    ]);
    expect(cmp.quotes.map((q) => [q.subtotal, q.quantity_coverage])).toEqual([
      [1360, 0.4],
      [3600, 1],
      [3800, 1],
    ]);
    // 80 at 17.00 and the other 120 at 18.00.
    expect(cmp.best_subtotal).toBe(1360 + 2160);
  });

  it('is proposed split to the lowest, the rest to the next lowest; whole, at what the quote offers', () => {
    expect(lowestAward(cmp)).toEqual([
      { rfq_line_id: id(1), quote_id: s1.id, quantity: 80 },
      { rfq_line_id: id(1), quote_id: s2.id, quantity: 120 },
    ]);
    expect(wholeAward(cmp, s1.id)).toEqual([{ rfq_line_id: id(1), quote_id: s1.id, quantity: 80 }]);
  });

  it('is awarded up to the offer and the line, never beyond', () => {
    const lines = new Map([[id(1), { quantity: 200 }]]);
    const offers = new Map([s1, s2, s3].map((q) => [q.id, q.lines[0]]));
    const priced = (quoteId: string) => offers.get(quoteId);
    const plan = (awards: Parameters<typeof planAward>[2]) => planAward(lines, priced, awards);
    expect(plan([{ rfq_line_id: id(1), quote_id: s1.id }, { rfq_line_id: id(1), quote_id: s2.id, quantity: 120 }])).toEqual({
      awards: [
        { rfq_line_id: id(1), quote_id: s1.id, quantity: 80 },
        { rfq_line_id: id(1), quote_id: s2.id, quantity: 120 },
      ],
      problems: [],
    });
    expect(plan([{ rfq_line_id: id(1), quote_id: s1.id, quantity: 80.1 }]).problems).toEqual([{ path: 'awards.0.quantity', message: 'exceeds_offer' }]);
    expect(plan([{ rfq_line_id: id(1), quote_id: s1.id }, { rfq_line_id: id(1), quote_id: s3.id }]).problems).toEqual([{ path: 'awards.1.quantity', message: 'exceeds_line' }]);
    expect(plan([{ rfq_line_id: id(2), quote_id: s1.id }]).problems).toEqual([{ path: 'awards.0', message: 'line_not_quoted' }]);
  });
});
