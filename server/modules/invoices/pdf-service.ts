/**
 * GET /api/invoices/{id}/pdf's work: who may read the document (the invoice policy, as
 * REST reads it: its seller; its buyer once ZATCA accepted it; anyone else a 404), then
 * its PDF: the bytes kept from an earlier render when they were rendered from the document
 * as it is now, else a render on the renderer's threads, kept for the next reader.
 *
 * What is kept (invoice_pdfs) is keyed by the document's status and hash. A final document
 * (cleared, reported, rejected) never changes, so its bytes are rendered once and served
 * byte for byte from then on. A pending one may still change when ZATCA answers (its
 * cleared document replaces ours, and the status moves), so its bytes serve only while it
 * is pending with the same hash, and the first request after the answer renders it anew.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { notFound } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import { getPurchaseOrder } from '../purchase-orders/service';
import type { PdfRenderer } from './pdf-renderer';
import { invoicePolicy } from './policy';
import { getInvoice } from './service';

export async function invoicePdf(db: Knex, renderer: PdfRenderer, user: SessionUser, id: string, now: Date): Promise<{ number: string; pdf: Buffer }> {
  const doc = await invoicePolicy
    .visible(db('invoices as inv').where('inv.id', id), user)
    .leftJoin('invoice_pdfs as p', (j) => j.on('p.invoice_id', 'inv.id').andOn('p.status', 'inv.status').andOn('p.hash', 'inv.hash'))
    .first('inv.number', 'inv.status', 'inv.hash', 'p.pdf');
  if (!doc) throw notFound('Invoice');
  // bytea reads back as a Buffer from pg and a Uint8Array from PGlite: the same bytes either way.
  if (doc.pdf) return { number: doc.number, pdf: Buffer.isBuffer(doc.pdf) ? doc.pdf : Buffer.from(doc.pdf.buffer, doc.pdf.byteOffset, doc.pdf.byteLength) };

  const invoice = await getInvoice(db, user, id, now);
  // What is rendered is the document as just read: its status and hash are what the bytes are kept under.
  const pdf = await renderer.render(invoice, { key: `${invoice.id}:${invoice.status}:${invoice.hash}`, accountId: user.account_id });
  await db('invoice_pdfs')
    .insert({ invoice_id: invoice.id, status: invoice.status, hash: invoice.hash, pdf, rendered_at: db.fn.now() })
    .onConflict('invoice_id')
    .merge();
  return { number: invoice.number, pdf };
}

/**
 * GET /api/purchase-orders/{id}/pdf's work: the order as REST reads it (its buyer and its
 * seller; a 404 for anyone else), then its PDF from the renderer's threads. An order moves
 * all its life (receipts, invoices, status), so its bytes are not kept as a final invoice's
 * are; the ETag is the digest of the order as read, so a reader who has the document as it
 * still is gets 304 without a render, and one document asked for while it renders joins that render.
 */
export async function purchaseOrderPdf(
  db: Knex,
  renderer: PdfRenderer,
  user: SessionUser,
  id: string,
  ifNoneMatch: string | undefined,
): Promise<{ number: string; etag: string; pdf: Buffer | null }> {
  const order = await getPurchaseOrder(db, user, id);
  const digest = createHash('sha256').update(JSON.stringify(order)).digest('base64url');
  const etag = `"po-${digest}"`;
  if (ifNoneMatch === etag) return { number: order.number, etag, pdf: null };
  const pdf = await renderer.render({ purchase_order: order }, { key: `po:${order.id}:${digest}`, accountId: user.account_id });
  return { number: order.number, etag, pdf };
}
