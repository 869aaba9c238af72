/**
 * Statements from the local store: the cleared documents the device holds, summed by the
 * same functions as the server's GET /api/statements (shared/payments.ts), so a statement
 * opens offline and agrees with the server's once synced. Today is the device's day in Riyadh.
 */
import { isAccepted, type Invoice } from '../../../shared/schemas/invoice';
import { counterpartiesOf, overdueOf, payable, statementOf } from '../../../shared/payments';
import { riyadhDay } from '../../../shared/riyadh';
import type { CounterpartySummary, Overdue, Statement } from '../../../shared/schemas/payment';
import type { ReceiptUpload } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';

export function useCounterparties(accountId: string): CounterpartySummary[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => counterpartiesOf(await db.invoices.toArray(), accountId, riyadhDay(new Date())), [db, accountId]);
}

export function useStatement(accountId: string, counterparty: string | null): Statement | null | undefined {
  const { db } = useLocalData();
  return useLiveQuery(
    async () => (counterparty ? statementOf(await db.invoices.toArray(), accountId, counterparty, riyadhDay(new Date())) : null),
    [db, accountId, counterparty],
  );
}

/** The reader's invoices as seller past due, across buyers (GET /api/statements/overdue from the device's copy). */
export function useOverdue(accountId: string): Overdue | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => overdueOf(await db.invoices.toArray(), accountId, riyadhDay(new Date())), [db, accountId]);
}

/** The receipt photos of an invoice's payments still on this device (waiting to be sent, or refused), by payment. */
export function useReceiptUploads(invoiceId: string): ReadonlyMap<string, ReceiptUpload> | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    // The table holds a handful of rows: read whole, not through an index of its own.
    const rows = (await db.uploads.toArray()).filter((u): u is ReceiptUpload => u.kind === 'payment_receipt' && u.invoice_id === invoiceId);
    return new Map(rows.map((r) => [r.payment_id, r]));
  }, [db, invoiceId]);
}

/** The invoices and debit notes (paid like invoices) `seller` issued to the reader that are cleared and still have something to record against, oldest first, with what may be recorded. */
export function useOpenInvoicesFrom(accountId: string, seller: string | null): Array<{ id: string; number: string; left: number; match_status: Invoice['match_status'] }> | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    if (!seller) return [];
    const rows = (await db.invoices.toArray()).filter((i) => i.kind !== 'credit_note' && isAccepted(i.status) && i.buyer_id === accountId && i.seller_id === seller && i.payment);
    return rows
      .sort((a, b) => (a.issued_at < b.issued_at ? -1 : 1))
      .map((i) => ({ id: i.id, number: i.number, left: payable({ ...i.payment!, total: i.total }, 'recorded'), match_status: i.match_status }))
      .filter((i) => i.left > 0);
  }, [db, accountId, seller]);
}

/** The documents on the device by id: what a statement's row shows beside its number (an invoice's match). */
export function useDocumentsById(): ReadonlyMap<string, Invoice> | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => new Map((await db.invoices.toArray()).map((i) => [i.id, i])), [db]);
}
