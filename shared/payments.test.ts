import { describe, expect, it } from 'vitest';
import { balanceOf, dueDate, paidInFullOn, payable, paymentStatus, statementOf } from './payments';

const facts = (over: Partial<Parameters<typeof paymentStatus>[0]> = {}) => ({ total: 115, credited: 0, paid: 0, due_date: '2026-12-01', ...over });

describe('payment status', () => {
  it('is unpaid, partially paid, paid or credited by what credit notes and confirmed payments cover, in halalas', () => {
    expect(paymentStatus(facts(), '2026-11-28')).toBe('unpaid');
    expect(paymentStatus(facts({ paid: 0.1 }), '2026-11-28')).toBe('partially_paid');
    expect(paymentStatus(facts({ total: 0.3, paid: 0.1, credited: 0.2 }), '2026-11-28')).toBe('paid');
    expect(paymentStatus(facts({ credited: 115 }), '2026-11-28')).toBe('credited');
    expect(paymentStatus(facts({ credited: 15, paid: 100 }), '2026-11-28')).toBe('paid');
  });

  it('is overdue the day after the due date while something is left, and never once paid', () => {
    expect(paymentStatus(facts({ paid: 50 }), '2026-12-01')).toBe('partially_paid');
    expect(paymentStatus(facts({ paid: 50 }), '2026-12-02')).toBe('overdue');
    expect(paymentStatus(facts({ paid: 115 }), '2027-01-01')).toBe('paid');
  });

  it('names the day an invoice was paid in full: the last confirmed transfer, none while something is left or when credited', () => {
    const payments = [
      { status: 'confirmed', paid_on: '2026-11-20' },
      { status: 'confirmed', paid_on: '2026-11-25' },
      { status: 'disputed', paid_on: '2026-11-27' },
    ] as Parameters<typeof paidInFullOn>[0]['payments'];
    expect(paidInFullOn({ status: 'paid', payments })).toBe('2026-11-25');
    expect(paidInFullOn({ status: 'partially_paid', payments })).toBeNull();
    expect(paidInFullOn({ status: 'credited', payments: [] })).toBeNull();
  });

  it('counts the due date from the issue day in Riyadh', () => {
    // 22:30 UTC is already the next day in Riyadh (UTC+3).
    expect(dueDate('2026-11-27T22:30:00.000Z', 0)).toBe('2026-11-28');
    expect(dueDate('2026-11-27T20:00:00.000Z', 30)).toBe('2026-12-27');
  });

  it('leaves room for a payment within what credit notes and payments leave', () => {
    const f = { total: 115, credited: 15, paid: 40, pending: 50 };
    expect(payable(f, 'recorded')).toBe(10);
    expect(payable(f, 'confirmed')).toBe(60);
    expect(balanceOf(f)).toBe(60);
    expect(payable({ ...f, credited: 115 }, 'confirmed')).toBe(0);
  });
});

describe('statement', () => {
  const me = 'seller';
  const party = (name: string) => ({ legal_name: name }) as never;
  const invoice = (id: string, issued: string, total: number, payments: Array<{ id: string; paid_on: string; amount: number; status: 'recorded' | 'confirmed' | 'disputed'; method?: 'transfer' | 'card'; reference?: string; refunded?: number; refunded_at?: string }> = []) => ({
    id, kind: 'invoice' as const, number: `INV-${id}`, seller_id: me, buyer_id: 'buyer', seller: party('أنا'), buyer: party('المشتري'), issued_at: issued, total, status: 'cleared' as const, original_invoice_id: null,
    payment: { terms_days: 30 as const, due_date: '2026-12-30', iban: null, credited: 0, paid: 0, pending: 0, balance: total, status: 'unpaid' as const,
      payments: payments.map((p) => ({ invoice_id: id, invoice_number: `INV-${id}`, payer_id: 'buyer', payee_id: me, method: 'transfer' as const, currency: 'SAR', reference: 'R', receipt_id: null, receipt_stored: false, transfer_id: null, dispute_reason: null, decided_at: null, refunded: 0, refunded_at: null, created_at: `${p.paid_on}T10:00:00.000Z`, ...p })) },
  });

  it('runs the balance in date order with confirmed payments only, and mirrors it for the other side', () => {
    const docs = [
      invoice('b', '2026-11-20T09:00:00.000Z', 230, [{ id: 'p2', paid_on: '2026-11-21', amount: 30, status: 'recorded' }]),
      invoice('a', '2026-11-10T09:00:00.000Z', 115, [{ id: 'p1', paid_on: '2026-11-15', amount: 100, status: 'confirmed' }]),
      { ...invoice('c', '2026-11-25T09:00:00.000Z', 30), kind: 'credit_note' as const, number: 'CN-c', original_invoice_id: 'b', payment: null },
    ];
    const s = statementOf(docs, me, 'buyer', '2026-11-28');
    expect(s.entries.map((e) => [e.date, e.kind, e.amount, e.balance])).toEqual([
      ['2026-11-10', 'invoice', 115, 115],
      ['2026-11-15', 'payment', -100, 15],
      ['2026-11-20', 'invoice', 230, 245],
      ['2026-11-25', 'credit_note', -30, 215],
    ]);
    expect(s.balance).toBe(215);
    expect(statementOf(docs, 'buyer', me, '2026-11-28').entries.map((e) => e.balance)).toEqual([-115, -15, -245, -215]);
  });

  it('owes a debit note as an invoice, with its own payments, and a credit note from a dispute lowers the balance', () => {
    const docs = [
      invoice('a', '2026-11-10T09:00:00.000Z', 115),
      { ...invoice('d', '2026-11-12T09:00:00.000Z', 23, [{ id: 'p1', paid_on: '2026-11-14', amount: 23, status: 'confirmed' }]), kind: 'debit_note' as const, number: 'DN-d', original_invoice_id: 'a' },
      { ...invoice('c', '2026-11-16T09:00:00.000Z', 11.5), kind: 'credit_note' as const, number: 'CN-c', original_invoice_id: 'a', payment: null },
    ];
    const s = statementOf(docs, me, 'buyer', '2026-11-28');
    expect(s.entries.map((e) => [e.kind, e.invoice_id, e.amount, e.balance])).toEqual([
      ['invoice', 'a', 115, 115],
      ['debit_note', 'd', 23, 138],
      ['payment', 'd', -23, 115],
      ['credit_note', 'a', -11.5, 103.5],
    ]);
  });

  it("names a transfer by its bank reference and a card payment by its method and invoice, never by the gateway's id", () => {
    const gatewayId = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
    const docs = [
      invoice('a', '2026-11-10T09:00:00.000Z', 115, [{ id: 'p1', paid_on: '2026-11-15', amount: 100, status: 'confirmed', reference: 'TRX-0001' }]),
      invoice('b', '2026-11-12T09:00:00.000Z', 99, [{ id: 'p2', paid_on: '2026-11-12', amount: 99, status: 'confirmed', method: 'card', reference: gatewayId, refunded: 99, refunded_at: '2026-11-20T09:00:00.000Z' }]),
    ];
    const s = statementOf(docs, me, 'buyer', '2026-11-28');
    expect(s.entries.map((e) => [e.kind, e.number, e.method, e.reference])).toEqual([
      ['invoice', 'INV-a', null, null],
      ['invoice', 'INV-b', null, null],
      ['payment', 'INV-b', 'card', null],
      ['payment', 'INV-a', 'transfer', 'TRX-0001'],
      ['refund', 'INV-b', 'card', null],
    ]);
    expect(JSON.stringify(s)).not.toContain(gatewayId);
  });
});
