/**
 * Issuing tax invoices and credit notes: online only, since the seller's signing keys
 * never leave the server (the document is chained, signed and sent to ZATCA there). The
 * answer is the document as the feed will carry it, parsed with the shared schema; the
 * documents themselves are read from the offline store. The PDF and the XML are
 * downloads the server renders from the kept document.
 */
import { invoiceSchema, type CreditNoteCreate, type Invoice, type InvoiceCreate } from '../../../shared/schemas/invoice';
import type { PaymentTermsDays } from '../../../shared/schemas/payment';
import { api } from './client';

const BASE = '/api/invoices';

/** Issues the tax invoice of a purchase order, payable within `paymentTermsDays` of its issue (the server's default when absent). */
export async function postInvoice(purchaseOrderId: string, paymentTermsDays?: PaymentTermsDays): Promise<Invoice> {
  const body: InvoiceCreate = { purchase_order_id: purchaseOrderId, ...(paymentTermsDays === undefined ? {} : { payment_terms_days: paymentTermsDays }) };
  return invoiceSchema.parse((await api.post<unknown>(BASE, body)).data);
}

export async function postCreditNote(invoiceId: string, body: CreditNoteCreate): Promise<Invoice> {
  return invoiceSchema.parse((await api.post<unknown>(`${BASE}/${encodeURIComponent(invoiceId)}/credit-notes`, body)).data);
}

/** Sends a pending document (ZATCA did not answer) for clearance again; the answer is the document as it stands after. */
export async function postClearance(invoiceId: string): Promise<Invoice> {
  return invoiceSchema.parse((await api.post<unknown>(`${BASE}/${encodeURIComponent(invoiceId)}/clearance`, {})).data);
}

export const invoicePdfUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}/pdf`;
export const invoiceXmlUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}/xml`;
