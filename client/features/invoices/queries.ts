/**
 * Invoices and credit notes from the local store: the device holds every document its
 * company issued (seller_id) and those issued to it once ZATCA cleared them (buyer_id), as
 * the server's policy sends them. The reader's side is their account against the seller.
 */
import type { Invoice } from '../../../shared/schemas/invoice';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';

export type InvoiceSide = 'seller' | 'buyer';

export const sideOfInvoice = (invoice: Pick<Invoice, 'seller_id'>, accountId: string): InvoiceSide => (invoice.seller_id === accountId ? 'seller' : 'buyer');

/** Newest first: the document issued last on top (the number breaks a tie within one instant). */
export const newestFirst = (a: Invoice, b: Invoice) => Date.parse(b.issued_at) - Date.parse(a.issued_at) || b.number.localeCompare(a.number);

/** Every document on the device, newest first. */
export function useInvoices(): Invoice[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.invoices.toArray()).sort(newestFirst), [db]);
}

/** One document; null when the device does not hold it. */
export function useInvoice(id: string): Invoice | null | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.invoices.get(id)) ?? null, [db, id]);
}

/** The documents of a purchase order (its invoices, rejected ones included, and their credit notes), newest first. */
export function usePurchaseOrderInvoices(purchaseOrderId: string): Invoice[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.invoices.where('purchase_order_id').equals(purchaseOrderId).toArray()).sort(newestFirst), [db, purchaseOrderId]);
}

/** The credit notes issued against an invoice, newest first. */
export function useCreditNotes(invoiceId: string): Invoice[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.invoices.where('original_invoice_id').equals(invoiceId).toArray()).sort(newestFirst), [db, invoiceId]);
}
