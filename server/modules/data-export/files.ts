/**
 * The files of a person's export: the photos and documents they uploaded (a goods
 * receipt's or dispute's photos, a delivery's proof and signature, a payment's receipt),
 * each opened through the same authorised read the app serves it by, so a file of an
 * order they can no longer see is not in it; and the photos of their company's products
 * (public in the catalogue). The largest stored version of each (1200 px WebP).
 */
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { ObjectStore } from '../../storage';
import { AppError } from '../../../shared/errors';
import { openOrderPhoto } from '../goods-receipts/photos';
import { openDeliveryFile } from '../deliveries/files';
import { openReceipt } from '../payments/receipts';
import { mediaKey } from '../photos/service';

const SIZE = 1200;

export interface ExportFile {
  /** its path in the ZIP */
  path: string;
  open: () => Promise<Readable | null>;
}

/** The object an authorised read opens, or null when it refuses (404) this person. */
async function opened(read: () => Promise<{ object: { body: Readable } }>): Promise<Readable | null> {
  try {
    return (await read()).object.body;
  } catch (err) {
    if (err instanceof AppError && (err.status === 403 || err.status === 404)) return null;
    throw err;
  }
}

/** The files to put in the export, found by who uploaded them; opened one at a time as the ZIP is written. */
export async function exportFiles(knex: Knex, store: ObjectStore, user: SessionUser, products: unknown): Promise<ExportFile[]> {
  const files: ExportFile[] = [];
  const orderPhotos = await knex('order_photos').where({ uploaded_by: user.id }).orderBy('created_at').select('id', 'purchase_order_id');
  for (const p of orderPhotos) {
    files.push({ path: `files/order-photos/${p.id}.webp`, open: () => opened(() => openOrderPhoto(knex, store, user, p.purchase_order_id, p.id, SIZE)) });
  }
  const deliveryFiles = await knex('delivery_files').where({ uploaded_by: user.id }).orderBy('created_at').select('id', 'delivery_id', 'purpose');
  for (const f of deliveryFiles) {
    files.push({ path: `files/delivery-${f.purpose}/${f.id}.webp`, open: () => opened(() => openDeliveryFile(knex, store, user, f.delivery_id, f.id, SIZE)) });
  }
  const receipts = await knex('payment_receipts as r')
    .join('payments as p', 'p.receipt_id', 'r.id')
    .where('r.uploaded_by', user.id)
    .orderBy('r.created_at')
    .select('r.id', 'p.id as payment_id');
  for (const r of receipts) {
    files.push({ path: `files/payment-receipts/${r.id}.webp`, open: () => opened(() => openReceipt(knex, store, user, r.payment_id, SIZE)) });
  }
  for (const product of Array.isArray(products) ? (products as Array<{ id: string; photos?: Array<{ id: string; hash: string }> }>) : []) {
    for (const photo of product.photos ?? []) {
      files.push({ path: `files/product-photos/${product.id}/${photo.id}.webp`, open: async () => (await store.get(mediaKey(photo.hash, SIZE)))?.body ?? null });
    }
  }
  return files;
}
