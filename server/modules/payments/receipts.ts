/**
 * The photo of a transfer's receipt (migration 20261128000710 states the rules): the buyer's
 * device records the payment naming the receipt's id, then uploads the file under that id
 * over tus (photos/uploads.ts, kind=payment_receipt), queued offline like a delivery's
 * photos. It gets the same checks and WebP versions as any photo (photos/image.ts) but is
 * private: stored under deal/ (never media/, which the public route serves), served by
 * GET /api/payments/{id}/receipt to the buyer and seller of the invoice a payment naming it
 * pays, 404 to anyone else and for any other id, and counted against no plan.
 */
import type { Knex } from 'knex';
import { conflict, notFound } from '../../../shared/errors';
import type { ReceiptUploadMetadata } from '../../../shared/schemas/payment';
import type { PhotoSize } from '../../../shared/schemas/photo';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges } from '../../db/changes';
import type { ObjectStore } from '../../storage';
import type { ProcessedPhoto } from '../photos/image';
import { invoicePolicy } from '../invoices/policy';

/** The storage key of a receipt's version: beside a deal's files, never under media/ (public). */
const receiptKey = (hash: string, size: number) => `deal/${hash}-${size}.webp`;

/**
 * The receipt a payment of `payerId` may name: none, the payer's own (uploaded or not yet),
 * never a file or a receipt id of anyone else (a conflict, as for any id already taken).
 */
export async function assertReceiptOf(db: Knex, payerId: string, receiptId: string | undefined): Promise<void> {
  if (receiptId === undefined) return;
  const [receipt, otherPayer, otherFile] = await Promise.all([
    db('payment_receipts').where({ id: receiptId }).first('payer_id'),
    db('payments').where({ receipt_id: receiptId }).whereNot({ payer_id: payerId }).first('id'),
    db('delivery_files').where({ id: receiptId }).first('id').then(async (d) => d ?? db('product_photos').where({ id: receiptId }).first('id')),
  ]);
  if ((receipt && receipt.payer_id !== payerId) || otherPayer || otherFile) throw conflict('This receipt id belongs to another file');
}

/** The payment a receipt is uploaded for: the caller's company paid it and it names this file. A 404 otherwise. */
async function paymentFor(db: Knex, user: SessionUser, meta: ReceiptUploadMetadata) {
  const payment = await db('payments').where({ id: meta.payment_id, payer_id: user.account_id, receipt_id: meta.photo_id }).first('id', 'invoice_id', 'payer_id');
  if (!payment) throw notFound('Payment');
  return payment as { id: string; invoice_id: string; payer_id: string };
}

/** Before an upload starts: the caller may send this receipt. The finish checks again. */
export async function assertReceiptUploadAllowed(db: Knex, user: SessionUser, meta: ReceiptUploadMetadata): Promise<void> {
  await paymentFor(db, user, meta);
}

/** A finished, checked upload becomes the receipt; the invoices of the payments naming it are re-sent to their parties. */
export async function addReceipt(trx: Knex.Transaction, store: ObjectStore, user: SessionUser, meta: ReceiptUploadMetadata, photo: ProcessedPhoto) {
  const payment = await paymentFor(trx, user, meta);
  const existing = await trx('payment_receipts').where({ id: meta.photo_id }).first('id', 'hash', 'width', 'height');
  if (existing) return existing as { id: string; hash: string; width: number; height: number };
  await Promise.all(photo.files.map((f) => store.put(receiptKey(photo.hash, f.size), f.body, 'image/webp')));
  await trx('payment_receipts').insert({ id: meta.photo_id, payer_id: payment.payer_id, hash: photo.hash, width: photo.width, height: photo.height, bytes: photo.bytes, uploaded_by: user.id });
  const invoices = await trx('invoices as inv')
    .whereIn('inv.id', trx('payments').where({ receipt_id: meta.photo_id, payer_id: payment.payer_id }).select('invoice_id'))
    .select('inv.id', 'inv.seller_id', 'inv.buyer_id');
  await recordChanges(trx, invoices.map((inv: { id: string; seller_id: string; buyer_id: string }) => ({ entity: 'invoice', id: inv.id, audiences: invoicePolicy.audiences(inv) })));
  return { id: meta.photo_id, hash: photo.hash, width: photo.width, height: photo.height };
}

/** One version of a payment's receipt, for its invoice's buyer and seller; 404 for anyone else, a payment with none, or one not yet arrived. */
export async function openReceipt(knex: Knex, store: ObjectStore, user: SessionUser, paymentId: string, size: PhotoSize) {
  const seen = await invoicePolicy
    .visible(knex('payments as p').join('invoices as inv', 'inv.id', 'p.invoice_id').where('p.id', paymentId), user)
    .first('p.receipt_id', 'p.payer_id');
  const file = seen?.receipt_id && (await knex('payment_receipts').where({ id: seen.receipt_id, payer_id: seen.payer_id }).first('hash'));
  const object = file ? await store.get(receiptKey(file.hash, size)) : null;
  if (!object) throw notFound('File');
  return { object, etag: `"${file.hash}-${size}"` };
}
