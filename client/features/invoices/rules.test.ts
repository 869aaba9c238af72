/**
 * The invoice screens' decisions: the seller's action on a purchase order, what a credit
 * note may still take of each line, and the credit-note body the form sends.
 */
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/schemas/invoice';
import { creditNoteBody, creditNoteTotal, creditableQuantities, invoiceAction } from './rules';

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

const noTransport = { underway: false };

describe('the seller’s invoice action on a purchase order', () => {
  it('opens the live invoice, pending or cleared', () => {
    const pending = doc({ status: 'pending' });
    expect(invoiceAction({ status: 'accepted' }, noTransport, [pending], true)).toEqual({ kind: 'open', invoice: pending });
    expect(invoiceAction({ status: 'delivered' }, noTransport, [doc({ status: 'rejected' }), doc()], false)).toMatchObject({ kind: 'open' });
  });

  it('issues once the order is accepted, again after a rejection', () => {
    expect(invoiceAction({ status: 'accepted' }, noTransport, [], true)).toEqual({ kind: 'issue', again: false });
    expect(invoiceAction({ status: 'closed' }, noTransport, [doc({ status: 'rejected' })], true)).toEqual({ kind: 'issue', again: true });
  });

  it('says why it cannot issue: not accepted, or goods on a transport whose delivery is not confirmed', () => {
    expect(invoiceAction({ status: 'issued' }, noTransport, [], true)).toEqual({ kind: 'blocked', reason: 'not_accepted' });
    expect(invoiceAction({ status: 'accepted' }, { underway: true }, [], true)).toEqual({ kind: 'blocked', reason: 'delivery_unconfirmed' });
  });

  it('is not held back by a transport once the order reads delivered, nor by one nobody took', () => {
    expect(invoiceAction({ status: 'delivered' }, { underway: true }, [], true)).toEqual({ kind: 'issue', again: false });
    expect(invoiceAction({ status: 'closed' }, { underway: true }, [], true)).toEqual({ kind: 'issue', again: false });
    expect(invoiceAction({ status: 'accepted' }, { underway: false }, [], true)).toEqual({ kind: 'issue', again: false });
  });

  it('waits while the device holds an answer to the order the server has not received', () => {
    expect(invoiceAction({ status: 'accepted' }, noTransport, [], true, true)).toEqual({ kind: 'waiting' });
  });

  it('does not issue offline: the keys sign on the server', () => {
    expect(invoiceAction({ status: 'accepted' }, noTransport, [], false)).toEqual({ kind: 'offline' });
  });
});

describe('what a credit note may still take', () => {
  it('is each line less what credit notes took, rejected ones aside', () => {
    const left = creditableQuantities(doc(), [note('cleared', [[L1, 4]]), note('pending', [[L1, 1], [L2, 2.5]]), note('rejected', [[L1, 5]])]);
    expect(Object.fromEntries(left)).toEqual({ [L1]: 5, [L2]: 0 });
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
