/**
 * An invoice's row lock for a payment write, with what counts against the invoice, read
 * under it: every write of payments takes it first (a transfer across invoices takes each
 * in invoice id order), so writes at the same moment see each other's result.
 */
import type { Knex } from 'knex';
import { notFound } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges } from '../../db/changes';
import { invoicePolicy } from '../invoices/policy';
import { creditedSql, paidSql } from '../invoices/payment-facts';

export interface LockedInvoice {
  id: string;
  kind: string;
  number: string;
  seller_id: string;
  buyer_id: string;
  total: number;
  credited: number;
  paid: number;
  pending: number;
}

/** The invoice under its row lock, with what counts against it; a 404 for whoever may not read it. */
export async function lockInvoice(trx: Knex.Transaction, user: SessionUser, id: string): Promise<LockedInvoice> {
  const row = await invoicePolicy
    .visible(trx('invoices as inv').where('inv.id', id), user)
    .forUpdate()
    .first('inv.id', 'inv.kind', 'inv.number', 'inv.seller_id', 'inv.buyer_id', 'inv.total');
  if (!row) throw notFound('Invoice');
  const sums = await trx('invoices as inv')
    .where('inv.id', id)
    .first(trx.raw(`${creditedSql('inv')} as credited, ${paidSql('inv', 'confirmed')} as paid, ${paidSql('inv', 'recorded')} as pending`));
  return { ...row, total: Number(row.total), credited: Number(sums.credited), paid: Number(sums.paid), pending: Number(sums.pending) };
}

/** The invoice's row changed (a payment of it): sent again to its parties. */
export const changed = (trx: Knex.Transaction, inv: LockedInvoice) =>
  recordChanges(trx, [{ entity: 'invoice', id: inv.id, audiences: invoicePolicy.audiences(inv) }]);
