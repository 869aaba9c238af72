/**
 * The market prices fetched online laid over a comparison computed on the device. Only a
 * line whose market price differs becomes a new object (its cells kept as they are), so a
 * screen that memoises its lines on their identity redraws the market prices alone, and
 * the comparison itself is not computed a second time.
 */
import type { MarketPrice, RfqComparison } from '../../../shared/schemas/rfq';

const samePrice = (a: MarketPrice | null, b: MarketPrice | null) => a === b || (a !== null && b !== null && a.low === b.low && a.high === b.high && a.median === b.median);

/** `comparison` with `prices` (by RFQ line id) as its lines' market prices; the same object when nothing changes. */
export function withMarketPrices(comparison: RfqComparison, prices?: Readonly<Record<string, MarketPrice | null>>): RfqComparison {
  if (!prices) return comparison;
  let changed = false;
  const lines = comparison.lines.map((line) => {
    if (!Object.hasOwn(prices, line.rfq_line_id) || samePrice(prices[line.rfq_line_id], line.market_price)) return line;
    changed = true;
    return { ...line, market_price: prices[line.rfq_line_id] };
  });
  return changed ? { ...comparison, lines } : comparison;
}
