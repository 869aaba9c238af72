/**
 * How payments are read: each as JSON with its invoice's number (the shape an invoice's
 * row carries them in too, invoices/payment-facts.ts), as the API presents them.
 */
import type { Knex } from 'knex';
import type { Payment } from '../../../shared/schemas/payment';
import { PAYMENT_JSON } from '../invoices/payment-facts';

/** Payments (alias p) with their invoice's number, as the API presents them. */
export function paymentQuery(db: Knex) {
  return db('payments as p').join('invoices as i', 'i.id', 'p.invoice_id').select(db.raw(`${PAYMENT_JSON} as payment`));
}

export async function readPayments(q: Knex.QueryBuilder): Promise<Payment[]> {
  return ((await q) as Array<{ payment: Payment }>).map(({ payment }) => ({ ...payment, amount: Number(payment.amount), refunded: Number(payment.refunded) }));
}
