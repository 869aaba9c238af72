/**
 * The buyer's award as they build it on the comparison: which quote wins each line.
 * Three ways to start (whole to one supplier, every line to its lowest price, or line by
 * line from nothing), then any line may be changed to another quote that priced it, or
 * left out. What it comes to is shown before it is sent: one purchase order per winning
 * supplier, each with its lines' totals and VAT as the server will compute them
 * (shared/vat.ts), so the confirmation states the amounts that will be ordered.
 */
import { lowestAward, wholeAward } from '../../../shared/rfq';
import type { RfqComparison } from '../../../shared/schemas/rfq';
import { documentTotals, type DocumentTotals } from '../../../shared/vat';

export type AwardMode = 'whole' | 'lowest' | 'chosen';

/** The winning quote per RFQ line id (a line absent: not bought). */
export type AwardChoice = Readonly<Record<string, string>>;

/** The choice a mode starts from: `quoteId` is the whole award's supplier. */
export function startChoice(comparison: RfqComparison, mode: AwardMode, quoteId?: string): AwardChoice {
  const awards = mode === 'lowest' ? lowestAward(comparison) : mode === 'whole' && quoteId ? wholeAward(comparison, quoteId) : [];
  return Object.fromEntries(awards.map((a) => [a.rfq_line_id, a.quote_id]));
}

/** The choice with one line given to `quoteId` (null: left out); a quote that did not price the line is refused (unchanged). */
export function chooseLine(comparison: RfqComparison, choice: AwardChoice, lineId: string, quoteId: string | null): AwardChoice {
  const { [lineId]: _, ...rest } = choice;
  if (quoteId === null) return rest;
  const line = comparison.lines.find((l) => l.rfq_line_id === lineId);
  const priced = line?.cells.some((c) => c.quote_id === quoteId && c.unit_price !== null);
  return priced ? { ...rest, [lineId]: quoteId } : choice;
}

/** The award as the server takes it, in the RFQ's line order. */
export function awardsOf(comparison: RfqComparison, choice: AwardChoice): Array<{ rfq_line_id: string; quote_id: string }> {
  return comparison.lines.flatMap((l) => (choice[l.rfq_line_id] ? [{ rfq_line_id: l.rfq_line_id, quote_id: choice[l.rfq_line_id] }] : []));
}

/** One purchase order the award will make. */
export interface OrderPreview extends DocumentTotals {
  quote_id: string;
  supplier_name: string | null;
  lines: number;
}

/** The purchase orders the choice makes, in the comparison's quote order, and the lines left out. */
export function awardOutcome(comparison: RfqComparison, choice: AwardChoice): { orders: OrderPreview[]; leftOut: number } {
  const orders = comparison.quotes.flatMap((q, i): OrderPreview[] => {
    const won = comparison.lines.filter((l) => choice[l.rfq_line_id] === q.quote_id).map((l) => l.cells[i]);
    if (!won.length) return [];
    const totals = documentTotals(won.map((c) => ({ line_total: c.line_total ?? 0, vat_amount: c.vat_amount ?? 0 })));
    return [{ quote_id: q.quote_id, supplier_name: q.supplier_name, lines: won.length, ...totals }];
  });
  const leftOut = comparison.lines.filter((l) => l.quote_count > 0 && !choice[l.rfq_line_id]).length;
  return { orders, leftOut };
}
