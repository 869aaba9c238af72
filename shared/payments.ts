/**
 * The payment rules both sides compute the same way: an invoice's due date, its payment
 * status and balance, and a statement of account between two companies with its running
 * balance. The server presents invoices and statements with these; the client shows the
 * status of its synced copy with them too, so an invoice turns overdue on a phone that is
 * offline when the day passes. Money is summed in halalas, so 0.1 + 0.2 is 0.30.
 */
import { isAccepted, type Invoice } from './schemas/invoice';
import type { CounterpartySummary, InvoicePayment, InvoicePaymentStatus, Overdue, Statement, StatementEntry } from './schemas/payment';
import { riyadhDay } from './riyadh';

const DAY_MS = 24 * 60 * 60 * 1000;

export const halalas = (sar: number): number => Math.round(sar * 100);
const sar = (h: number): number => h / 100;

/** The due date: the issue day in Riyadh plus the terms' days. */
export function dueDate(issuedAt: string | Date, termsDays: number): string {
  return new Date(Date.parse(`${riyadhDay(issuedAt)}T00:00:00Z`) + termsDays * DAY_MS).toISOString().slice(0, 10);
}

export interface BalanceFacts {
  total: number;
  /** cleared credit notes against the invoice */
  credited: number;
  /** confirmed payments */
  paid: number;
  due_date: string;
}

/** What is left to pay: total less credit notes and confirmed payments (never below zero). */
export const balanceOf = (f: Pick<BalanceFacts, 'total' | 'credited' | 'paid'>): number => sar(Math.max(0, halalas(f.total) - halalas(f.credited) - halalas(f.paid)));

/**
 * The one payment status of an invoice:
 * - credited: credit notes cover the whole total (nothing was or is owed);
 * - paid: credit notes and confirmed payments cover it;
 * - overdue: something is left and `today` (Riyadh) is past the due date;
 * - partially_paid: something was paid and something is left, not yet due;
 * - unpaid: nothing paid, not yet due.
 */
export function paymentStatus(f: BalanceFacts, today: string): InvoicePaymentStatus {
  const total = halalas(f.total);
  const credited = halalas(f.credited);
  if (credited >= total) return 'credited';
  if (credited + halalas(f.paid) >= total) return 'paid';
  if (today > f.due_date) return 'overdue';
  return halalas(f.paid) > 0 ? 'partially_paid' : 'unpaid';
}

/**
 * The overpayment rule: a payment of `amount` may be recorded only while recorded and
 * confirmed payments with it stay within what credit notes leave of the total, and
 * confirmed only while confirmed payments with it do. Answers what may still be paid.
 */
export function payable(f: { total: number; credited: number; paid: number; pending: number }, counting: 'recorded' | 'confirmed'): number {
  const left = halalas(f.total) - halalas(f.credited) - halalas(f.paid) - (counting === 'recorded' ? halalas(f.pending) : 0);
  return sar(Math.max(0, left));
}

/**
 * The day an invoice was paid in full: the latest transfer day of its confirmed payments
 * (the one that settled it), or null while it is not paid. A credited invoice was never
 * paid, so it has none either.
 */
export function paidInFullOn(payment: Pick<InvoicePayment, 'status' | 'payments'>): string | null {
  if (payment.status !== 'paid') return null;
  const days = payment.payments.filter((p) => p.status === 'confirmed').map((p) => p.paid_on);
  return days.length ? days.reduce((a, b) => (b > a ? b : a)) : null;
}

/** The invoice with its payment status as of `today`: the stored row's status may have been computed on an earlier day. */
export function withStatusOn<T extends Pick<Invoice, 'payment'>>(invoice: T, today: string): T {
  const p = invoice.payment;
  if (!p) return invoice;
  return { ...invoice, payment: { ...p, status: paymentStatus({ total: p.balance + p.credited + p.paid, credited: p.credited, paid: p.paid, due_date: p.due_date }, today) } };
}

/** An instant as ISO text: the server's rows carry Date objects until they are serialised. */
const iso = (at: string | Date): string => new Date(at).toISOString();

type Doc = Pick<Invoice, 'id' | 'kind' | 'number' | 'seller_id' | 'buyer_id' | 'seller' | 'buyer' | 'issued_at' | 'total' | 'status' | 'original_invoice_id' | 'payment'>;

const counterpartyOf = (d: Doc, me: string) => (d.seller_id === me ? { id: d.buyer_id, name: d.buyer.legal_name } : { id: d.seller_id, name: d.seller.legal_name });

/**
 * The statement between `me` and one counterparty, from the cleared documents the reader
 * sees: invoices, debit and credit notes, confirmed payments and their refunds by date (then invoices before what
 * settles them), each with the balance the counterparty owes the reader after it.
 */
export function statementOf(docs: readonly Doc[], me: string, counterparty: string, today: string): Statement {
  const mine = docs.filter((d) => isAccepted(d.status) && counterpartyOf(d, me).id === counterparty);
  const lines: Array<Omit<StatementEntry, 'balance'> & { order: number; at: string }> = [];
  for (const d of mine) {
    const asSeller = d.seller_id === me;
    const sign = asSeller ? 1 : -1;
    const date = riyadhDay(d.issued_at);
    // A debit note is owed and paid as an invoice is (its own payments); a credit note lowers what its invoice's buyer owes.
    if (d.kind === 'invoice' || d.kind === 'debit_note') {
      lines.push({ date, at: iso(d.issued_at), order: 0, kind: d.kind, id: d.id, invoice_id: d.id, number: d.number, as_seller: asSeller, method: null, reference: null, amount: sign * d.total });
      for (const p of d.payment?.payments ?? []) {
        if (p.status !== 'confirmed') continue;
        // A card payment's reference is the gateway's id, a UUID: the statement names it by its method and invoice instead.
        const paid = { id: p.id, invoice_id: d.id, number: d.number, as_seller: asSeller, method: p.method, reference: p.method === 'card' ? null : p.reference };
        lines.push({ ...paid, date: p.paid_on, at: iso(p.decided_at ?? p.created_at), order: 2, kind: 'payment', amount: -sign * p.amount });
        if (p.refunded > 0 && p.refunded_at) {
          lines.push({ ...paid, date: riyadhDay(p.refunded_at), at: iso(p.refunded_at), order: 3, kind: 'refund', amount: sign * p.refunded });
        }
      }
    } else {
      lines.push({ date, at: iso(d.issued_at), order: 1, kind: 'credit_note', id: d.id, invoice_id: d.original_invoice_id ?? d.id, number: d.number, as_seller: asSeller, method: null, reference: null, amount: -sign * d.total });
    }
  }
  lines.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  let running = 0;
  const entries = lines.map(({ order: _o, at: _a, ...line }) => {
    running += halalas(line.amount);
    return { ...line, balance: sar(running) };
  });
  const overdue = mine.filter((d) => d.seller_id === me && d.kind !== 'credit_note' && d.payment && withStatusOn(d, today).payment!.status === 'overdue');
  const name = mine[0] ? counterpartyOf(mine[0], me).name : '';
  return { counterparty: { id: counterparty, name }, entries, balance: sar(running), overdue: sar(overdue.reduce((s, d) => s + halalas(d.payment!.balance), 0)) };
}

/** Every company the reader has cleared documents with, and the statement's balance and overdue with each, largest balance first. */
export function counterpartiesOf(docs: readonly Doc[], me: string, today: string): CounterpartySummary[] {
  const ids = new Map<string, string>();
  for (const d of docs) if (isAccepted(d.status)) ids.set(counterpartyOf(d, me).id, counterpartyOf(d, me).name);
  return [...ids]
    .map(([id, name]) => {
      const s = statementOf(docs, me, id, today);
      return { id, name, balance: s.balance, overdue: s.overdue };
    })
    .sort((a, b) => b.balance - a.balance || a.name.localeCompare(b.name));
}

/** The seller's overdue invoices across buyers: per buyer, each invoice past due with what is left of it. */
export function overdueOf(docs: readonly Doc[], me: string, today: string): Overdue {
  const buyers = new Map<string, Overdue['buyers'][number]>();
  for (const d of docs) {
    if (d.kind === 'credit_note' || d.seller_id !== me || !isAccepted(d.status) || !d.payment) continue;
    const p = withStatusOn(d, today).payment!;
    if (p.status !== 'overdue') continue;
    const b = buyers.get(d.buyer_id) ?? { id: d.buyer_id, name: d.buyer.legal_name, invoices: [], amount: 0 };
    b.invoices.push({ id: d.id, number: d.number, due_date: p.due_date, balance: p.balance });
    b.amount = sar(halalas(b.amount) + halalas(p.balance));
    buyers.set(d.buyer_id, b);
  }
  const list = [...buyers.values()].sort((a, b) => b.amount - a.amount);
  return { total: sar(list.reduce((s, b) => s + halalas(b.amount), 0)), buyers: list };
}

