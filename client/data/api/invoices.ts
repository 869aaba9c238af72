/**
 * Issuing tax invoices, credit and debit notes, and reading an invoice's match: online only, since the seller's signing keys
 * never leave the server (the document is chained, signed and sent to ZATCA there). The
 * answer is the document as the feed will carry it, parsed with the shared schema; the
 * documents themselves are read from the offline store. The PDF and the XML are
 * downloads the server renders from the kept document.
 */
import { invoiceMatchSchema, invoiceSchema, type CreditNoteCreate, type DebitNoteCreate, type Invoice, type InvoiceCreate, type InvoiceMatch } from '../../../shared/schemas/invoice';
import { api } from './client';

const BASE = '/api/invoices';

/**
 * Issues a tax invoice of a purchase order: the quantities of the lines the form gives (the
 * server's default, what is received and not yet invoiced, when `lines` is absent), the
 * reason when it bills more than was received, payable within the terms named (the
 * server's default when absent).
 */
export async function postInvoice(body: InvoiceCreate): Promise<Invoice> {
  return invoiceSchema.parse((await api.post<unknown>(BASE, body)).data);
}

/** The three-way match of an invoice (order, receipts, invoice), line by line, as the server computes it now. */
export async function getInvoiceMatch(invoiceId: string): Promise<InvoiceMatch> {
  return invoiceMatchSchema.parse((await api.get<unknown>(`${BASE}/${encodeURIComponent(invoiceId)}/match`)).data);
}

/** Issues a debit note (ZATCA 383) against a cleared or reported invoice: a quantity billed short or a price increase per line. */
export async function postDebitNote(invoiceId: string, body: DebitNoteCreate): Promise<Invoice> {
  return invoiceSchema.parse((await api.post<unknown>(`${BASE}/${encodeURIComponent(invoiceId)}/debit-notes`, body)).data);
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
