/**
 * Reading invoices and credit notes: the seller reads every one of its documents, the
 * buyer the cleared ones (policy.ts); anyone else gets a 404, as for a document that
 * does not exist.
 */
import type { Knex } from 'knex';
import { notFound } from '../../../shared/errors';
import type { Invoice, InvoiceListQuery } from '../../../shared/schemas/invoice';
import type { SessionUser } from '../../auth/session-user';
import { NEWEST_FIRST, page, type Page } from '../../db/page';
import { invoicePolicy } from './policy';
import { invoiceQuery, presentInvoice, readInvoices } from './queries';
import { riyadhDay } from '../../../shared/riyadh';

/** GET /api/invoices: the caller's documents as seller, as buyer, or both, newest first. */
export async function listInvoices(db: Knex, user: SessionUser, query: InvoiceListQuery, now: Date): Promise<Page<Invoice>> {
  const q = invoicePolicy.visible(invoiceQuery(db), user);
  if (query.as === 'buyer') q.where('inv.buyer_id', user.account_id);
  else if (query.as === 'seller') q.where('inv.seller_id', user.account_id);
  if (query.kind) q.where('inv.kind', query.kind);
  if (query.purchase_order_id) q.where('inv.purchase_order_id', query.purchase_order_id);
  const found = await page<Invoice>(q, { ...query, orderBy: NEWEST_FIRST.map((o) => ({ ...o, column: `inv.${o.column}` })) });
  return { ...found, items: found.items.map((row) => presentInvoice(row as never, riyadhDay(now))) };
}

/** GET /api/invoices/{id}. */
export async function getInvoice(db: Knex, user: SessionUser, id: string, now: Date): Promise<Invoice> {
  const [row] = await readInvoices(invoicePolicy.visible(invoiceQuery(db).where('inv.id', id), user), now);
  if (!row) throw notFound('Invoice');
  return row;
}

/** GET /api/invoices/{id}/xml: the document as kept (the cleared one, once ZATCA cleared it). */
export async function invoiceXml(db: Knex, user: SessionUser, id: string): Promise<{ number: string; xml: string }> {
  const row = await invoicePolicy.visible(db('invoices as inv').where('inv.id', id), user).first('inv.number', 'inv.xml');
  if (!row) throw notFound('Invoice');
  return row;
}
