/**
 * The catalogue in an order other than relevance (price, rating, nearest supplier): every
 * product the filter admits (or the search matches) is read as its sort keys only, put
 * in order by the rule the client's offline catalogue uses too (shared/catalogue-sort.ts),
 * and only the page asked for is read in full. Sorting in the database would be a second
 * copy of that rule (the city table and its distances among it) that could drift from the
 * client's; the key read is a few bytes a product, and the page is cached until the
 * catalogue changes like every other catalogue page.
 */
import type { Knex } from 'knex';
import type { Language } from '../../../shared/constants';
import { sortCatalogue, type CatalogueSort, type SortableProduct } from '../../../shared/catalogue-sort';
import type { Product } from '../../../shared/schemas/product';
import type { Page } from '../../db/page';
import { cachedByCatalogue } from './catalogue-cache';
import { applyCatalogueFilter, productsInOrder, SUPPLIER_CITY, type CatalogueFilter } from './queries';
import { searchMatches } from './search';

export async function listSorted(
  db: Knex,
  language: Language,
  query: { search?: string; sort: Exclude<CatalogueSort, 'relevance'>; near: string | null },
  filter: CatalogueFilter,
  page: { limit: number; offset: number },
  version?: number,
): Promise<Page<Product>> {
  const search = query.search?.replace(/\s+/g, ' ').trim() || null;
  const near = query.sort === 'nearest' ? query.near : null;
  const key = JSON.stringify(['sorted', query.sort, near, search, filter.category_id ?? null, filter.supplier_id ?? null, page.limit, page.offset, language]);
  return cachedByCatalogue(db, key, async () => {
    const matched = search ? await searchMatches(db, search, filter) : null;
    const q = applyCatalogueFilter(db('products as p'), filter)
      .leftJoin('profiles as sp', 'sp.user_id', 'p.supplier_id')
      .select('p.id', 'p.price', 'p.average_rating', 'p.total_reviews', db.raw(SUPPLIER_CITY));
    if (matched) q.whereIn('p.id', matched.ids);
    const rows: SortableProduct[] = await q;
    const ids = sortCatalogue(rows, query.sort, near)
      .slice(page.offset, page.offset + page.limit)
      .map((r) => r.id);
    const items = await productsInOrder(db, language, ids);
    return matched ? { items, total: matched.total, ...(matched.capped ? { capped: true } : {}) } : { items, total: rows.length };
  }, version);
}
