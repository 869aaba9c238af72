/**
 * One bank transfer across several invoices of a seller (POST /api/payments/transfers):
 * online only, since it spans invoices the server locks together in one order; the answer
 * is parsed with the shared schema and the invoices' new rows come with the next pull. A
 * transfer of one invoice, and the seller's answers, go through the outbox instead.
 */
import { transferSchema, type Transfer, type TransferRecord } from '../../shared/schemas/payment';
import { api } from './client';

export async function postTransfer(body: TransferRecord): Promise<Transfer> {
  return transferSchema.parse((await api.post<unknown>('/api/payments/transfers', body)).data);
}
