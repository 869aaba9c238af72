/**
 * The buyer's award as they build it on the comparison: which quotes fill each line.
 * Three ways to start (whole to one supplier, every line to its lowest price, or line by
 * line from nothing), then any line may be changed to other quotes that priced it, or
 * left out. A line is filled in the order its quotes are chosen, each ordering what it
 * offers until the line's quantity is reached (shared/rfq.ts quoteLineAmounts, the
 * rule the server's award applies): a quote short of a line leaves the rest to the
 * next one chosen for it, or unbought. What it comes to is shown before it is sent: one
 * purchase order per winning supplier, each with its lines' totals and VAT as the
 * server will compute them, and the lines bought in part or not at all.
 */
import { fillLine, lowestAward, quoteLineAmounts, wholeAward, type PlannedAward } from '../../../shared/rfq';
import type { ComparisonLine, RfqComparison } from '../../../shared/schemas/rfq';
import { documentTotals, type DocumentTotals } from '../../../shared/vat';

export type AwardMode = 'whole' | 'lowest' | 'chosen';

/** The quotes that fill each RFQ line, by line id, in the order they fill it (a line absent: not bought). */
export type AwardChoice = Readonly<Record<string, readonly string[]>>;

/** The choice a mode starts from: `quoteId` is the whole award's supplier. */
export function startChoice(comparison: RfqComparison, mode: AwardMode, quoteId?: string): AwardChoice {
  const awards = mode === 'lowest' ? lowestAward(comparison) : mode === 'whole' && quoteId ? wholeAward(comparison, quoteId) : [];
  const choice: Record<string, string[]> = {};
  for (const a of awards) (choice[a.rfq_line_id] ??= []).push(a.quote_id);
  return choice;
}

/** What each chosen quote of a line orders, in the order chosen (shared/rfq.ts fillLine), with its cell. */
function fill(line: ComparisonLine, quoteIds: readonly string[]): Array<PlannedAward & { cell: ComparisonLine['cells'][number] }> {
  const cells = quoteIds.flatMap((id) => line.cells.filter((c) => c.quote_id === id));
  return fillLine(line, cells).map((f) => ({ rfq_line_id: line.rfq_line_id, quote_id: f.quote_id, quantity: f.quantity, cell: cells.find((c) => c.quote_id === f.quote_id)! }));
}

/** What of a line the choice leaves unbought (0 when filled). */
export function restOf(comparison: RfqComparison, choice: AwardChoice, lineId: string): number {
  const line = comparison.lines.find((l) => l.rfq_line_id === lineId);
  if (!line) return 0;
  const ordered = fill(line, choice[lineId] ?? []).reduce((sum, a) => sum + Math.round(a.quantity * 10), 0);
  return (Math.round(line.quantity * 10) - ordered) / 10;
}

/**
 * The choice with the `index`-th quote of a line set to `quoteId` and the ones after it
 * dropped (null: the line bought from the ones before only). A quote that did not price
 * the line, one already chosen for it, or a place after a full line is refused (unchanged).
 */
export function chooseLine(comparison: RfqComparison, choice: AwardChoice, lineId: string, quoteId: string | null, index = 0): AwardChoice {
  const before = (choice[lineId] ?? []).slice(0, index);
  const { [lineId]: _, ...rest } = choice;
  if (quoteId === null) return before.length ? { ...rest, [lineId]: before } : rest;
  const line = comparison.lines.find((l) => l.rfq_line_id === lineId);
  const priced = line?.cells.some((c) => c.quote_id === quoteId && c.unit_price !== null);
  if (!priced || before.includes(quoteId) || restOf(comparison, { [lineId]: before }, lineId) <= 0) return choice;
  return { ...rest, [lineId]: [...before, quoteId] };
}

/** The award as the server takes it, in the RFQ's line order, each with the quantity it orders. */
export function awardsOf(comparison: RfqComparison, choice: AwardChoice): PlannedAward[] {
  return comparison.lines.flatMap((l) => fill(l, choice[l.rfq_line_id] ?? []).map((a) => ({ rfq_line_id: a.rfq_line_id, quote_id: a.quote_id, quantity: a.quantity })));
}

/** One purchase order the award will make. */
export interface OrderPreview extends DocumentTotals {
  quote_id: string;
  supplier_name: string | null;
  lines: number;
}

/**
 * The purchase orders the choice makes, in the comparison's quote order; the quoted lines
 * left out, and those bought in part (some of the asked quantity left unbought).
 */
export function awardOutcome(comparison: RfqComparison, choice: AwardChoice): { orders: OrderPreview[]; leftOut: number; short: number } {
  const filled = comparison.lines.flatMap((l) => fill(l, choice[l.rfq_line_id] ?? []).map((a) => ({ line: l, ...a })));
  const orders = comparison.quotes.flatMap((q): OrderPreview[] => {
    const won = filled.filter((a) => a.quote_id === q.quote_id);
    if (!won.length) return [];
    const totals = documentTotals(won.map((a) => quoteLineAmounts(a.line, { unit_price: a.cell.unit_price ?? 0, quantity: a.cell.quantity }, a.quantity)));
    return [{ quote_id: q.quote_id, supplier_name: q.supplier_name, lines: won.length, ...totals }];
  });
  const quoted = comparison.lines.filter((l) => l.quote_count > 0);
  const leftOut = quoted.filter((l) => !choice[l.rfq_line_id]?.length).length;
  const short = quoted.filter((l) => choice[l.rfq_line_id]?.length && restOf(comparison, choice, l.rfq_line_id) > 0).length;
  return { orders, leftOut, short };
}
