/**
 * What the change feed sends of invoices and credit notes: the rows by id as REST presents
 * them. The feed addresses both parties from the issue on; `visible` drops a pending or
 * rejected document for the buyer, who receives it once ZATCA cleared it.
 */
import type { LoaderTable } from '../sync/contracts';
import { invoicePolicy } from './policy';
import { invoiceQuery, readInvoices } from './queries';

export const loaders: LoaderTable = {
  invoice: (knex, user, ids, now) => readInvoices(invoicePolicy.visible(invoiceQuery(knex).whereIn('inv.id', ids), user), now),
};
