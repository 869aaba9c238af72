/**
 * Puts chosen photos into the upload queue: each is downscaled on the device first
 * (downscale.ts) and stored in IndexedDB with its own new id, so it is kept until the
 * server has it. A file too large even to try is refused here, with the server's code.
 * A product's photos (queuePhotos) and a delivery's files (deliveryUploadRows: the
 * signature and photos, stored in the same transaction as the step that names them).
 */
import type { DeliveryFilePurpose } from '../../../shared/schemas/delivery';
import type { BinaaDb } from '../db/database';
import type { DeliveryFileUpload, OrderPhotoUpload, ReceiptUpload, UploadRow } from '../db/schema';
import { MAX_UPLOAD_BYTES, preparePhoto } from './downscale';

export interface QueuedPhotos {
  ids: string[];
  /** Files refused before queueing, with the error code the screens translate. */
  refused: Array<{ name: string; code: string }>;
}

/** Downscales `files` and stores them for `productId`, in the order given. */
export async function queuePhotos(db: BinaaDb, productId: string, files: readonly File[]): Promise<QueuedPhotos> {
  const rows: UploadRow[] = [];
  const refused: QueuedPhotos['refused'] = [];
  const start = Date.now();
  for (const [i, file] of files.entries()) {
    const { blob, width, height } = await preparePhoto(file);
    if (blob.size > MAX_UPLOAD_BYTES) {
      refused.push({ name: file.name, code: 'image_too_large' });
      continue;
    }
    rows.push({
      kind: 'product_photo',
      id: crypto.randomUUID(),
      product_id: productId,
      blob,
      name: file.name || 'photo',
      type: blob.type || file.type,
      width,
      height,
      bytes: blob.size,
      status: 'queued',
      url: null,
      code: null,
      error: null,
      // One millisecond apart: the queue sends them (and the server places them) in the order chosen.
      created_at: new Date(start + i).toISOString(),
    });
  }
  if (rows.length) await db.uploads.bulkAdd(rows);
  return { ids: rows.map((r) => r.id), refused };
}

/** A file of a delivery, ready to be stored: its id (chosen here) is what the mutation names. */
export interface PreparedFile {
  id: string;
  blob: Blob;
  name: string;
  width: number | null;
  height: number | null;
}

/**
 * Downscales photos for a delivery and gives each its id, before anything is stored, so a
 * screen can name them in its mutation and store both together. Files too large to send
 * come back as refused.
 */
export async function prepareFiles(files: readonly File[]): Promise<{ files: PreparedFile[]; refused: QueuedPhotos['refused'] }> {
  const out: PreparedFile[] = [];
  const refused: QueuedPhotos['refused'] = [];
  for (const file of files) {
    const { blob, width, height } = await preparePhoto(file);
    if (blob.size > MAX_UPLOAD_BYTES) refused.push({ name: file.name, code: 'image_too_large' });
    else out.push({ id: crypto.randomUUID(), blob, name: file.name || 'photo', width, height });
  }
  return { files: out, refused };
}

/** What every upload row of a prepared file holds, queued at `at`. */
const queuedFile = (file: PreparedFile, at: number) => ({
  id: file.id,
  blob: file.blob,
  name: file.name,
  type: file.blob.type || 'application/octet-stream',
  width: file.width,
  height: file.height,
  bytes: file.blob.size,
  status: 'queued' as const,
  url: null,
  code: null,
  error: null,
  created_at: new Date(at).toISOString(),
});

/** The upload row of a transfer's receipt photo, named by the payment recorded with it. */
export function receiptUploadRow(invoiceId: string, paymentId: string, file: PreparedFile, now = Date.now()): ReceiptUpload {
  return { kind: 'payment_receipt', payment_id: paymentId, invoice_id: invoiceId, ...queuedFile(file, now) };
}

/** The upload rows of a delivery's files, in the order given (one millisecond apart, sent in that order). */
export function deliveryUploadRows(deliveryId: string, files: ReadonlyArray<PreparedFile & { purpose: DeliveryFilePurpose }>, now = Date.now()): DeliveryFileUpload[] {
  return files.map((file, i) => ({ kind: 'delivery_file', delivery_id: deliveryId, purpose: file.purpose, ...queuedFile(file, now + i) }));
}

/** The upload rows of photos of an order's receipt or dispute, in the order given (one millisecond apart, sent in that order). */
export function orderPhotoUploadRows(purchaseOrderId: string, files: readonly PreparedFile[], now = Date.now()): OrderPhotoUpload[] {
  return files.map((file, i) => ({ kind: 'order_photo', purchase_order_id: purchaseOrderId, ...queuedFile(file, now + i) }));
}
