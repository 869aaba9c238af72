/**
 * The payment request that needs the network, so it skips the outbox: the card gateway's
 * page for what is left of an invoice (POST /api/invoices/{id}/pay). Transfers, of one
 * invoice or several, and the seller's answers go through the outbox.
 */
import { paymentUrlSchema, type CardPayStart } from '../../../shared/schemas/card';
import { api } from './client';

/**
 * Where the buyer pays what is left of the invoice by card (the gateway's page);
 * `acceptException` after the warning, for an invoice whose match reads exception.
 */
export async function startCardPayment(invoiceId: string, acceptException = false): Promise<string> {
  const body: CardPayStart = acceptException ? { accept_exception: true } : {};
  return paymentUrlSchema.parse((await api.post<unknown>(`/api/invoices/${encodeURIComponent(invoiceId)}/pay`, body)).data).payment_url;
}
