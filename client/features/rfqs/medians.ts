/**
 * The market prices fetched online laid over a comparison computed on the device. Only a
 * line whose median differs becomes a new object (its cells kept as they are), so a
 * screen that memoises its lines on their identity redraws the medians alone, and the
 * comparison itself is not computed a second time.
 */
import type { RfqComparison } from '../../../shared/schemas/rfq';

/** `comparison` with `medians` (by RFQ line id) as its lines' market prices; the same object when nothing changes. */
export function withMedians(comparison: RfqComparison, medians?: Readonly<Record<string, number | null>>): RfqComparison {
  if (!medians) return comparison;
  let changed = false;
  const lines = comparison.lines.map((line) => {
    if (!Object.hasOwn(medians, line.rfq_line_id) || medians[line.rfq_line_id] === line.market_median) return line;
    changed = true;
    return { ...line, market_median: medians[line.rfq_line_id] };
  });
  return changed ? { ...comparison, lines } : comparison;
}
