/**
 * The default quantities of a seller's invoice and when one needs a reason: the rule the
 * server's POST /api/invoices (lines absent) and the issue form both read.
 */
import { describe, expect, it } from 'vitest';
import { defaultInvoiceQuantities, exceedsReceipts, hasReceipts, invoiceableQuantity, type InvoiceableLine } from './invoice-quantities';

const line = (over: Partial<InvoiceableLine> = {}): InvoiceableLine => ({
  id: 'a',
  quantity: 200,
  cancelled_quantity: 0,
  received_quantity: 0,
  rejected_quantity: 0,
  accepted_quantity: 0,
  invoiced_quantity: 0,
  ...over,
});

describe('what an invoice takes of a line by default', () => {
  it('before any receipt: ordered, less what a close-short cancelled, less what is invoiced', () => {
    expect(invoiceableQuantity(line({ cancelled_quantity: 20, invoiced_quantity: 80 }), false)).toBe(100);
  });

  it('once received: accepted (received less rejected) less what is invoiced, at the quantity’s step', () => {
    // 120 of 200 bags arrived, 7.5 torn: 112.5 accepted, 100.1 invoiced.
    expect(invoiceableQuantity(line({ received_quantity: 120, rejected_quantity: 7.5, accepted_quantity: 112.5, invoiced_quantity: 100.1 }), true)).toBe(12.4);
  });

  it('is never below zero (invoiced ahead of the receipts, or credited back)', () => {
    expect(invoiceableQuantity(line({ received_quantity: 10, accepted_quantity: 10, invoiced_quantity: 50 }), true)).toBe(0);
  });

  it('switches the whole order to the received rule once any line has a receipt', () => {
    const lines = [line({ id: 'a', received_quantity: 120, accepted_quantity: 120 }), line({ id: 'b', quantity: 5 })];
    expect(hasReceipts(lines)).toBe(true);
    expect(Object.fromEntries(defaultInvoiceQuantities(lines))).toEqual({ a: 120, b: 0 });
    expect(Object.fromEntries(defaultInvoiceQuantities([line({ id: 'b', quantity: 5 })]))).toEqual({ b: 5 });
  });
});

describe('a quantity above what was received', () => {
  const received = line({ received_quantity: 120, rejected_quantity: 20, accepted_quantity: 100, invoiced_quantity: 40 });

  it('is one above accepted less invoiced, on an order with receipts', () => {
    expect(exceedsReceipts(received, 60, true)).toBe(false);
    expect(exceedsReceipts(received, 60.1, true)).toBe(true);
  });

  it('is never asked before any receipt', () => {
    expect(exceedsReceipts(line(), 200, false)).toBe(false);
  });
});
