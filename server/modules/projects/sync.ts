/**
 * What the change feed sends of projects and bids: the current rows by id, presented as
 * the REST API presents them and limited to what this user may see now (policy.ts). An id
 * left out reaches the client as a delete: a project that was awarded to someone else
 * leaves the view of contractors who did not bid on it; a bid reaches only its bidder and
 * the project's owner.
 */
import type { LoaderTable } from '../sync/contracts';
import { bidQuery, projectQuery } from './queries';
import { bidPolicy, projectPolicy } from './policy';

export const loaders: LoaderTable = {
  project: (knex, user, ids) => projectPolicy.visible(projectQuery(knex).whereIn('p.id', ids), user),
  bid: (knex, user, ids) => bidPolicy.visible(bidQuery(knex).whereIn('b.id', ids), user),
};
