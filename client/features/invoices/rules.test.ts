/**
 * The invoice screens' decisions: the seller's action on a purchase order, the issue form's
 * body, what a credit note may still take of each line, the credit- and debit-note bodies
 * the forms send, and what a match says.
 */
import { describe, expect, it } from 'vitest';
import type { Invoice, MatchException } from '../../../shared/schemas/invoice';
import type { InvoiceableLine } from '../../../shared/invoice-quantities';
import { creditNoteBody, creditNoteTotal, creditableQuantities, debitNoteBody, debitNoteTotal, defaultQuantityTexts, invoiceAction, invoiceBody, invoiceTotal, matchReasons, mismatchedLines } from './rules';

const L1 = '10000000-0000-4000-8000-000000000001';
const L2 = '10000000-0000-4000-8000-000000000002';

function doc(over: Partial<Invoice> = {}): Invoice {
  return {
    id: '20000000-0000-4000-8000-000000000001',
    kind: 'invoice',
    number: 'INV-2026-000001',
    status: 'cleared',
    original_invoice_id: null,
    lines: [
      { id: L1, quantity: 10, credited_line_id: null },
      { id: L2, quantity: 2.5, credited_line_id: null },
    ],
    ...over,
  } as Invoice;
}

const note = (status: Invoice['status'], lines: Array<[string, number]>) =>
  doc({ id: crypto.randomUUID(), kind: 'credit_note', status, original_invoice_id: doc().id, lines: lines.map(([id, quantity]) => ({ id: crypto.randomUUID(), credited_line_id: id, quantity })) as Invoice['lines'] });

/** An order line: 40 ordered at 18.50, nothing received or invoiced unless said. */
const orderLine = (over: Partial<InvoiceableLine & { unit_price: number; vat_rate: number }> = {}) => ({
  id: L1,
  quantity: 40,
  cancelled_quantity: 0,
  received_quantity: 0,
  rejected_quantity: 0,
  accepted_quantity: 0,
  invoiced_quantity: 0,
  unit_price: 18.5,
  vat_rate: 0.15,
  ...over,
});
const order = (status: string, lines = [orderLine()]) => ({ id: '30000000-0000-4000-8000-000000000001', status, lines });
const fullyInvoiced = [orderLine({ received_quantity: 40, accepted_quantity: 40, invoiced_quantity: 40 })];

describe('the seller’s invoice action on a purchase order', () => {
  it('issues once the order is accepted, again after the newest invoice was rejected, and another while one is live', () => {
    expect(invoiceAction(order('accepted'), [], true)).toEqual({ kind: 'issue', again: false });
    expect(invoiceAction(order('closed'), [doc({ status: 'rejected' })], true)).toEqual({ kind: 'issue', again: true });
    expect(invoiceAction(order('partially_received'), [doc({ status: 'pending' })], true)).toEqual({ kind: 'issue', again: false });
  });

  it('says there is nothing to invoice when every line is invoiced, and whether goods not received may still be invoiced ahead', () => {
    expect(invoiceAction(order('received', fullyInvoiced), [doc()], true)).toEqual({ kind: 'nothing', ahead: false });
    const partReceivedAndInvoiced = [orderLine({ received_quantity: 10, accepted_quantity: 10, invoiced_quantity: 10 })];
    expect(invoiceAction(order('partially_received', partReceivedAndInvoiced), [doc()], true)).toEqual({ kind: 'nothing', ahead: true });
  });

  it('says why it cannot issue: the seller has not accepted the order', () => {
    expect(invoiceAction(order('issued'), [], true)).toEqual({ kind: 'blocked', reason: 'not_accepted' });
    expect(invoiceAction(order('declined'), [], true)).toEqual({ kind: 'blocked', reason: 'not_accepted' });
  });

  it('is not held back by goods on the road: suppliers invoice on dispatch', () => {
    expect(invoiceAction(order('accepted'), [], true)).toEqual({ kind: 'issue', again: false });
  });

  it('waits while the device holds an answer to the order the server has not received', () => {
    expect(invoiceAction(order('accepted'), [], true, true)).toEqual({ kind: 'waiting' });
  });

  it('does not issue offline: the keys sign on the server', () => {
    expect(invoiceAction(order('accepted'), [], false)).toEqual({ kind: 'offline' });
  });
});

describe('the issue form', () => {
  const received = [orderLine({ received_quantity: 30, rejected_quantity: 5, accepted_quantity: 25, invoiced_quantity: 10 }), orderLine({ id: L2, quantity: 2.5, unit_price: 333.33 })];

  it('starts from the shared defaults: accepted less invoiced once received, empty where that is zero', () => {
    expect(defaultQuantityTexts(received)).toEqual({ [L1]: '15', [L2]: '' });
    expect(defaultQuantityTexts([orderLine({ cancelled_quantity: 5, invoiced_quantity: 10 })])).toEqual({ [L1]: '25' });
  });

  it('sends the typed quantities, Arabic-Indic digits too, leaving out empty lines', () => {
    expect(invoiceBody(order('partially_received', received), { [L1]: '١٥', [L2]: '' }, '', 15)).toEqual({
      ok: true,
      over: [],
      body: { purchase_order_id: order('x').id, lines: [{ purchase_order_line_id: L1, quantity: 15 }], payment_terms_days: 15 },
    });
  });

  it('asks for a reason when a quantity is above what was received, and sends it with the lines above', () => {
    expect(invoiceBody(order('partially_received', received), { [L1]: '20' }, ' ', 30)).toEqual({ ok: false, problem: 'reason_required', over: [L1] });
    expect(invoiceBody(order('partially_received', received), { [L1]: '15', [L2]: '1' }, ' الشاحنة الثانية في الطريق ', undefined)).toMatchObject({
      ok: true,
      over: [L2],
      body: { over_receipt_reason: 'الشاحنة الثانية في الطريق' },
    });
  });

  it('asks no reason before any receipt: invoicing on dispatch is the default then', () => {
    expect(invoiceBody(order('accepted'), { [L1]: '40' }, '', undefined)).toMatchObject({ ok: true, over: [] });
  });

  it('refuses nothing typed, a quantity above what is left ordered, and text that is not a number', () => {
    expect(invoiceBody(order('accepted'), { [L1]: '0' }, '', undefined)).toMatchObject({ ok: false, problem: 'nothing' });
    expect(invoiceBody(order('accepted', [orderLine({ invoiced_quantity: 30 })]), { [L1]: '11' }, 'x', undefined)).toMatchObject({ ok: false, problem: 'invalid_quantity' });
    expect(invoiceBody(order('accepted'), { [L1]: 'أربعون' }, '', undefined)).toMatchObject({ ok: false, problem: 'invalid_quantity' });
  });

  it('shows the amount the server will invoice: 40 bags at 18.50, 740.00 + 111.00', () => {
    const form = invoiceBody(order('accepted'), { [L1]: '40' }, '', undefined);
    expect(form.ok && invoiceTotal([orderLine()], form.body)).toBe(851);
  });
});

describe('the debit-note body and amount', () => {
  const invoice = doc({
    lines: [
      { id: L1, quantity: 40, unit_price: 18.5, vat_rate: 0.15, credited_line_id: null },
      { id: L2, quantity: 2.5, unit_price: 333.33, vat_rate: 0.15, credited_line_id: null },
    ] as Invoice['lines'],
  });

  it('sends a quantity billed short or an increase per unit per line, leaving out empty rows', () => {
    const body = debitNoteBody(' زيادة سعر المورد ', { [L1]: { adjusts: 'price', value: '٠٫٥٠' }, [L2]: { adjusts: 'quantity', value: '' } });
    expect(body).toEqual({ reason: 'زيادة سعر المورد', lines: [{ invoice_line_id: L1, unit_price: 0.5 }] });
    expect(debitNoteBody('نقص', { [L1]: { adjusts: 'quantity', value: '2' } })).toEqual({ reason: 'نقص', lines: [{ invoice_line_id: L1, quantity: 2 }] });
  });

  it('refuses a missing reason, nothing to charge, and text that is not a number', () => {
    expect(debitNoteBody(' ', { [L1]: { adjusts: 'quantity', value: '2' } })).toBeNull();
    expect(debitNoteBody('x', { [L1]: { adjusts: 'quantity', value: '' } })).toBeNull();
    expect(debitNoteBody('x', { [L1]: { adjusts: 'price', value: 'abc' } })).toBeNull();
  });

  it('comes to the price increase on the line’s quantity, or the short quantity at its price, with VAT', () => {
    // 40 × 0.50 = 20.00 + 3.00; 2 × 18.50 = 37.00 + 5.55.
    expect(debitNoteTotal(invoice, { reason: 'x', lines: [{ invoice_line_id: L1, unit_price: 0.5 }] })).toBe(23);
    expect(debitNoteTotal(invoice, { reason: 'x', lines: [{ invoice_line_id: L1, quantity: 2 }] })).toBe(42.55);
  });
});

describe('what a match says', () => {
  const line = (position: number, exceptions: MatchException[], difference = 0) => ({
    invoice_line_id: crypto.randomUUID(), purchase_order_line_id: L1, position, description: `line ${position}`, unit: 'كيس',
    ordered: 40, received: 30, rejected: 5, invoiced: 25, invoiced_before: 0, order_unit_price: 18.5, invoice_unit_price: 18.5, difference, exceptions,
  });

  it('names each reason once, in the order MATCH_EXCEPTIONS lists them', () => {
    expect(matchReasons({ lines: [line(1, ['price_above_order', 'over_received']), line(2, ['over_received'])] })).toEqual(['over_received', 'price_above_order']);
    expect(matchReasons({ lines: [line(1, [])] })).toEqual([]);
  });

  it('lists for the pay-anyway warning the lines with an exception or a difference, by position', () => {
    expect(mismatchedLines({ lines: [line(3, [], 4.5), line(1, []), line(2, ['not_received'])] }).map((l) => l.position)).toEqual([2, 3]);
  });
});

describe('what a credit note may still take', () => {
  it('is each line less what credit notes took, rejected ones aside', () => {
    const left = creditableQuantities(doc(), [note('cleared', [[L1, 4]]), note('pending', [[L1, 1], [L2, 2.5]]), note('rejected', [[L1, 5]])]);
    expect(Object.fromEntries(left)).toEqual({ [L1]: 5, [L2]: 0 });
  });

  it('is not lowered by a debit note against the invoice', () => {
    const debit = { ...note('cleared', [[L1, 4]]), kind: 'debit_note' as const };
    expect(Object.fromEntries(creditableQuantities(doc(), [debit]))).toEqual({ [L1]: 10, [L2]: 2.5 });
  });
});

describe('the credit-note body', () => {
  const left = new Map([
    [L1, 10],
    [L2, 2.5],
  ]);

  it('credits everything left when no quantity is typed', () => {
    expect(creditNoteBody('  بضاعة تالفة ', { [L1]: '', [L2]: ' ' }, left)).toEqual({ reason: 'بضاعة تالفة' });
  });

  it('credits the typed quantities, Arabic-Indic digits too, and leaves out zeros', () => {
    expect(creditNoteBody('مرتجع', { [L1]: '٣٫٥', [L2]: '0' }, left)).toEqual({ reason: 'مرتجع', lines: [{ invoice_line_id: L1, quantity: 3.5 }] });
  });

  it('refuses a missing reason, a quantity beyond what is left, and text that is not a number', () => {
    expect(creditNoteBody(' ', {}, left)).toBeNull();
    expect(creditNoteBody('مرتجع', { [L2]: '3' }, left)).toBeNull();
    expect(creditNoteBody('مرتجع', { [L1]: 'ثلاثة' }, left)).toBeNull();
  });
});

describe('what a credit note comes to, in the question before it is issued', () => {
  // 40 bags at 18.50 and 2.5 m³ at 333.33, at 15 %.
  const invoice = doc({
    lines: [
      { id: L1, quantity: 40, unit_price: 18.5, vat_rate: 0.15, credited_line_id: null },
      { id: L2, quantity: 2.5, unit_price: 333.33, vat_rate: 0.15, credited_line_id: null },
    ] as Invoice['lines'],
  });
  const left = new Map([
    [L1, 40],
    [L2, 2.5],
  ]);

  it('is the typed quantities at the invoice’s prices with their VAT: 4 bags, 74.00 + 11.10', () => {
    expect(creditNoteTotal(invoice, { reason: 'تالف', lines: [{ invoice_line_id: L1, quantity: 4 }] }, left)).toBe(85.1);
  });

  it('is everything still creditable when no quantity is given, rounded to halalas as a document is', () => {
    // 740.00 + 833.33 (833.325 rounds half up) = 1,573.33; VAT 236.00 (235.9995): 1,809.33.
    expect(creditNoteTotal(invoice, { reason: 'إلغاء' }, left)).toBe(1809.33);
    expect(creditNoteTotal(invoice, { reason: 'إلغاء' }, new Map([[L1, 0], [L2, 1]]))).toBe(383.33);
  });
});
