/**
 * Payments from the screens: the buyer's transfer through the outbox (shown at once on the
 * invoice, sent when there is a connection, once: its id is chosen here); the seller's
 * confirmation or dispute online, after which the engine pulls the invoice's new row.
 */
import { useMemo } from 'react';
import type { PaymentRecord } from '../../../shared/schemas/payment';
import { postPaymentConfirm, postPaymentDispute } from '../../data/payments';
import { useLocalData } from '../../data/local/DataProvider';
import { useMutate } from '../../data/local/hooks';

export function usePaymentMutations() {
  const mutate = useMutate();
  const { engine } = useLocalData();
  return useMemo(
    () => ({
      record: (invoiceId: string, body: PaymentRecord) => mutate('payment.record', { ...body, invoice_id: invoiceId }),
      confirm: async (paymentId: string) => {
        const answer = await postPaymentConfirm(paymentId);
        engine.schedule(0);
        return answer;
      },
      dispute: async (paymentId: string, reason: string) => {
        const answer = await postPaymentDispute(paymentId, reason);
        engine.schedule(0);
        return answer;
      },
    }),
    [mutate, engine],
  );
}
