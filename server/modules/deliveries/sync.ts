/**
 * What the change feed sends for deliveries: each as the REST API presents it, while this
 * user is one of its parties (policy.ts); an id left out reaches the client as a delete.
 */
import type { LoaderTable } from '../sync/contracts';
import { deliveryQuery, presentDeliveries } from './queries';
import { deliveryPolicy } from './policy';

export const loaders: LoaderTable = {
  delivery: async (knex, user, ids) => presentDeliveries(knex, await deliveryPolicy.visible(deliveryQuery(knex).whereIn('d.id', ids), user)),
};
