/** What the change feed sends of disputes: the rows by id as REST presents them, limited to their order's parties. */
import type { LoaderTable } from '../sync/contracts';
import { disputePolicy } from './policy';
import { disputeQuery, readDisputes } from './queries';

export const loaders: LoaderTable = {
  dispute: (knex, user, ids, now) => readDisputes(disputePolicy.visible(disputeQuery(knex, now).whereIn('d.id', ids), user)),
};
