/** What the change feed sends of purchase requests: the rows by id as REST presents them, limited to their company. */
import type { LoaderTable } from '../sync/contracts';
import { purchaseRequestPolicy } from './policy';
import { purchaseRequestQuery, readPurchaseRequests } from './queries';

export const loaders: LoaderTable = {
  purchase_request: (knex, user, ids) => readPurchaseRequests(purchaseRequestPolicy.visible(purchaseRequestQuery(knex).whereIn('pr.id', ids), user)),
};
