/**
 * The rules of requests for quotation that both sides apply: the server on every write
 * and read, the buyer's and suppliers' devices offline on their synced rows.
 *
 * - An RFQ is open until its closing time; then closed (derived from the clock, never
 *   stored), unless it was awarded or cancelled.
 * - A supplier may quote, and revise their quote, only while it is open.
 * - The buyer may award while it is open or closed, once; awarding ends the quoting.
 * - The buyer may edit it (title, site, dates, lines) while it is open and until the
 *   first quote arrives: a supplier prices the lines they were shown, and a quote on lines
 *   that changed under it would be a price for something else (editRefusal).
 * - A quote line is worth what it offers (quoteLineAmounts): unit price × the quantity
 *   offered, VAT per line (shared/vat.ts). The form, the comparison and the award all
 *   count it so.
 * - The comparison puts every quote's price beside each line and marks the lowest unit
 *   price of each line (every one of a tie); a line a quote skips is a gap. A quote's
 *   totals are over what it offers, beside how much of the asked quantities that covers,
 *   so quotes are ranked per unit price and a short one does not look cheap.
 * - An award orders from each quote named for a line the quantity it offers (or less, if
 *   the award says so), never more: a line partly quoted may be split, the rest going to
 *   other quotes of the same award, until the awarded quantities reach what the line
 *   asks (planAward). An RFQ is awarded once, so what an award does not order of a line
 *   (a whole award to a quote short of a line) is not bought through this RFQ.
 */
import type { ComparisonCell, ComparisonLine, ComparisonQuote, Rfq, RfqAward, RfqComparison, RfqQuote, RfqStatus } from './schemas/rfq';
import { VAT_RATE, documentTotals, lineAmounts, type LineAmounts } from './vat';
import { acceptsSubmissions, canTransition } from './lifecycle';
import { rfqLifecycle } from './lifecycles/rfqs';

/** The RFQ's state as stored: `open` until awarded or cancelled (closed is the clock's). */
type StoredStatus = Exclude<RfqStatus, 'closed'>;

/** The status shown at `now`: a stored open RFQ past its closing time is closed. */
export function rfqPhase(rfq: { status: RfqStatus | StoredStatus; closes_at: string | Date }, now: Date): RfqStatus {
  if (rfq.status !== 'open') return rfq.status;
  return new Date(rfq.closes_at).getTime() <= now.getTime() ? 'closed' : 'open';
}

/** Whether quotes (new or revised) are taken at `now`. */
export const canQuote = (rfq: Parameters<typeof rfqPhase>[0], now: Date): boolean => acceptsSubmissions(rfqLifecycle, rfqPhase(rfq, now));

/** Whether the buyer may award at `now`: before or after closing, never twice, never when cancelled. */
export const canAward = (rfq: Parameters<typeof rfqPhase>[0], now: Date): boolean => canTransition(rfqLifecycle, rfqPhase(rfq, now), 'awarded', 'owner');

/** Whether the buyer may cancel at `now`: until it is awarded. */
export const canCancelRfq = (rfq: Parameters<typeof rfqPhase>[0], now: Date): boolean => canTransition(rfqLifecycle, rfqPhase(rfq, now), 'cancelled', 'owner');

/**
 * Why the buyer may not edit the RFQ at `now`, or null when they may: it no longer takes
 * quotes (rfq_closed: closed, awarded or cancelled), or a quote has arrived
 * (rfq_has_quotes), `quotes` being how many.
 */
export function editRefusal(rfq: Parameters<typeof rfqPhase>[0], quotes: number, now: Date): 'rfq_closed' | 'rfq_has_quotes' | null {
  if (rfqPhase(rfq, now) !== 'open') return 'rfq_closed';
  return quotes > 0 ? 'rfq_has_quotes' : null;
}

/** What a quote line is worth: the quantity it offers and the amounts on that quantity. */
export interface QuoteLineAmounts extends LineAmounts {
  /** what the supplier offers of the line: their quantity when less than asked, else the asked one */
  quantity: number;
  /** line_total + vat_amount */
  total: number;
  /** whether it offers less than the line asks */
  partial: boolean;
}

/** The quantity a quote line offers: its own when given and less than asked, else what the line asks. */
function offeredQuantity(line: { quantity: number }, quoted: { quantity?: number | null }): number {
  return quoted.quantity != null && quoted.quantity < line.quantity ? quoted.quantity : line.quantity;
}

/**
 * A quote line's amounts, the one rule the quote form, the comparison and the award
 * count by: unit price × the quantity offered (never more than the line asks: a supplier
 * who has 100 of 200 bags is shown, ranked and ordered on 100), its VAT rounded on its
 * own. `quantity`, when given, is what an award orders of it instead (at most the offer,
 * planAward's check).
 */
export function quoteLineAmounts(line: { quantity: number }, quoted: { unit_price: number; quantity?: number | null }, quantity?: number): QuoteLineAmounts {
  const offered = offeredQuantity(line, quoted);
  const ordered = quantity ?? offered;
  const a = lineAmounts(ordered, quoted.unit_price, VAT_RATE);
  return { ...a, quantity: ordered, total: Math.round((a.line_total + a.vat_amount) * 100) / 100, partial: offered < line.quantity };
}

/** One awarded line as an award orders it: the quantity from the quote named. */
export interface PlannedAward {
  rfq_line_id: string;
  quote_id: string;
  quantity: number;
}

/** Why an award entry cannot be ordered: the quote does not price the line, it asks more than the quote offers, or the line is over-ordered. */
export type AwardProblem = { path: string; message: 'line_not_quoted' | 'exceeds_offer' | 'exceeds_line' };

/**
 * The quantities an award orders, or why it cannot: each entry orders its `quantity`, or
 * when none is given what its quote offers of the line; never more than that offer, and
 * the entries of one line together never more than the line asks (in tenths, as
 * quantities are kept). `priced` answers the quote line a quote has for an RFQ line, or
 * undefined when that quote does not price it.
 */
export function planAward(
  lines: ReadonlyMap<string, { quantity: number }>,
  priced: (quoteId: string, rfqLineId: string) => { unit_price: number; quantity?: number | null } | undefined,
  awards: RfqAward['awards'],
): { awards: PlannedAward[]; problems: AwardProblem[] } {
  const tenths = (n: number) => Math.round(n * 10);
  const planned: PlannedAward[] = [];
  const problems: AwardProblem[] = [];
  const ordered = new Map<string, number>();
  awards.forEach((a, i) => {
    const line = lines.get(a.rfq_line_id);
    const quoted = line && priced(a.quote_id, a.rfq_line_id);
    if (!line || !quoted) {
      problems.push({ path: `awards.${i}`, message: 'line_not_quoted' });
      return;
    }
    const offered = offeredQuantity(line, quoted);
    const quantity = a.quantity ?? offered;
    const sum = (ordered.get(a.rfq_line_id) ?? 0) + tenths(quantity);
    ordered.set(a.rfq_line_id, sum);
    if (tenths(quantity) > tenths(offered)) problems.push({ path: `awards.${i}.quantity`, message: 'exceeds_offer' });
    else if (sum > tenths(line.quantity)) problems.push({ path: `awards.${i}.quantity`, message: 'exceeds_line' });
    else planned.push({ rfq_line_id: a.rfq_line_id, quote_id: a.quote_id, quantity });
  });
  return { awards: planned, problems };
}

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
  | 'supplier_scorecard'
  | 'delivery_days'
  | 'valid_until'
  | 'revision'
  | 'submitted_at'
  | 'notes'
  | 'lines'
>;

/**
 * Lines down, quotes across, each line with the market price it carries (the server's, as
 * of when the RFQ was read: every quote sends the RFQ to its buyer again). Quotes keep
 * their given order. `rfq.status` is taken as given (the caller applies rfqPhase).
 */
export function compareQuotes(rfq: ComparedRfq, quotes: readonly ComparedQuote[]): RfqComparison {
  const priced = quotes.map((q) => new Map(q.lines.map((l) => [l.rfq_line_id, l])));
  const amounts = quotes.map(() => [] as QuoteLineAmounts[]);
  const covered = quotes.map(() => 0);
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
          return { quote_id: q.id, unit_price: null, line_total: null, vat_amount: null, quantity: null, quantity_offered: null, note: null, substitute_product_id: null, lowest: false };
        }
        count++;
        const a = quoteLineAmounts(line, quoted);
        amounts[i].push(a);
        covered[i] += a.quantity / line.quantity;
        const isLowest = quoted.unit_price === lowest;
        if (isLowest) lowestCount[i]++;
        return {
          quote_id: q.id,
          unit_price: quoted.unit_price,
          line_total: a.line_total,
          vat_amount: a.vat_amount,
          quantity: quoted.quantity,
          quantity_offered: a.quantity,
          note: quoted.note,
          substitute_product_id: quoted.substitute_product_id,
          lowest: isLowest,
        };
      });
      if (lowest === null) unquoted++;
      // The floor of a split award: the line filled from its cheapest offers up, as lowestAward fills it.
      else for (const fill of fillLine(line, byPrice(cells))) bestSubtotal += BigInt(Math.round(lineAmounts(fill.quantity, fill.unit_price, VAT_RATE).line_total * 100));
      return {
        rfq_line_id: line.id,
        position: line.position,
        description: line.description,
        quantity: line.quantity,
        unit: line.unit,
        category_id: line.category_id,
        // A line stored on a device before market prices were bands has none until its RFQ is read again.
        market_price: line.market_price ?? null,
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
      // A quote stored on a device before quotes carried scorecards has none until it is pulled again.
      supplier_scorecard: q.supplier_scorecard ?? null,
      delivery_days: q.delivery_days,
      valid_until: q.valid_until,
      revision: q.revision,
      submitted_at: q.submitted_at,
      notes: q.notes,
      quoted_lines: amounts[i].length,
      coverage: total ? amounts[i].length / total : 0,
      quantity_coverage: total ? Math.round((covered[i] / total) * 10_000) / 10_000 : 0,
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

/** The cells of a line that price it, cheapest first (a tie to the quote listed first). */
const byPrice = (cells: readonly ComparisonCell[]): ComparisonCell[] =>
  cells
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.unit_price !== null)
    .sort((a, b) => a.c.unit_price! - b.c.unit_price! || a.i - b.i)
    .map(({ c }) => c);

/**
 * A line filled by the quotes of `cells` in the order given: each orders what it offers
 * (quoteLineAmounts), at most what the line still needs, until the line's quantity is
 * reached (in tenths, as quantities are kept); a cell that does not price it is passed
 * over. How "split to the lowest", its floor and the buyer's own choice fill a line.
 */
export function fillLine(line: { quantity: number }, cells: readonly ComparisonCell[]): Array<{ quote_id: string; unit_price: number; quantity: number }> {
  let rest = Math.round(line.quantity * 10);
  const fills: Array<{ quote_id: string; unit_price: number; quantity: number }> = [];
  for (const c of cells) {
    if (rest <= 0) break;
    if (c.unit_price === null) continue;
    const take = Math.min(rest, Math.round(quoteLineAmounts(line, { unit_price: c.unit_price, quantity: c.quantity }).quantity * 10));
    fills.push({ quote_id: c.quote_id, unit_price: c.unit_price, quantity: take / 10 });
    rest -= take;
  }
  return fills;
}

/**
 * The award that gives every quoted line to its lowest price, and what a lowest quote
 * does not offer of it to the next lowest, and so on (a tie to the quote listed first):
 * what "split to the lowest" proposes, which the buyer may change line by line.
 */
export function lowestAward(comparison: RfqComparison): PlannedAward[] {
  return comparison.lines.flatMap((line) => fillLine(line, byPrice(line.cells)).map((f) => ({ rfq_line_id: line.rfq_line_id, quote_id: f.quote_id, quantity: f.quantity })));
}

/**
 * The award that gives every line one quote prices to that quote ("whole to one
 * supplier"), each at the quantity it offers: what it does not offer is not bought.
 */
export function wholeAward(comparison: RfqComparison, quoteId: string): PlannedAward[] {
  return comparison.lines.flatMap((line) => {
    const cell = line.cells.find((c) => c.quote_id === quoteId && c.unit_price != null);
    return cell?.quantity_offered != null ? [{ rfq_line_id: line.rfq_line_id, quote_id: quoteId, quantity: cell.quantity_offered }] : [];
  });
}
