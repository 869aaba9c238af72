/**
 * Recording a goods receipt, through the outbox: the receipt and its photos in one local
 * write (offline too), sent when there is a connection. The receipt's id is chosen here,
 * so a receipt sent twice (a retry after a dropped link) lands once; the photos are
 * downscaled here, given their ids, and sent after the receipt that names them.
 */
import { useMemo } from 'react';
import { useMutateWithFiles } from '../../data/local/hooks';
import { orderPhotoUploadRows, prepareFiles, type PreparedFile } from '../../data/photos/queue';
import { receiptArgs, type DraftLine } from './receiptForm';

export interface ReceiptInput {
  purchaseOrderId: string;
  lines: readonly DraftLine[];
  note: string;
  deliveryId?: string | null;
}

export function useReceiptMutations() {
  const withFiles = useMutateWithFiles();
  return useMemo(
    () => ({
      /** Resolves to the receipt's id and the photos too large to send (left out; the rest went). */
      record: async (input: ReceiptInput) => {
        // The moment of the receipt is the tap, not the end of the downscaling.
        const receivedAt = new Date().toISOString();
        const id = crypto.randomUUID();
        const photoIds = new Map<string, string[]>();
        const files: PreparedFile[] = [];
        const refused: Array<{ name: string; code: string }> = [];
        for (const line of input.lines) {
          if (line.received <= 0 || !line.photos.length) continue;
          const prepared = await prepareFiles(line.photos);
          photoIds.set(line.lineId, prepared.files.map((f) => f.id));
          files.push(...prepared.files);
          refused.push(...prepared.refused);
        }
        const args = receiptArgs({ id, purchaseOrderId: input.purchaseOrderId, lines: input.lines, photoIds, note: input.note, receivedAt, deliveryId: input.deliveryId });
        await withFiles('goods_receipt.record', args, orderPhotoUploadRows(input.purchaseOrderId, files));
        return { id, refused };
      },
    }),
    [withFiles],
  );
}
