/**
 * What the change feed sends of instant orders and offers: the current rows by id,
 * presented as the REST API presents them (an overdue order as expired, a supplier's own
 * offer in my_response) and limited to what this user may see now (policy.ts). An id left
 * out reaches the client as a delete. Loaders only read: they never sweep expiry, since the
 * pull may run them in a read-only snapshot.
 */
import type { LoaderTable } from '../sync/contracts';
import { orderQuery, responseQuery, withMyResponses } from './queries';
import { orderPolicy, responsePolicy } from './policy';

export const loaders: LoaderTable = {
  instant_order: async (knex, user, ids, now) =>
    withMyResponses(knex, user, await orderPolicy.visible(orderQuery(knex, now).whereIn('o.id', ids), user)),
  instant_order_response: (knex, user, ids) => responsePolicy.visible(responseQuery(knex).whereIn('r.id', ids), user),
};
