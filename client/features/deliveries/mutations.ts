/**
 * The delivery writes, through the outbox: shown at once, sent when there is a
 * connection. Each step, confirmation and report carries an event id made here and the
 * device's time, so a step sent twice is recorded once. Files (the signature, the proof
 * and problem photos) are downscaled here, given their ids, and stored with the mutation
 * that names them in one local write; the uploader sends them after it.
 */
import { useMemo } from 'react';
import type { DeliveryLocation, DriverStep, ProblemKind } from '../../../shared/schemas/delivery';
import { useMutate, useMutateWithFiles } from '../../data/local/hooks';
import { deliveryUploadRows, prepareFiles, type PreparedFile } from '../../data/photos/queue';

export interface DeliveredInput {
  recipient_name: string;
  /** The drawn signature, a PNG. */
  signature: { blob: Blob; width: number; height: number };
  photos: readonly File[];
  note: string;
}

export interface ProblemInput {
  kind: ProblemKind;
  note: string;
  photos: readonly File[];
}

/** What was not stored: files too large to send, by name (the rest went). */
export interface FilesOutcome {
  refused: Array<{ name: string; code: string }>;
}

export function useDeliveryMutations() {
  const mutate = useMutate();
  const withFiles = useMutateWithFiles();
  return useMemo(
    () => ({
      /** The transport company gives a job (its request) to one of its drivers. */
      assign: (requestId: string, driverId: string, plate: string) => mutate('delivery.assign', { id: requestId, driver_id: driverId, vehicle_plate: plate }),
      /** Picked up or on the way, at `at` (the tap's time), where the device was if the driver allows it. */
      step: (deliveryId: string, step: Exclude<DriverStep, 'delivered'>, at: string, location: DeliveryLocation | null) =>
        mutate('delivery.step', { id: deliveryId, event_id: crypto.randomUUID(), step, at, location }),
      /** Delivered, with the proof: the signature and photos are queued with the step, in one write. */
      deliver: async (deliveryId: string, input: DeliveredInput, at: string, location: DeliveryLocation | null): Promise<FilesOutcome> => {
        const { files, refused } = await prepareFiles(input.photos);
        const signature: PreparedFile = { id: crypto.randomUUID(), blob: input.signature.blob, name: 'signature.png', width: input.signature.width, height: input.signature.height };
        const rows = deliveryUploadRows(deliveryId, [{ ...signature, purpose: 'signature' }, ...files.map((f) => ({ ...f, purpose: 'proof' as const }))]);
        await withFiles(
          'delivery.step',
          {
            id: deliveryId,
            event_id: crypto.randomUUID(),
            step: 'delivered',
            at,
            location,
            proof: { recipient_name: input.recipient_name, signature_id: signature.id, photo_ids: files.map((f) => f.id), note: input.note },
          },
          rows,
        );
        return { refused };
      },
      confirm: (deliveryId: string, note: string) => mutate('delivery.confirm', { id: deliveryId, event_id: crypto.randomUUID(), at: new Date().toISOString(), note }),
      problem: async (deliveryId: string, input: ProblemInput): Promise<FilesOutcome> => {
        const at = new Date().toISOString();
        const { files, refused } = await prepareFiles(input.photos);
        const rows = deliveryUploadRows(deliveryId, files.map((f) => ({ ...f, purpose: 'problem' as const })));
        await withFiles('delivery.problem', { id: deliveryId, event_id: crypto.randomUUID(), at, kind: input.kind, note: input.note, photo_ids: files.map((f) => f.id) }, rows);
        return { refused };
      },
    }),
    [mutate, withFiles],
  );
}
