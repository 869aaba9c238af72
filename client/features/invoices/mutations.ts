/**
 * Issuing, which needs the network (client/data/api/invoices.ts): the document the server
 * answers is stored on the device at once, so its page opens before the feed brings the
 * same row, and the engine is asked to pull (the feed's copy replaces it, the same row).
 */
import { useMemo } from 'react';
import type { CreditNoteCreate, DebitNoteCreate, Invoice, InvoiceCreate } from '../../../shared/schemas/invoice';
import type { BinaaDb } from '../../data/db/database';
import { postClearance, postCreditNote, postDebitNote, postInvoice } from '../../data/api/invoices';
import { useLocalData } from '../../data/local/DataProvider';

/** Stores a document the server answered, stamped with the store's current generation as a pulled row is. */
export async function storeDocument(db: BinaaDb, invoice: Invoice): Promise<void> {
  const generation = (await db.getMeta<number>('generation')) ?? 0;
  await db.invoices.put({ ...invoice, _gen: generation });
}

export function useInvoiceMutations() {
  const { db, engine } = useLocalData();
  return useMemo(() => {
    const kept = async (invoice: Invoice) => {
      await storeDocument(db, invoice);
      engine.schedule(0);
      return invoice;
    };
    return {
      issue: async (body: InvoiceCreate) => kept(await postInvoice(body)),
      creditNote: async (invoiceId: string, body: CreditNoteCreate) => kept(await postCreditNote(invoiceId, body)),
      debitNote: async (invoiceId: string, body: DebitNoteCreate) => kept(await postDebitNote(invoiceId, body)),
      clearAgain: async (invoiceId: string) => kept(await postClearance(invoiceId)),
    };
  }, [db, engine]);
}
