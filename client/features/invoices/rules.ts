/**
 * The invoice screens' decisions, kept apart from the components so they are tested
 * alone: what the seller's invoice action on a purchase order is, how much of each line a
 * credit note may still take, and the credit-note body the form sends.
 */
import { readNumber, roundStock } from '../../../shared/numbers';
import { documentTotals, lineAmounts } from '../../../shared/vat';
import { creditableQuantity, invoiceBlocker, type CreditNoteCreate, type Invoice, type OrderTransport } from '../../../shared/schemas/invoice';

/**
 * The seller's invoice action on a purchase order: open the live invoice (pending or
 * cleared), or issue one (again, after a rejection), unless the order cannot be invoiced
 * yet (the shared rule says why), the device still holds an answer to the order that the
 * server has not received (the server would see the order as it was), or the device is
 * offline (the keys sign on the server).
 */
export type InvoiceAction =
  | { kind: 'open'; invoice: Invoice }
  | { kind: 'blocked'; reason: 'not_accepted' | 'delivery_unconfirmed' }
  | { kind: 'waiting' }
  | { kind: 'offline' }
  | { kind: 'issue'; again: boolean };

export function invoiceAction(
  order: { status: string },
  transport: OrderTransport,
  documents: readonly Invoice[],
  online: boolean,
  orderWaiting = false,
): InvoiceAction {
  const invoices = documents.filter((d) => d.kind === 'invoice');
  const live = invoices.find((d) => d.status !== 'rejected');
  if (live) return { kind: 'open', invoice: live };
  const reason = invoiceBlocker(order, transport);
  if (reason) return { kind: 'blocked', reason };
  if (orderWaiting) return { kind: 'waiting' };
  if (!online) return { kind: 'offline' };
  return { kind: 'issue', again: invoices.length > 0 };
}

/**
 * How much of each line of an invoice is still creditable: invoiced less what credit
 * notes that were not rejected took (creditableQuantity, the server's rule; the server has the last word).
 */
export function creditableQuantities(invoice: Invoice, creditNotes: readonly Invoice[]): Map<string, number> {
  const credited = new Map<string, number>();
  for (const note of creditNotes) {
    if (note.status === 'rejected' || note.original_invoice_id !== invoice.id) continue;
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
