/** What the change feed sends of purchase orders: the rows by id as REST presents them, limited to their parties. */
import type { LoaderTable } from '../sync/contracts';
import { purchaseOrderPolicy } from './policy';
import { purchaseOrderQuery, readPurchaseOrders } from './queries';

export const loaders: LoaderTable = {
  purchase_order: (knex, user, ids) => readPurchaseOrders(purchaseOrderPolicy.visible(purchaseOrderQuery(knex).whereIn('po.id', ids), user)),
};
