/**
 * What the change feed sends of categories: the live rows by id, as GET /api/categories
 * presents them. A deleted category is left out, so it reaches every client as a delete.
 */
import type { LoaderTable } from '../sync/contracts';
import { categoryQuery } from './service';

export const loaders: LoaderTable = {
  category: (knex, _user, ids) => categoryQuery(knex).whereIn('id', ids),
};
