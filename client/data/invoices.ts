/**
 * Issuing tax invoices and credit notes: online only, since the seller's signing keys
 * never leave the server (the document is chained, signed and sent to ZATCA there). The
 * answer is the document as the feed will carry it, parsed with the shared schema; the
 * documents themselves are read from the offline store. The PDF and the XML are
 * downloads the server renders from the kept document.
 */
import { invoiceSchema, type CreditNoteCreate, type Invoice } from '../../shared/schemas/invoice';
import { api } from './client';

const BASE = '/api/invoices';

export async function postInvoice(purchaseOrderId: string): Promise<Invoice> {
  return invoiceSchema.parse((await api.post<unknown>(BASE, { purchase_order_id: purchaseOrderId })).data);
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
