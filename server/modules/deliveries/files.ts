/**
 * The files of a deal: the driver's signature and proof photos at delivery, the
 * requester's photos of a problem. They arrive over the tus endpoint (photos/uploads.ts,
 * Upload-Metadata kind=delivery_file) and get the same checks and WebP versions as product
 * photos (photos/image.ts), but they are private: stored under deal/ (the public /media
 * route serves media/ names only, so no URL outside GET /api/deliveries/{id}/files/{file_id}
 * reaches them), served to the delivery's parties only, and counted against no plan.
 *
 * Who may send which: signature and proof, the assigned driver while a driver of the
 * delivery's company (policy.ts assertDeliveryDriver, as for the steps); problem, the
 * requester's account. Checked when the upload is created (no bytes taken otherwise) and again when
 * it finishes. A file id already stored answers that file (a retried upload is one file).
 */
import type { Knex } from 'knex';
import { conflict, deliveryAnswered, forbidden, invalidTransition, notFound, photoLimit } from '../../../shared/errors';
import { MAX_DELIVERY_PHOTOS, type DeliveryFile, type DeliveryUploadMetadata } from '../../../shared/schemas/delivery';
import type { PhotoSize } from '../../../shared/schemas/photo';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges } from '../../db/changes';
import type { ObjectStore } from '../../storage';
import type { ProcessedPhoto } from '../photos/image';
import { heldSlots } from '../../storage/unfinished-uploads';
import { deliveryQuery, type DeliveryRow } from './queries';
import { assertDeliveryDriver, deliveryPolicy, partiesOf } from './policy';
import { deliveryChange } from './service';

/** The storage key of a deal file's version: never under media/ (public). */
const dealKey = (hash: string, size: number) => `deal/${hash}-${size}.webp`;

/** Files a delivery may hold: a signature, the proof photos and the photos of a problem. */
const MAX_DELIVERY_FILES = 1 + 2 * MAX_DELIVERY_PHOTOS;

/** `atCreation`: the files being uploaded to the delivery hold their slots too (storage/unfinished-uploads.ts). */
async function checkAllowed(db: Knex, user: SessionUser, meta: DeliveryUploadMetadata, delivery: DeliveryRow | undefined, atCreation = false): Promise<'new' | 'stored'> {
  if (meta.purpose !== 'problem') await assertDeliveryDriver(db, user);
  if (!delivery) throw notFound('Delivery');
  if (meta.purpose === 'problem') {
    const parties = partiesOf(user, delivery);
    if (!parties.size) throw notFound('Delivery');
    if (!parties.has('requester')) throw forbidden('Only the requester sends photos of a problem');
    if (delivery.stage === 'confirmed') throw deliveryAnswered('The delivery was confirmed: no problem is reported on it any more');
    if (delivery.stage !== 'delivered' && delivery.stage !== 'problem') throw invalidTransition('A problem is reported after delivery');
  } else {
    await assertDeliveryDriver(db, user, delivery);
    if (delivery.stage === 'confirmed' || delivery.stage === 'problem') throw deliveryAnswered('The delivery was answered: its proof is closed');
  }
  const existing = await db('delivery_files').where({ id: meta.photo_id }).first('delivery_id', 'purpose');
  if (existing) {
    if (existing.delivery_id !== delivery.id || existing.purpose !== meta.purpose) throw conflict('This file id belongs to another file');
    return 'stored';
  }
  const count = await db('delivery_files').where({ delivery_id: delivery.id }).count<{ count: string | number }[]>('* as count').first();
  const held = atCreation ? await heldSlots(db, 'delivery_file', delivery.id) : 0;
  if (Number(count?.count ?? 0) + held >= MAX_DELIVERY_FILES) throw photoLimit(`A delivery holds at most ${MAX_DELIVERY_FILES} files`);
  return 'new';
}

/** Before an upload starts: the caller may send this file to this delivery. Nothing is locked: the finish checks again. */
export async function assertDeliveryUploadAllowed(db: Knex, user: SessionUser, meta: DeliveryUploadMetadata): Promise<void> {
  await checkAllowed(db, user, meta, await deliveryQuery(db).where('d.id', meta.delivery_id).first(), true);
}

/** A finished, checked upload becomes a file of the delivery; the delivery is re-sent to its parties. */
export async function addDeliveryFile(
  trx: Knex.Transaction,
  store: ObjectStore,
  user: SessionUser,
  meta: DeliveryUploadMetadata,
  photo: ProcessedPhoto,
): Promise<DeliveryFile> {
  await trx('deliveries').where({ id: meta.delivery_id }).forUpdate().first('id');
  const delivery = await deliveryQuery(trx).where('d.id', meta.delivery_id).first();
  if ((await checkAllowed(trx, user, meta, delivery)) === 'stored') {
    return trx('delivery_files').where({ id: meta.photo_id }).first('id', 'purpose', 'hash', 'width', 'height');
  }
  // Content-addressed like media: the same picture twice is the same files.
  await Promise.all(photo.files.map((f) => store.put(dealKey(photo.hash, f.size), f.body, 'image/webp')));
  await trx('delivery_files').insert({
    id: meta.photo_id,
    delivery_id: meta.delivery_id,
    purpose: meta.purpose,
    hash: photo.hash,
    width: photo.width,
    height: photo.height,
    bytes: photo.bytes,
    uploaded_by: user.id,
  });
  await recordChanges(trx, [deliveryChange(meta.delivery_id, delivery!)]);
  return { id: meta.photo_id, purpose: meta.purpose, hash: photo.hash, width: photo.width, height: photo.height };
}

/** One version of a delivery's file, for one of its parties; 404 for anyone else and any other id. */
export async function openDeliveryFile(knex: Knex, store: ObjectStore, user: SessionUser, deliveryId: string, fileId: string, size: PhotoSize) {
  const seen = await deliveryPolicy.visible(deliveryQuery(knex).where('d.id', deliveryId), user).first('d.id');
  const file = seen && (await knex('delivery_files').where({ id: fileId, delivery_id: deliveryId }).first('hash'));
  const object = file ? await store.get(dealKey(file.hash, size)) : null;
  if (!object) throw notFound('File');
  return { object, etag: `"${file.hash}-${size}"` };
}

