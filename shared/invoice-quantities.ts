/**
 * What a seller's tax invoice takes of each purchase-order line by default, and when a
 * quantity it takes is more than was received: the rule of POST /api/invoices (lines
 * absent) and of the issue form's defaults, in one place so the form offers what the
 * server would invoice (shared/schemas/invoice.ts invoiceCreateSchema).
 *
 * - Once the order has any receipt, a line's default is what was accepted (received less
 *   rejected less redelivered) and not yet invoiced: contractors pay for what arrived.
 * - Before any receipt (suppliers often invoice on dispatch), it is what was ordered, less
 *   what a close-short cancelled, and not yet invoiced; the match then reads
 *   "exception: not received" until receipts catch up.
 * Never below zero, at the quantity's step (roundStock).
 */
import { roundStock } from './numbers';

export interface InvoiceableLine {
  id: string;
  quantity: number;
  cancelled_quantity: number;
  received_quantity: number;
  rejected_quantity: number;
  accepted_quantity: number;
  invoiced_quantity: number;
}

/** Whether any goods receipt counted anything of the order (received, rejected or not). */
export const hasReceipts = (lines: readonly Pick<InvoiceableLine, 'received_quantity'>[]): boolean => lines.some((l) => l.received_quantity > 0);

/** What one line may be invoiced by default, given whether the order has receipts. */
export function invoiceableQuantity(line: InvoiceableLine, received: boolean): number {
  const base = received ? line.accepted_quantity : line.quantity - line.cancelled_quantity;
  return Math.max(0, roundStock(base - line.invoiced_quantity));
}

/** The default quantities of an order's invoice, by order line id (zero lines included). */
export function defaultInvoiceQuantities(lines: readonly InvoiceableLine[]): Map<string, number> {
  const received = hasReceipts(lines);
  return new Map(lines.map((l) => [l.id, invoiceableQuantity(l, received)]));
}

/**
 * Whether invoicing `quantity` of the line, on an order that has receipts, bills more
 * than was accepted and not yet invoiced: the server then wants over_receipt_reason, and
 * the buyer sees an exception. Before any receipt no reason is asked (invoicing on
 * dispatch is the default then); its match reads "not received" until receipts catch up.
 */
export function exceedsReceipts(line: InvoiceableLine, quantity: number, received: boolean): boolean {
  return received && roundStock(quantity) > Math.max(0, roundStock(line.accepted_quantity - line.invoiced_quantity));
}
