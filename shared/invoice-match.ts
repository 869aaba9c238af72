/**
 * The three-way match of one invoice line: the order (what was ordered, at what price),
 * the receipts (what arrived, what was rejected) and the invoices (what this one and the
 * order's earlier live ones bill). The server answers GET /api/invoices/{id}/match and each
 * invoice row's match_status by it; the screens may explain a line by it too.
 *
 * Quantities are the line's as its documents stand: an invoice's quantity counts its live
 * quantity notes (a credit note for rejected goods brings it back to what was accepted),
 * its price its live price notes spread over its quantity. With `billed` = invoiced_before
 * + invoiced (what the order's invoices bill of the line up to and including this one):
 * - not_received: billed > received: the invoice bills goods that did not arrive (yet:
 *   an invoice on dispatch reads so until the receipts catch up);
 * - rejected_invoiced: something was rejected and min(billed, received) > accepted: the
 *   invoice bills goods that arrived but were rejected (or sent back for redelivery);
 * - over_received: received > ordered − cancelled: the receipts counted more than the
 *   order holds (within the buyer's receipt tolerance), so the three documents disagree
 *   and the buyer decides whether to pay as billed;
 * - price_above_order: the invoice's price per unit is above the order's.
 * Each beyond MATCH_TOLERANCE. A line without exceptions has difference 0; else the
 * difference is the line's amount less what the order's price allows for the quantity
 * accepted and not billed before, before VAT.
 */
import { MATCH_TOLERANCE, type MatchException } from './schemas/invoice';
import { roundPrice, roundStock } from './numbers';

export interface MatchLineFacts {
  ordered: number;
  cancelled: number;
  received: number;
  rejected: number;
  /** received less rejected less redelivered */
  accepted: number;
  invoiced: number;
  invoiced_before: number;
  order_unit_price: number;
  invoice_unit_price: number;
}

export function matchLine(f: MatchLineFacts): { exceptions: MatchException[]; difference: number } {
  const q = MATCH_TOLERANCE.quantity;
  const billed = roundStock(f.invoiced_before + f.invoiced);
  const exceptions: MatchException[] = [];
  if (billed - f.received > q) exceptions.push('not_received');
  if (f.rejected > 0 && Math.min(billed, f.received) - f.accepted > q) exceptions.push('rejected_invoiced');
  if (f.received - (f.ordered - f.cancelled) > q) exceptions.push('over_received');
  if (f.invoice_unit_price - f.order_unit_price > MATCH_TOLERANCE.unit_price) exceptions.push('price_above_order');
  if (exceptions.length === 0) return { exceptions, difference: 0 };
  const allowed = Math.max(0, Math.min(f.invoiced, roundStock(f.accepted - f.invoiced_before)));
  return { exceptions, difference: roundPrice(f.invoiced * f.invoice_unit_price - allowed * f.order_unit_price) };
}

/** An invoice's match in one word: matched when no line has an exception. */
export const matchStatus = (lines: ReadonlyArray<{ exceptions: readonly MatchException[] }>): 'matched' | 'exception' =>
  lines.some((l) => l.exceptions.length > 0) ? 'exception' : 'matched';
