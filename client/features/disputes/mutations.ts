/**
 * The dispute writes, through the outbox: the buyer's dispute with its photos in one local
 * write (the dispute's id chosen here, so it lands once), the seller's accept (with the
 * remedy) and reject (with the reason). The server checks who may move and what may be
 * disputed (dispute_exceeds_received, dispute_answered); the screens offer only those moves.
 */
import { useMemo } from 'react';
import type { DisputeCreateArgs, DisputeRemedy } from '../../../shared/schemas/dispute';
import { useMutate, useMutateWithFiles } from '../../data/local/hooks';
import { orderPhotoUploadRows, prepareFiles } from '../../data/photos/queue';

export interface DisputeInput {
  purchaseOrderId: string;
  reason: string;
  lines: DisputeCreateArgs['lines'];
  photos: readonly File[];
}

export function useDisputeMutations() {
  const mutate = useMutate();
  const withFiles = useMutateWithFiles();
  return useMemo(
    () => ({
      open: async (input: DisputeInput) => {
        const id = crypto.randomUUID();
        const { files, refused } = await prepareFiles(input.photos);
        const args: DisputeCreateArgs = {
          id,
          purchase_order_id: input.purchaseOrderId,
          reason: input.reason.trim(),
          lines: input.lines,
          ...(files.length ? { photo_ids: files.map((f) => f.id) } : {}),
        };
        await withFiles('dispute.open', args, orderPhotoUploadRows(input.purchaseOrderId, files));
        return { id, refused };
      },
      accept: (id: string, remedy: DisputeRemedy) => mutate('dispute.accept', { id, remedy }),
      reject: (id: string, reason: string) => mutate('dispute.reject', { id, reason: reason.trim() }),
    }),
    [mutate, withFiles],
  );
}
