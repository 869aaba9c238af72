/**
 * Who may see invoices and credit notes (server/db/policy.ts): the seller, from the moment
 * one is issued (pending, cleared, reported or rejected), and the buyer once ZATCA accepted
 * it: a standard tax invoice reaches its buyer only cleared, a simplified one once reported.
 */
import { ACCEPTED_INVOICE_STATUSES } from '../../../shared/schemas/invoice';
import { definePolicy } from '../../db/policy';

export const invoicePolicy = definePolicy<{ buyer_id: string; seller_id: string }>({
  entity: 'invoice',
  audience: [{ user_in: 'buyer_id' }, { user_in: 'seller_id' }],
  rows: (db) => db('invoices').select('id', 'buyer_id', 'seller_id'),
  /** Its seller; its buyer once cleared or reported. Alias: inv (invoices). */
  visible: (q, user) =>
    user
      ? q.where((w) => w.where('inv.seller_id', user.account_id).orWhere((b) => b.where('inv.buyer_id', user.account_id).whereIn('inv.status', ACCEPTED_INVOICE_STATUSES)))
      : q.whereRaw('false'),
});
