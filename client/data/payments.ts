/**
 * The payment requests that need the network, so they skip the outbox:
 * - one bank transfer across several invoices of a seller (POST /api/payments/transfers),
 *   since it spans invoices the server locks together in one order; the answer is parsed
 *   with the shared schema and the invoices' new rows come with the next pull (a transfer
 *   of one invoice, and the seller's answers, go through the outbox instead);
 * - the card gateway's page for what is left of an invoice (POST /api/invoices/{id}/pay).
 */
import { transferSchema, type Transfer, type TransferRecord } from '../../shared/schemas/payment';
import { api } from './client';

export async function postTransfer(body: TransferRecord): Promise<Transfer> {
  return transferSchema.parse((await api.post<unknown>('/api/payments/transfers', body)).data);
}

/** Where the buyer pays what is left of the invoice by card (the gateway's page). */
export async function startCardPayment(invoiceId: string): Promise<string> {
  return (await api.post<{ payment_url: string }>(`/api/invoices/${encodeURIComponent(invoiceId)}/pay`, {})).data.payment_url;
}
