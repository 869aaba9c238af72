/** Rows for the RFQ feature's tests: ids by number, an RFQ line, a supplier's quote with its unit prices by line id. */
import type { MarketPrice, Rfq, RfqQuote } from '../../../shared/schemas/rfq';

export const testId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const testLine = (n: number, description: string, quantity: number, market_price: MarketPrice | null = null): Rfq['lines'][number] => ({
  id: testId(n),
  position: n,
  description,
  quantity,
  unit: 'كيس',
  category_id: null,
  product_id: null,
  budget_line_id: null,
  market_price,
});

/** Quote `n` of supplier `name` on RFQ `rfqId`, pricing the lines named in `prices`. */
export const testQuote = (n: number, name: string, rfqId: string, prices: Record<string, number>): RfqQuote => ({
  id: testId(100 + n),
  rfq_id: rfqId,
  supplier_id: testId(200 + n),
  supplier_name: name,
  supplier_verification_tier: 'verified',
  supplier_city: null,
  supplier_average_rating: 0,
  supplier_total_reviews: 0,
  supplier_scorecard: null,
  delivery_days: 3,
  valid_until: '2026-12-31',
  notes: null,
  lines: Object.entries(prices).map(([rfq_line_id, unit_price]) => ({ rfq_line_id, unit_price, quantity: null, note: null, substitute_product_id: null })),
  revision: 1,
  status: 'submitted',
  created_by_name: null,
  submitted_at: '2026-11-28T00:00:00Z',
  created_at: '2026-11-28T00:00:00Z',
  updated_at: '2026-11-28T00:00:00Z',
});
