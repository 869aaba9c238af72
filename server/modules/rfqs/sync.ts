/**
 * What the change feed sends of RFQs and quotes: the current rows by id as REST presents
 * them to this reader at the app's time (the status by the clock, a supplier's own quote
 * in my_quote), limited to what they may see now (policy.ts). An id left out reaches the
 * client as a delete.
 */
import type { LoaderTable } from '../sync/contracts';
import { quotePolicy, rfqPolicy } from './policy';
import { presentRfqs, quoteQuery, readQuotes, rfqQuery } from './queries';

export const loaders: LoaderTable = {
  rfq: async (knex, user, ids, now) => presentRfqs(knex, user, await rfqPolicy.visible(rfqQuery(knex).whereIn('r.id', ids), user), now),
  rfq_quote: (knex, user, ids) => readQuotes(quotePolicy.visible(quoteQuery(knex).whereIn('q.id', ids), user)),
};
