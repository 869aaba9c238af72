/**
 * What the change feed sends of products: the live rows by id, as GET /api/products/{id}
 * presents them to this user (category_name in their language). The catalogue is public,
 * so only deletion hides a product: a deleted product, or one whose supplier was deleted,
 * is left out and reaches every client as a delete.
 */
import type { LoaderTable } from '../sync/contracts';
import { productQuery } from './queries';

export const loaders: LoaderTable = {
  product: (knex, user, ids) => productQuery(knex, user.language).whereIn('p.id', ids),
};
