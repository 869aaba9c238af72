/**
 * Puts chosen photos into the upload queue: each is downscaled on the device first
 * (downscale.ts) and stored in IndexedDB with its own new id, so it is kept until the
 * server has it. A file too large even to try is refused here, with the server's code.
 */
import type { BinaaDb } from '../db/database';
import type { UploadRow } from '../db/schema';
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
