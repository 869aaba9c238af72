/**
 * The rules of requests for quotation that both sides apply: the server on every write
 * and read, the buyer's and suppliers' devices offline on their synced rows.
 *
 * - An RFQ is open until its closing time; then closed (derived from the clock, never
 *   stored), unless it was awarded or cancelled.
 * - A supplier may quote, and revise their quote, only while it is open.
 * - The buyer may award while it is open or closed, once; awarding ends the quoting.
 * - The comparison puts every quote's price beside each line: line price = unit price ×
 *   the asked quantity, VAT per line (shared/vat.ts), the lowest unit price of each line
 *   marked (every one of a tie), a line a quote skips a gap.
 */
import type { ComparisonCell, ComparisonLine, ComparisonQuote, Rfq, RfqComparison, RfqQuote, RfqStatus } from './schemas/rfq';
import { VAT_RATE, documentTotals, lineAmounts } from './vat';

/** The RFQ's state as stored: `open` until awarded or cancelled. */
type StoredStatus = Exclude<RfqStatus, 'closed'>;

/** The status shown at `now`: a stored open RFQ past its closing time is closed. */
export function rfqPhase(rfq: { status: RfqStatus | StoredStatus; closes_at: string | Date }, now: Date): RfqStatus {
  if (rfq.status !== 'open') return rfq.status;
  return new Date(rfq.closes_at).getTime() <= now.getTime() ? 'closed' : 'open';
}

/** Whether quotes (new or revised) are taken at `now`. */
export const canQuote = (rfq: Parameters<typeof rfqPhase>[0], now: Date): boolean => rfqPhase(rfq, now) === 'open';

/** Whether the buyer may award at `now`: before or after closing, never twice, never when cancelled. */
export const canAward = (rfq: Parameters<typeof rfqPhase>[0], now: Date): boolean => {
  const phase = rfqPhase(rfq, now);
  return phase === 'open' || phase === 'closed';
};

/** Whether the buyer may cancel at `now`: until it is awarded. */
export const canCancelRfq = (rfq: Parameters<typeof rfqPhase>[0], now: Date): boolean => canAward(rfq, now);

/** What the comparison reads of an RFQ. */
type ComparedRfq = Pick<Rfq, 'id' | 'status' | 'lines'>;
/** What the comparison reads of a quote. */
type ComparedQuote = Pick<
  RfqQuote,
  | 'id'
  | 'supplier_id'
  | 'supplier_name'
  | 'supplier_verification_tier'
  | 'supplier_city'
  | 'supplier_average_rating'
  | 'supplier_total_reviews'
  | 'delivery_days'
  | 'valid_until'
  | 'revision'
  | 'submitted_at'
  | 'notes'
  | 'lines'
>;

/**
 * Lines down, quotes across. `medians` (by RFQ line id) overrides the market prices the
 * lines carry; quotes keep their given order. `rfq.status` is taken as given (the caller
 * applies rfqPhase).
 */
export function compareQuotes(rfq: ComparedRfq, quotes: readonly ComparedQuote[], medians?: Readonly<Record<string, number | null>>): RfqComparison {
  const priced = quotes.map((q) => new Map(q.lines.map((l) => [l.rfq_line_id, l])));
  const amounts = quotes.map(() => [] as Array<{ line_total: number; vat_amount: number }>);
  const lowestCount = quotes.map(() => 0);
  let bestSubtotal = 0n;
  let unquoted = 0;

  const lines = [...rfq.lines]
    .sort((a, b) => a.position - b.position)
    .map((line): ComparisonLine => {
      let lowest: number | null = null;
      for (const map of priced) {
        const price = map.get(line.id)?.unit_price;
        if (price != null && (lowest === null || price < lowest)) lowest = price;
      }
      let count = 0;
      const cells = quotes.map((q, i): ComparisonCell => {
        const quoted = priced[i].get(line.id);
        if (!quoted) {
          return { quote_id: q.id, unit_price: null, line_total: null, vat_amount: null, quantity: null, note: null, substitute_product_id: null, lowest: false };
        }
        count++;
        const a = lineAmounts(line.quantity, quoted.unit_price, VAT_RATE);
        amounts[i].push(a);
        const isLowest = quoted.unit_price === lowest;
        if (isLowest) lowestCount[i]++;
        return {
          quote_id: q.id,
          unit_price: quoted.unit_price,
          line_total: a.line_total,
          vat_amount: a.vat_amount,
          quantity: quoted.quantity,
          note: quoted.note,
          substitute_product_id: quoted.substitute_product_id,
          lowest: isLowest,
        };
      });
      if (lowest === null) unquoted++;
      else bestSubtotal += BigInt(Math.round(lineAmounts(line.quantity, lowest, VAT_RATE).line_total * 100));
      return {
        rfq_line_id: line.id,
        position: line.position,
        description: line.description,
        quantity: line.quantity,
        unit: line.unit,
        category_id: line.category_id,
        market_median: medians && Object.hasOwn(medians, line.id) ? medians[line.id] : line.market_median,
        cells,
        lowest_unit_price: lowest,
        quote_count: count,
      };
    });

  const total = rfq.lines.length;
  const columns = quotes.map((q, i): ComparisonQuote => {
    const sums = documentTotals(amounts[i]);
    return {
      quote_id: q.id,
      supplier_id: q.supplier_id,
      supplier_name: q.supplier_name,
      supplier_verification_tier: q.supplier_verification_tier,
      supplier_city: q.supplier_city,
      supplier_average_rating: q.supplier_average_rating,
      supplier_total_reviews: q.supplier_total_reviews,
      delivery_days: q.delivery_days,
      valid_until: q.valid_until,
      revision: q.revision,
      submitted_at: q.submitted_at,
      notes: q.notes,
      quoted_lines: amounts[i].length,
      coverage: total ? amounts[i].length / total : 0,
      lowest_lines: lowestCount[i],
      ...sums,
    };
  });

  return {
    rfq_id: rfq.id,
    status: rfq.status,
    vat_rate: VAT_RATE,
    quotes: columns,
    lines,
    best_subtotal: Number(bestSubtotal) / 100,
    unquoted_lines: unquoted,
  };
}

/**
 * The award that gives every quoted line to its lowest price (a tie to the quote listed
 * first): what "split to the lowest" proposes, which the buyer may change line by line.
 */
export function lowestAward(comparison: RfqComparison): Array<{ rfq_line_id: string; quote_id: string }> {
  return comparison.lines.flatMap((line) => {
    const cell = line.cells.find((c) => c.lowest);
    return cell ? [{ rfq_line_id: line.rfq_line_id, quote_id: cell.quote_id }] : [];
  });
}

/** The award that gives every line one quote prices to that quote ("whole to one supplier"). */
export function wholeAward(comparison: RfqComparison, quoteId: string): Array<{ rfq_line_id: string; quote_id: string }> {
  return comparison.lines.flatMap((line) =>
    line.cells.some((c) => c.quote_id === quoteId && c.unit_price != null) ? [{ rfq_line_id: line.rfq_line_id, quote_id: quoteId }] : [],
  );
}
