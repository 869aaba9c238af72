/**
 * What the change feed sends for transport rows: each request or
 * offer as the REST API presents it, if this user may still see it (policy.ts); an id
 * left out reaches the client as a delete.
 */
import type { LoaderTable } from '../sync/contracts';
import { offerQuery, requestQuery } from './queries';
import { offerPolicy, requestPolicy } from './policy';

export const loaders: LoaderTable = {
  transport_request: (knex, user, ids) => requestPolicy.visible(requestQuery(knex, user.account_id).whereIn('r.id', ids), user),
  transport_offer: (knex, user, ids) => offerPolicy.visible(offerQuery(knex).whereIn('o.id', ids), user),
};
