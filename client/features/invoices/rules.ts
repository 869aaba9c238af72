/**
 * The invoice screens' decisions, kept apart from the components so they are tested
 * alone: what the seller's invoice action on a purchase order is, the issue form's body, how much of each line a
 * credit note may still take, and the credit-note body the form sends.
 */
import { readNumber, roundStock } from '../../../shared/numbers';
import { documentTotals, lineAmounts } from '../../../shared/vat';
import { creditableQuantity, invoiceBlocker, MATCH_EXCEPTIONS, type CreditNoteCreate, type DebitNoteCreate, type Invoice, type InvoiceCreate, type InvoiceMatch, type MatchException } from '../../../shared/schemas/invoice';
import { defaultInvoiceQuantities, exceedsReceipts, hasReceipts, invoiceableQuantity, type InvoiceableLine } from '../../../shared/invoice-quantities';

/**
 * The seller's invoice action on a purchase order, which may be invoiced several times
 * (one invoice per delivery, say): issue one for what is left to invoice (again, when the
 * newest was rejected), or say there is nothing to invoice (every line's default is zero:
 * shared/invoice-quantities.ts, the server's rule; `ahead` when something ordered is still
 * not invoiced, which the seller may invoice ahead of the receipts with a reason), unless
 * the seller has not accepted the order (the shared rule; goods on the road hold nothing
 * back: suppliers invoice on dispatch, the match reads not received), the device still holds an
 * answer to the order that the server has not received (the server would see the order as
 * it was), or the device is offline (the keys sign on the server).
 */
export type InvoiceAction =
  | { kind: 'blocked'; reason: 'not_accepted' }
  | { kind: 'nothing'; ahead: boolean }
  | { kind: 'waiting' }
  | { kind: 'offline' }
  | { kind: 'issue'; again: boolean };

export function invoiceAction(
  order: { status: string; lines: readonly InvoiceableLine[] },
  documents: readonly Invoice[],
  online: boolean,
  orderWaiting = false,
): InvoiceAction {
  if (invoiceBlocker(order)) return { kind: 'blocked', reason: 'not_accepted' };
  const defaults = defaultInvoiceQuantities(order.lines);
  if ([...defaults.values()].every((q) => q <= 0)) return { kind: 'nothing', ahead: order.lines.some((l) => invoiceableQuantity(l, false) > 0) };
  if (orderWaiting) return { kind: 'waiting' };
  if (!online) return { kind: 'offline' };
  const newest = documents.filter((d) => d.kind === 'invoice').sort((a, b) => Date.parse(b.issued_at) - Date.parse(a.issued_at) || b.number.localeCompare(a.number))[0];
  return { kind: 'issue', again: newest?.status === 'rejected' };
}

/**
 * The body of POST /api/invoices from the issue form: the typed quantity of each order line
 * (empty or zero: the line is not invoiced), and the seller's reason when a quantity is
 * above what was received (exceedsReceipts; the server refuses it without one). `problem`
 * says what keeps it from being sent: a quantity that is not a number or above what is
 * left ordered, no quantity at all, or a missing reason.
 */
export type IssueForm =
  | { ok: true; body: InvoiceCreate; over: string[] }
  | { ok: false; problem: 'invalid_quantity' | 'nothing' | 'reason_required'; over: string[] };

export function invoiceBody(
  order: { id: string; lines: readonly InvoiceableLine[] },
  quantities: Readonly<Record<string, string>>,
  reason: string,
  terms?: InvoiceCreate['payment_terms_days'],
): IssueForm {
  const received = hasReceipts(order.lines);
  const lines: NonNullable<InvoiceCreate['lines']> = [];
  const over: string[] = [];
  let invalid = false;
  for (const line of order.lines) {
    const read = readNumber(quantities[line.id] ?? '');
    if (!read.ok || (read.value !== null && read.value < 0)) {
      invalid = true;
      continue;
    }
    const quantity = roundStock(read.value ?? 0);
    if (quantity === 0) continue;
    if (quantity > invoiceableQuantity(line, false)) invalid = true;
    if (exceedsReceipts(line, quantity, received)) over.push(line.id);
    lines.push({ purchase_order_line_id: line.id, quantity });
  }
  if (invalid) return { ok: false, problem: 'invalid_quantity', over };
  if (!lines.length) return { ok: false, problem: 'nothing', over };
  const why = reason.trim();
  if (over.length && !why) return { ok: false, problem: 'reason_required', over };
  return {
    ok: true,
    over,
    body: {
      purchase_order_id: order.id,
      lines,
      ...(over.length ? { over_receipt_reason: why } : {}),
      ...(terms === undefined ? {} : { payment_terms_days: terms }),
    },
  };
}

/** The form's starting text per order line: the default quantity (shared rule), empty where it is zero. */
export function defaultQuantityTexts(lines: readonly InvoiceableLine[]): Record<string, string> {
  return Object.fromEntries([...defaultInvoiceQuantities(lines)].map(([id, q]) => [id, q > 0 ? String(q) : '']));
}

/** What an invoice of these order lines comes to with VAT, rounded as the server rounds a document (shown before issuing). */
export function invoiceTotal(lines: ReadonlyArray<{ id: string; unit_price: number; vat_rate: number }>, body: InvoiceCreate): number {
  const byId = new Map(lines.map((l) => [l.id, l]));
  return documentTotals(
    (body.lines ?? []).flatMap((l) => {
      const line = byId.get(l.purchase_order_line_id);
      return line ? [{ line_total: lineAmounts(l.quantity, line.unit_price, line.vat_rate).line_total, vat_rate: line.vat_rate }] : [];
    }),
  ).total;
}

/**
 * How much of each line of an invoice is still creditable: invoiced less what credit
 * notes that were not rejected took (creditableQuantity, the server's rule; the server has the last word).
 */
export function creditableQuantities(invoice: Invoice, creditNotes: readonly Invoice[]): Map<string, number> {
  const credited = new Map<string, number>();
  for (const note of creditNotes) {
    // Debit notes against the invoice (the same list on the device) take nothing from it.
    if (note.kind !== 'credit_note' || note.status === 'rejected' || note.original_invoice_id !== invoice.id) continue;
    for (const line of note.lines) if (line.credited_line_id) credited.set(line.credited_line_id, (credited.get(line.credited_line_id) ?? 0) + line.quantity);
  }
  return new Map(invoice.lines.map((l) => [l.id, creditableQuantity(l.quantity, credited.get(l.id) ?? 0)]));
}

/**
 * The body of POST /api/invoices/{id}/credit-notes from the form: the reason, and the
 * lines only when the seller credits part of the invoice (a quantity typed for some line);
 * empty or zero quantities are lines not credited. Null when the reason is missing or a
 * quantity is not a number above zero within what is left.
 */
export function creditNoteBody(reason: string, quantities: Record<string, string>, left: ReadonlyMap<string, number>): CreditNoteCreate | null {
  const why = reason.trim();
  if (!why) return null;
  const lines: NonNullable<CreditNoteCreate['lines']> = [];
  for (const [id, raw] of Object.entries(quantities)) {
    const read = readNumber(raw);
    if (!read.ok) return null;
    if (read.value === null || read.value === 0) continue;
    const quantity = roundStock(read.value);
    if (quantity < 0 || quantity > (left.get(id) ?? 0)) return null;
    lines.push({ invoice_line_id: id, quantity });
  }
  return lines.length ? { reason: why, lines } : { reason: why };
}

/**
 * What a credit note of this body comes to: the lines it takes (the quantities given, or
 * everything still creditable) at the invoice's prices, each line and the VAT rounded as
 * the server rounds a document's (shared/vat.ts). Shown in the question before issuing;
 * the issued note's own totals are the server's.
 */
export function creditNoteTotal(invoice: Invoice, body: CreditNoteCreate, left: ReadonlyMap<string, number>): number {
  const quantities = body.lines ? new Map(body.lines.map((l) => [l.invoice_line_id, l.quantity])) : left;
  const lines = invoice.lines
    .map((line) => ({ line, quantity: quantities.get(line.id) ?? 0 }))
    .filter(({ quantity }) => quantity > 0)
    .map(({ line, quantity }) => ({ line_total: lineAmounts(quantity, line.unit_price, line.vat_rate).line_total, vat_rate: line.vat_rate }));
  return documentTotals(lines).total;
}

/** One line of the debit-note form: nothing, a quantity billed short, or a price increase per unit. */
export interface DebitRow {
  adjusts: 'quantity' | 'price';
  value: string;
}

/**
 * The body of POST /api/invoices/{id}/debit-notes from the form: the reason, and per line
 * the quantity billed short (at the line's price) or the increase per unit (on the line's
 * quantity). Empty or zero rows are lines not debited. Null when the reason is missing, a
 * value is not a number above zero, or no line is debited.
 */
export function debitNoteBody(reason: string, rows: Readonly<Record<string, DebitRow>>): DebitNoteCreate | null {
  const why = reason.trim();
  if (!why) return null;
  const lines: DebitNoteCreate['lines'] = [];
  for (const [id, row] of Object.entries(rows)) {
    const read = readNumber(row.value);
    if (!read.ok || (read.value !== null && read.value < 0)) return null;
    if (read.value === null || read.value === 0) continue;
    if (row.adjusts === 'quantity') lines.push({ invoice_line_id: id, quantity: roundStock(read.value) });
    else lines.push({ invoice_line_id: id, unit_price: Math.round(read.value * 100) / 100 });
  }
  return lines.length ? { reason: why, lines } : null;
}

/** What a debit note of this body comes to with VAT, as the server rounds a document (shown before issuing; the note's own totals are the server's). */
export function debitNoteTotal(invoice: Invoice, body: DebitNoteCreate): number {
  const byId = new Map(invoice.lines.map((l) => [l.id, l]));
  return documentTotals(
    body.lines.flatMap((l) => {
      const line = byId.get(l.invoice_line_id);
      if (!line) return [];
      const amounts = l.unit_price !== undefined ? lineAmounts(l.quantity ?? line.quantity, l.unit_price, line.vat_rate) : lineAmounts(l.quantity ?? 0, line.unit_price, line.vat_rate);
      return [{ line_total: amounts.line_total, vat_rate: line.vat_rate }];
    }),
  ).total;
}

/** The reasons an invoice's match reads exception, each once, in the order MATCH_EXCEPTIONS names them. */
export function matchReasons(match: Pick<InvoiceMatch, 'lines'>): MatchException[] {
  const seen = new Set(match.lines.flatMap((l) => l.exceptions));
  return MATCH_EXCEPTIONS.filter((e) => seen.has(e));
}

/** The lines of a match that do not match (an exception named, or a difference), in position order: what the pay-anyway warning lists. */
export function mismatchedLines(match: Pick<InvoiceMatch, 'lines'>): InvoiceMatch['lines'] {
  return match.lines.filter((l) => l.exceptions.length > 0 || Math.abs(l.difference) >= 0.01).sort((a, b) => a.position - b.position);
}
