/**
 * Product photos: the rules of adding one (a finished upload, by the product's supplier,
 * at most MAX_PHOTOS_PER_PRODUCT a product, within the plan's storage), reordering and
 * removing them. One service for every door: the upload endpoint, the REST routes and the
 * sync mutations. Every change re-sends the product (with its photos) to every client
 * through the change log, in the same transaction.
 *
 * Files and rows: a photo's files are written before its row commits, under an advisory
 * lock on its hash that a removal and the media sweep also take, so the sweep never
 * deletes the files of a hash that a photo being added will use. A removal only notes the
 * hash in media_deletions; the sweep (media-sweep.ts) deletes the files once no photo
 * uses the hash.
 */
import type { Knex } from 'knex';
import { assertRole } from '../../auth/guards';
import type { SessionUser } from '../../auth/session-user';
import { conflict, notFound, photoLimit, storageQuota } from '../../../shared/errors';
import { MAX_PHOTOS_PER_PRODUCT, PHOTO_SIZES, type UploadResult } from '../../../shared/schemas/photo';
import { recordChange } from '../../db/changes';
import { lockForTransaction } from '../../db/transaction-locks';
import type { ObjectStore } from '../../storage';
import { effectivePlanId } from '../plan-limits/limits';
import { productPolicy } from '../products/policy';
import type { ProcessedPhoto } from './image';
import { heldBytes, heldSlots, lockStorage } from '../../storage/unfinished-uploads';
import { assertNotSuspended } from '../../auth/suspension';

/** The storage key of one of a photo's files. */
export const mediaKey = (hash: string, size: number) => `media/${hash}-${size}.webp`;
export const mediaKeys = (hash: string) => PHOTO_SIZES.map((size) => mediaKey(hash, size));

export const lockMedia = (trx: Knex.Transaction, hash: string) => lockForTransaction(trx, `media:${hash}`);

/** The caller's own live product, locked; 404 for anything else (another's is not theirs to see). */
async function lockOwnProduct(trx: Knex.Transaction, user: SessionUser, productId: string): Promise<void> {
  assertRole(user, 'supplier');
  const row = await trx('products').where({ id: productId, supplier_id: user.account_id }).whereNull('deleted_at').forUpdate().first('id');
  if (!row) throw notFound('Product');
}

/** Bytes of photos the supplier keeps, and what their plan at `now` allows. */
async function storageUse(db: Knex, userId: string, now: Date): Promise<{ used: number; max: number }> {
  const [used, plan] = await Promise.all([
    db('product_photos').where({ supplier_id: userId }).sum<{ sum: string | number | null }>('bytes as sum').first(),
    effectivePlanId(db, userId, now).then((id) => db('subscription_plans').where({ id }).first('max_storage_bytes')),
  ]);
  return { used: Number(used?.sum ?? 0), max: Number(plan?.max_storage_bytes ?? 0) };
}

/**
 * Before an upload starts (inside the creation's hold, unfinished.ts): the product is the
 * caller's, the photo id is free or already this product's (a retried upload), the product
 * has a slot left counting the unfinished uploads holding one, and the caller's storage
 * has room for `bytes` besides what their unfinished uploads declared. The finish checks
 * the photo itself again.
 */
export async function assertUploadAllowed(db: Knex, user: SessionUser, productId: string, photoId: string, bytes: number, now: Date): Promise<void> {
  assertNotSuspended(user);
  assertRole(user, 'supplier');
  const product = await db('products').where({ id: productId, supplier_id: user.account_id }).whereNull('deleted_at').first('id');
  if (!product) throw notFound('Product');
  const existing = await db('product_photos').where({ id: photoId }).first('product_id');
  if (existing) {
    if (existing.product_id !== productId) throw conflict('This photo id belongs to another photo');
    return;
  }
  const count = await db('product_photos').where({ product_id: productId }).count<{ count: string | number }[]>('* as count').first();
  if (Number(count?.count ?? 0) + (await heldSlots(db, 'product_photo', productId)) >= MAX_PHOTOS_PER_PRODUCT) {
    throw photoLimit(`A product has at most ${MAX_PHOTOS_PER_PRODUCT} photos, counting those being uploaded`);
  }
  const { used, max } = await storageUse(db, user.account_id, now);
  if (used + (await heldBytes(db, user.account_id)) + bytes > max) throw storageQuota("Your plan's photo storage has no room for this upload besides those unfinished");
}

/**
 * A finished, checked upload becomes the product's last photo. A photo id already this
 * product's answers that photo (a retried upload makes one photo); another product's is a
 * conflict. The files are written before the row, inside the transaction: if it rolls
 * back, the files stay unreferenced until the same picture is added again or the sweep
 * of a removal deletes them (a noted hash is swept only when no photo uses it).
 */
export async function addPhoto(
  trx: Knex.Transaction,
  store: ObjectStore,
  user: SessionUser,
  productId: string,
  photoId: string,
  photo: ProcessedPhoto,
  now: Date,
): Promise<UploadResult> {
  assertNotSuspended(user);
  await lockOwnProduct(trx, user, productId);
  const existing = await trx('product_photos').where({ id: photoId }).first('product_id', 'position', 'hash', 'width', 'height');
  if (existing) {
    if (existing.product_id !== productId) throw conflict('This photo id belongs to another photo');
    return { id: photoId, product_id: productId, position: existing.position, hash: existing.hash, width: existing.width, height: existing.height };
  }
  const photos = await trx('product_photos').where({ product_id: productId }).select('position');
  if (photos.length >= MAX_PHOTOS_PER_PRODUCT) throw photoLimit(`A product has at most ${MAX_PHOTOS_PER_PRODUCT} photos`);
  // One finish (or creation) per supplier at a time, so two at once cannot both fit in the last bytes.
  await lockStorage(trx, user.account_id);
  const { used, max } = await storageUse(trx, user.account_id, now);
  if (used + photo.bytes > max) throw storageQuota();

  await lockMedia(trx, photo.hash);
  await trx('media_deletions').where({ hash: photo.hash }).delete();
  await Promise.all(photo.files.map((f) => store.put(mediaKey(photo.hash, f.size), f.body, 'image/webp')));
  const position = photos.reduce((n, p) => Math.max(n, p.position + 1), 0);
  await trx('product_photos').insert({
    id: photoId,
    product_id: productId,
    supplier_id: user.account_id,
    position,
    hash: photo.hash,
    width: photo.width,
    height: photo.height,
    bytes: photo.bytes,
  });
  await recordChange(trx, 'product', productId, productPolicy.audiences({}));
  return { id: photoId, product_id: productId, position, hash: photo.hash, width: photo.width, height: photo.height };
}

/**
 * New order of a product's photos; the first becomes the cover. Made for a client whose
 * copy may be behind: ids it lists that are gone are passed over, and photos it does not
 * list (added from another device meanwhile) keep their order after the listed ones.
 */
export async function reorderPhotos(trx: Knex.Transaction, user: SessionUser, productId: string, order: string[]): Promise<void> {
  assertNotSuspended(user);
  if (new Set(order).size !== order.length) throw conflict('A photo is listed twice');
  await lockOwnProduct(trx, user, productId);
  const current: Array<{ id: string }> = await trx('product_photos').where({ product_id: productId }).orderBy(['position', 'id']).select('id');
  const rank = new Map(order.map((id, i) => [id, i]));
  const sorted = current
    .map((p, i) => ({ id: p.id, key: rank.has(p.id) ? rank.get(p.id)! : order.length + i }))
    .sort((a, b) => a.key - b.key);
  await renumber(trx, sorted.map((p) => p.id));
  await recordChange(trx, 'product', productId, productPolicy.audiences({}));
}

/**
 * Removes one photo of the caller's product. Removing a photo that is already gone is
 * done, not an error (a second device, or a queued removal sent again). Its files go
 * once no photo uses them (media-sweep.ts).
 */
export async function removePhoto(trx: Knex.Transaction, user: SessionUser, productId: string, photoId: string): Promise<void> {
  await lockOwnProduct(trx, user, productId);
  const removed: Array<{ hash: string }> = await trx('product_photos').where({ id: photoId, product_id: productId }).delete().returning('hash');
  if (!removed.length) return;
  await noteForSweep(trx, removed.map((r) => r.hash));
  const rest: Array<{ id: string }> = await trx('product_photos').where({ product_id: productId }).orderBy(['position', 'id']).select('id');
  await renumber(trx, rest.map((p) => p.id));
  await recordChange(trx, 'product', productId, productPolicy.audiences({}));
}

/** A deleted product's photos go with it (the product's own change is its caller's). */
export async function deleteProductPhotos(trx: Knex.Transaction, productId: string): Promise<void> {
  const removed: Array<{ hash: string }> = await trx('product_photos').where({ product_id: productId }).delete().returning('hash');
  await noteForSweep(trx, removed.map((r) => r.hash));
}

async function noteForSweep(trx: Knex.Transaction, hashes: string[]): Promise<void> {
  const unique = [...new Set(hashes)].sort();
  if (!unique.length) return;
  for (const hash of unique) await lockMedia(trx, hash);
  await trx('media_deletions').insert(unique.map((hash) => ({ hash }))).onConflict('hash').ignore();
}

async function renumber(trx: Knex.Transaction, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await trx.raw(
    `update product_photos ph set position = o.ord - 1
       from unnest(?::uuid[]) with ordinality as o(id, ord)
      where ph.id = o.id and ph.position <> o.ord - 1`,
    [ids],
  );
}
