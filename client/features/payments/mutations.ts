/**
 * Payments from the screens, all through the outbox (shown at once on the invoice, sent
 * when there is a connection, once): the buyer's transfer (its id is chosen here) and the
 * seller's confirmation or dispute, so a seller on a site with no signal answers too. A
 * refusal comes back to the sync centre with its reason, and the invoice shows the server's row.
 */
import { useMemo } from 'react';
import type { PaymentRecord } from '../../../shared/schemas/payment';
import { useMutate } from '../../data/local/hooks';

export function usePaymentMutations() {
  const mutate = useMutate();
  return useMemo(
    () => ({
      record: (invoiceId: string, body: PaymentRecord) => mutate('payment.record', { ...body, invoice_id: invoiceId }),
      confirm: (invoiceId: string, paymentId: string) => mutate('payment.confirm', { id: paymentId, invoice_id: invoiceId }),
      dispute: (invoiceId: string, paymentId: string, reason: string) => mutate('payment.dispute', { id: paymentId, invoice_id: invoiceId, reason }),
    }),
    [mutate],
  );
}
