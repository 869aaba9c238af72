/**
 * What the change feed sends for transport rows (DESIGN section 10): each request or
 * offer as the REST API presents it, if this user may still see it; an id left out
 * reaches the client as a delete.
 */
import type { LoaderTable } from '../sync/contracts';
import { offerQuery, requestQuery, visibleRequests } from './queries';

export const loaders: LoaderTable = {
  transport_request: (knex, user, ids) => visibleRequests(requestQuery(knex).whereIn('r.id', ids), user),
  // An offer is its company's and its requester's business only.
  transport_offer: (knex, user, ids) =>
    offerQuery(knex)
      .whereIn('o.id', ids)
      .where((w) => w.where('o.transport_company_id', user.id).orWhere('r.requester_id', user.id)),
};
