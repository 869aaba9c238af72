/**
 * An invoice's match as the server computes it now (GET /api/invoices/{id}/match): it
 * reads the receipts, which the seller's device does not hold, so it is asked for online
 * and again when the invoice's row changes (a receipt or a note moves it). Offline, or
 * until it answers, the row's match_status stands alone.
 */
import { useEffect, useState } from 'react';
import type { Invoice, InvoiceMatch } from '../../../shared/schemas/invoice';
import { getInvoiceMatch } from '../../data/api/invoices';
import { useOnline } from '../../ui/useOnline';

export function useInvoiceMatch(invoice: Pick<Invoice, 'id' | 'kind' | 'updated_at' | 'match_status'>): InvoiceMatch | null {
  const online = useOnline();
  const [match, setMatch] = useState<InvoiceMatch | null>(null);
  const wanted = invoice.kind === 'invoice' && invoice.match_status !== null && online;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    getInvoiceMatch(invoice.id).then(
      (m) => live && setMatch(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [invoice.id, invoice.updated_at, invoice.match_status, wanted]);
  return match?.invoice_id === invoice.id ? match : null;
}
