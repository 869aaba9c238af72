/**
 * The seller's answers to a recorded transfer: online only, since confirming moves money
 * in the ledger the buyer sees and the server decides it under the invoice's lock. The
 * answer is the payment, parsed with the shared schema; the invoice row that carries it
 * comes with the next pull. The buyer's record goes through the outbox (payment.record).
 */
import { paymentSchema, type Payment } from '../../shared/schemas/payment';
import { api } from './client';

const at = (id: string) => `/api/payments/${encodeURIComponent(id)}`;

export async function postPaymentConfirm(id: string): Promise<Payment> {
  return paymentSchema.parse((await api.post<unknown>(`${at(id)}/confirm`, {})).data);
}

export async function postPaymentDispute(id: string, reason: string): Promise<Payment> {
  return paymentSchema.parse((await api.post<unknown>(`${at(id)}/dispute`, { reason })).data);
}
