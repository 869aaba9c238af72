/**
 * The photos of an order's goods receipts and disputes (migration 20261202000200 states the
 * rules): the buyer's device records the receipt or dispute naming each photo's id, then
 * uploads the file under that id over tus (photos/uploads.ts, kind=order_photo), queued
 * offline like a delivery's proof. So an upload is taken only for an id a receipt line or
 * a dispute of that order names, from the order's buyer. It gets the checks and WebP
 * versions of any photo (photos/image.ts) but is private: stored under deal/, served by
 * GET /api/purchase-orders/{id}/photos/{photoId} to the order's buyer and seller, 404 to
 * anyone else, counted against no plan.
 */
import type { Knex } from 'knex';
import { notFound } from '../../../shared/errors';
import type { OrderPhotoUploadMetadata } from '../../../shared/schemas/goods-receipt';
import type { PhotoSize } from '../../../shared/schemas/photo';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges } from '../../db/changes';
import type { ObjectStore } from '../../storage';
import type { ProcessedPhoto } from '../photos/image';
import { purchaseOrderPolicy } from '../purchase-orders/policy';

/** The storage key of a photo's version: beside a deal's files, never under media/ (public). */
const photoKey = (hash: string, size: number) => `deal/${hash}-${size}.webp`;

/** The order a photo is uploaded for: the caller's company bought it and a receipt or dispute of it names the photo. A 404 otherwise. */
async function orderFor(db: Knex, user: SessionUser, meta: OrderPhotoUploadMetadata) {
  const po = await db('purchase_orders as po')
    .where({ 'po.id': meta.purchase_order_id, 'po.buyer_id': user.account_id })
    .where((w) =>
      w
        .whereExists(
          db('goods_receipt_lines as grl')
            .join('goods_receipts as gr', 'gr.id', 'grl.goods_receipt_id')
            .whereRaw('gr.purchase_order_id = po.id')
            .whereRaw('? = any(grl.photo_ids)', [meta.photo_id]),
        )
        .orWhereExists(db('disputes as d').whereRaw('d.purchase_order_id = po.id').whereRaw('? = any(d.photo_ids)', [meta.photo_id])),
    )
    .first('po.id', 'po.buyer_id', 'po.seller_id');
  if (!po) throw notFound('Purchase order');
  return po as { id: string; buyer_id: string; seller_id: string };
}

/** Before an upload starts: the caller may send this photo. The finish checks again. */
export async function assertOrderPhotoUploadAllowed(db: Knex, user: SessionUser, meta: OrderPhotoUploadMetadata): Promise<void> {
  await orderFor(db, user, meta);
}

/** A finished, checked upload becomes the photo; the order's parties' copies are told it changed. */
export async function addOrderPhoto(trx: Knex.Transaction, store: ObjectStore, user: SessionUser, meta: OrderPhotoUploadMetadata, photo: ProcessedPhoto) {
  const po = await orderFor(trx, user, meta);
  const existing = await trx('order_photos').where({ id: meta.photo_id }).first('id', 'hash', 'width', 'height');
  if (existing) return existing as { id: string; hash: string; width: number; height: number };
  await Promise.all(photo.files.map((f) => store.put(photoKey(photo.hash, f.size), f.body, 'image/webp')));
  await trx('order_photos').insert({ id: meta.photo_id, purchase_order_id: po.id, company_id: po.buyer_id, hash: photo.hash, width: photo.width, height: photo.height, bytes: photo.bytes, uploaded_by: user.id });
  await recordChanges(trx, [{ entity: 'purchase_order', id: po.id, audiences: purchaseOrderPolicy.audiences(po) }]);
  return { id: meta.photo_id, hash: photo.hash, width: photo.width, height: photo.height };
}

/** One version of an order's photo, for the order's buyer and seller; 404 for anyone else, another order's photo, or one not yet arrived. */
export async function openOrderPhoto(knex: Knex, store: ObjectStore, user: SessionUser, purchaseOrderId: string, photoId: string, size: PhotoSize) {
  const po = await purchaseOrderPolicy.visible(knex('purchase_orders as po').where('po.id', purchaseOrderId), user).first('po.id');
  const file = po && (await knex('order_photos').where({ id: photoId, purchase_order_id: po.id }).first('hash'));
  const object = file ? await store.get(photoKey(file.hash, size)) : null;
  if (!object) throw notFound('File');
  return { object, etag: `"${file.hash}-${size}"` };
}
