/**
 * What an invoice's row says of its payment: the facts from SQL (terms, the seller's IBAN,
 * cleared credit notes, confirmed and recorded payments, the payments themselves), the due
 * date, balance and status from shared/payments.ts. The invoices' query (queries.ts)
 * selects paymentFacts and its reader applies withPayment, so REST and the change feed
 * present the same row. The payments area builds on these sums (its locks, card payments
 * and reminders); the invoice's row is read here, so invoices import nothing of payments.
 */
import type { Knex } from 'knex';
import { ACCEPTED_INVOICE_STATUSES, type Invoice } from '../../../shared/schemas/invoice';
import type { InvoicePayment, Payment, PaymentTermsDays } from '../../../shared/schemas/payment';
import { balanceOf, dueDate, paymentStatus } from '../../../shared/payments';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A payment as JSON, from alias p joined to its invoice as i. */
export const PAYMENT_JSON = `json_build_object('id', p.id, 'invoice_id', p.invoice_id, 'invoice_number', i.number, 'payer_id', p.payer_id,
  'payee_id', p.payee_id, 'method', p.method, 'amount', p.amount, 'currency', p.currency, 'paid_on', to_char(p.paid_on, 'YYYY-MM-DD'),
  'reference', p.reference, 'receipt_id', p.receipt_id,
  'receipt_stored', exists(select 1 from payment_receipts pr where pr.id = p.receipt_id and pr.payer_id = p.payer_id), 'transfer_id', p.transfer_id, 'status', p.status, 'dispute_reason', p.dispute_reason,
  'decided_at', to_char(p.decided_at at time zone 'UTC', ${ISO}), 'refunded', p.refunded,
  'refunded_at', to_char(p.refunded_at at time zone 'UTC', ${ISO}), 'created_at', to_char(p.created_at at time zone 'UTC', ${ISO}))`;

/** Sums an invoice (alias given) is owed against, in SQL: cleared credit notes, confirmed and recorded payments (less what was refunded to a card). */
export const creditedSql = (inv: string) =>
  `coalesce((select sum(cn.total) from invoices cn where cn.original_invoice_id = ${inv}.id and cn.kind = 'credit_note' and cn.status in (${ACCEPTED_INVOICE_STATUSES.map((s) => `'${s}'`).join(', ')})), 0)`;
export const paidSql = (inv: string, status: 'confirmed' | 'recorded') =>
  `coalesce((select sum(pp.amount - pp.refunded) from payments pp where pp.invoice_id = ${inv}.id and pp.status = '${status}'), 0)`;
/** The due date in SQL: the issue day in Riyadh (UTC+3 all year) plus the terms, as dueDate computes it. */
export const dueDateSql = (inv: string) => `(((${inv}.issued_at at time zone 'UTC') + interval '3 hours')::date + ${inv}.payment_terms_days)`;

/**
 * The facts of an invoice's payment (alias inv), one JSON column of the invoices' query. A
 * debit note is owed and paid as an invoice is (its terms, its own payments); a credit
 * note has none (it lowers its invoice's balance).
 */
export function paymentFacts(db: Knex): Knex.Raw {
  return db.raw(
    `case when inv.kind in ('invoice', 'debit_note') then json_build_object(
       'terms_days', inv.payment_terms_days,
       'iban', (select tp.iban from company_tax_profiles tp where tp.company_id = inv.seller_id),
       'credited', ${creditedSql('inv')},
       'paid', ${paidSql('inv', 'confirmed')},
       'pending', ${paidSql('inv', 'recorded')},
       'payments', coalesce((select json_agg(${PAYMENT_JSON} order by p.created_at, p.id) from payments p join invoices i on i.id = p.invoice_id where p.invoice_id = inv.id), '[]'::json)
     ) end as payment_facts`,
  );
}

interface PaymentFacts {
  terms_days: PaymentTermsDays;
  iban: string | null;
  credited: number | string;
  paid: number | string;
  pending: number | string;
  payments: Payment[];
}

/** The row's payment, as of `today` in Riyadh. */
export function withPayment<R extends Omit<Invoice, 'payment'> & { payment_facts?: PaymentFacts | null }>(row: R, today: string): Invoice {
  const { payment_facts: f, ...invoice } = row;
  if (!f) return { ...invoice, payment: null };
  const facts = { total: Number(invoice.total), credited: Number(f.credited), paid: Number(f.paid), due_date: dueDate(invoice.issued_at, f.terms_days) };
  const payment: InvoicePayment = {
    terms_days: f.terms_days,
    due_date: facts.due_date,
    iban: f.iban,
    credited: facts.credited,
    paid: facts.paid,
    pending: Number(f.pending),
    balance: balanceOf(facts),
    status: paymentStatus(facts, today),
    payments: f.payments.map((p) => ({ ...p, amount: Number(p.amount), refunded: Number(p.refunded) })),
  };
  return { ...invoice, payment };
}
