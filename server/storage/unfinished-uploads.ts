/**
 * What an unfinished upload holds (table unfinished_uploads), from its creation until it
 * finishes, is terminated, fails or expires: a place among the account's
 * MAX_UNFINISHED_UPLOADS, a slot of its product or delivery, and for a product photo its
 * declared length against the plan's storage (photos/service.ts and deliveries/files.ts
 * count the holds where they count photos and files). So a creation is refused at once
 * when the bytes it announces could not be taken, instead of after they were all sent and
 * decoded. It sits with storage, below the areas whose uploads it holds, so they and the
 * upload endpoint (photos/uploads.ts) can all read it without importing each other.
 *
 * Holds are taken under the account's storage lock, the one a finishing photo takes, so two
 * creations at once cannot both take the last slot or the last bytes.
 */
import type { Knex } from 'knex';
import { tooManyUploads } from '../../shared/errors';
import { MAX_UNFINISHED_UPLOADS } from '../../shared/photos';
import { lockForTransaction } from '../db/transaction-locks';

export type UploadKind = 'product_photo' | 'delivery_file' | 'payment_receipt' | 'order_photo' | 'tender_document' | 'bid_document';

export interface UploadHold {
  /** the tus upload's id */
  id: string;
  account_id: string;
  kind: UploadKind;
  /** the product, the delivery, the payment, the purchase order or the project */
  target_id: string;
  /** the client's id of the photo or file */
  photo_id: string;
  /** the declared Upload-Length */
  bytes: number;
}

/** One change of an account's photos or holds at a time (creations, finishes). */
export const lockStorage = (trx: Knex.Transaction, accountId: string) => lockForTransaction(trx, `storage:${accountId}`);

/**
 * Takes the hold of a new upload, after `check` (the kind's own rules, which count the
 * holds left) passes. A new creation for a photo that has an unfinished upload replaces
 * it: the ids of the replaced uploads are answered, for the caller to delete their bytes.
 */
export async function holdUpload(trx: Knex.Transaction, hold: UploadHold, check: () => Promise<void>): Promise<string[]> {
  await lockStorage(trx, hold.account_id);
  const replaced: string[] = await trx('unfinished_uploads')
    .where({ account_id: hold.account_id, photo_id: hold.photo_id })
    .delete()
    .returning('id')
    .then((rows: Array<{ id: string }>) => rows.map((r) => r.id));
  const held = await trx('unfinished_uploads').where({ account_id: hold.account_id }).count<{ count: string | number }[]>('* as count').first();
  if (Number(held?.count ?? 0) >= MAX_UNFINISHED_UPLOADS) {
    throw tooManyUploads(`An account has at most ${MAX_UNFINISHED_UPLOADS} unfinished uploads; finish or cancel one first`);
  }
  await check();
  await trx('unfinished_uploads').insert(hold);
  return replaced;
}

/** Slots of a product or delivery held by unfinished uploads. */
export async function heldSlots(db: Knex, kind: UploadKind, targetId: string): Promise<number> {
  const row = await db('unfinished_uploads').where({ kind, target_id: targetId }).count<{ count: string | number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

/** Bytes the account's unfinished product photos declared. */
export async function heldBytes(db: Knex, accountId: string): Promise<number> {
  const row = await db('unfinished_uploads').where({ account_id: accountId, kind: 'product_photo' }).sum<{ sum: string | number | null }>('bytes as sum').first();
  return Number(row?.sum ?? 0);
}

/** The upload finished, failed or was terminated: what it held is free. */
export async function releaseUpload(db: Knex, id: string): Promise<void> {
  await db('unfinished_uploads').where({ id }).delete();
}

/** Holds of uploads created before `before` (expired: their bytes are deleted by the same upkeep). */
export async function releaseExpired(db: Knex, before: Date): Promise<number> {
  return db('unfinished_uploads').where('created_at', '<', before).delete();
}
