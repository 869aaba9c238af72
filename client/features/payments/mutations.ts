/**
 * Payments from the screens, all through the outbox (shown at once on the invoice, sent
 * when there is a connection, once): the buyer's transfer, of one invoice or across several
 * (its ids are chosen here), with the
 * photo of its receipt (an upload queued after it, as a delivery's photos are), and the
 * seller's confirmation or dispute, so a seller on a site with no signal answers too. A
 * refusal comes back to the sync centre with its reason, and the invoice shows the server's row.
 */
import { useMemo } from 'react';
import type { PaymentRecord, TransferRecord } from '../../../shared/schemas/payment';
import { useMutate, useMutateWithFiles } from '../../data/local/hooks';
import { prepareFiles, receiptUploadRow } from '../../data/photos/queue';

export function usePaymentMutations() {
  const mutate = useMutate();
  const withFiles = useMutateWithFiles();
  return useMemo(
    () => ({
      /**
       * One transfer across several invoices of a seller, through the outbox like a single
       * one: each allocation's payment row gets its id here, so the invoices show the rows
       * at once, offline too, and the receipt photo is queued for the first of them (read by
       * the parties of each) and sent after the transfer.
       */
      recordTransfer: async (body: Omit<TransferRecord, 'receipt_id'>, receipt: File | null): Promise<{ receiptRefused: boolean }> => {
        const { files, refused } = receipt ? await prepareFiles([receipt]) : { files: [], refused: [] };
        const file = files[0];
        const allocations = body.allocations.map((a) => ({ ...a, payment_id: a.payment_id ?? crypto.randomUUID() }));
        const [first] = allocations;
        if (!file || !first) {
          await mutate('payment.transfer', { ...body, allocations });
          return { receiptRefused: refused.length > 0 };
        }
        await withFiles('payment.transfer', { ...body, allocations, receipt_id: file.id }, [receiptUploadRow(first.invoice_id, first.payment_id, file)]);
        return { receiptRefused: false };
      },
      /**
       * The transfer, and the photo of its receipt (downscaled, then queued with the record in
       * one write and sent after it). Answers whether a photo was refused as too large.
       */
      record: async (invoiceId: string, body: Omit<PaymentRecord, 'receipt_id'>, receipt: File | null): Promise<{ receiptRefused: boolean }> => {
        const { files, refused } = receipt ? await prepareFiles([receipt]) : { files: [], refused: [] };
        const file = files[0];
        if (!file) {
          await mutate('payment.record', { ...body, invoice_id: invoiceId });
          return { receiptRefused: refused.length > 0 };
        }
        await withFiles('payment.record', { ...body, invoice_id: invoiceId, receipt_id: file.id }, [receiptUploadRow(invoiceId, body.id, file)]);
        return { receiptRefused: false };
      },
      confirm: (invoiceId: string, paymentId: string) => mutate('payment.confirm', { id: paymentId, invoice_id: invoiceId }),
      dispute: (invoiceId: string, paymentId: string, reason: string) => mutate('payment.dispute', { id: paymentId, invoice_id: invoiceId, reason }),
    }),
    [mutate, withFiles],
  );
}
