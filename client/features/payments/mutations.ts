/**
 * Payments from the screens, all through the outbox (shown at once on the invoice, sent
 * when there is a connection, once): the buyer's transfer (its id is chosen here) with the
 * photo of its receipt (an upload queued after it, as a delivery's photos are), and the
 * seller's confirmation or dispute, so a seller on a site with no signal answers too. A
 * refusal comes back to the sync centre with its reason, and the invoice shows the server's row.
 */
import { useMemo } from 'react';
import type { PaymentRecord, TransferRecord } from '../../../shared/schemas/payment';
import { postTransfer } from '../../data/payments';
import { useLocalData } from '../../data/local/DataProvider';
import { useMutate, useMutateWithFiles } from '../../data/local/hooks';
import { prepareFiles, receiptUploadRow } from '../../data/photos/queue';

export function usePaymentMutations() {
  const mutate = useMutate();
  const withFiles = useMutateWithFiles();
  const { engine, db, uploader } = useLocalData();
  return useMemo(
    () => ({
      /**
       * One transfer across several invoices of a seller: online, then the engine pulls the
       * invoices' new rows; its receipt photo is queued once the server has the payments
       * naming it (uploaded for the first of them, read by the parties of each).
       */
      recordTransfer: async (body: Omit<TransferRecord, 'receipt_id'>, receipt: File | null): Promise<{ receiptRefused: boolean }> => {
        const { files, refused } = receipt ? await prepareFiles([receipt]) : { files: [], refused: [] };
        const file = files[0];
        const transfer = await postTransfer(file ? { ...body, receipt_id: file.id } : body);
        const [first] = transfer.payments;
        if (file && first) {
          await db.uploads.add(receiptUploadRow(first.invoice_id, first.id, file));
          uploader.kick();
        }
        engine.schedule(0);
        return { receiptRefused: refused.length > 0 };
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
    [mutate, withFiles, engine, db, uploader],
  );
}
