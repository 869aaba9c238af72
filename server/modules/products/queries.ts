/**
 * How products are read: the row as the API presents it (category_name in the reader's
 * language, what it shows of its supplier's profile, ratings), and the catalogue list
 * with its filters and total. Every read of the catalogue, REST or sync, goes through
 * productQuery, so a deleted product, a deleted supplier's product and a deleted category
 * are hidden the same way everywhere. Search has its own file (search.ts).
 */
import type { Knex } from 'knex';
import type { Language } from '../../../shared/constants';
import type { Product } from '../../../shared/schemas/product';
import type { Page } from '../../db/page';
import { categoryNameColumn } from '../categories/language';
import { cachedByCatalogue } from './catalogue-cache';
import { partyNameSql } from '../../db/party-name';

const COLUMNS = [
  'id',
  'supplier_id',
  'name',
  'description',
  'price',
  'unit',
  'min_quantity',
  'stock_quantity',
  'sku',
  'low_stock_threshold',
  'category_id',
  'image_url',
  'specifications',
  'availability_status',
  'average_rating',
  'total_reviews',
  'created_at',
  'updated_at',
] as const;

/** The product's photos in position order, the first the cover (server/modules/photos). */
const PHOTOS_COLUMN = `coalesce((
  select json_agg(json_build_object('id', ph.id, 'hash', ph.hash, 'width', ph.width, 'height', ph.height) order by ph.position, ph.id)
  from product_photos ph where ph.product_id = p.id), '[]'::json) as photos`;

export const NEWEST_FIRST = [
  { column: 'p.created_at', order: 'desc' as const },
  { column: 'p.id', order: 'desc' as const },
];

/** The supplier's city on a product, from the profile joined as sp. */
export const SUPPLIER_CITY = `nullif(trim(sp.city), '') as supplier_city`;

/** Live products of live suppliers, as the API presents them. */
export function productQuery(db: Knex, language: Language) {
  return db('products as p')
    .join('users as su', 'su.id', 'p.supplier_id')
    .leftJoin('profiles as sp', 'sp.user_id', 'p.supplier_id')
    .leftJoin('categories as c', (j) => j.on('c.id', 'p.category_id').andOnNull('c.deleted_at'))
    .whereNull('p.deleted_at')
    .whereNull('su.deleted_at')
    .select(
      ...COLUMNS.map((c) => `p.${c}`),
      db.raw('?? as category_name', [categoryNameColumn('c', language)]),
      db.raw(`${partyNameSql('sp', 'su')} as supplier_name`),
      db.raw(`coalesce(sp.verification_tier, 'unverified') as supplier_verification_tier`),
      db.raw(`nullif(sp.phone, '') as supplier_phone`),
      db.raw(`nullif(sp.website, '') as supplier_website`),
      db.raw(SUPPLIER_CITY),
      db.raw(`coalesce(sp.average_rating, 0) as supplier_average_rating`),
      db.raw(`coalesce(sp.total_reviews, 0) as supplier_total_reviews`),
      db.raw(PHOTOS_COLUMN),
    );
}

/** One visible product, or undefined. */
export async function findProduct(db: Knex, language: Language, id: string): Promise<Product | undefined> {
  return productQuery(db, language).where('p.id', id).first();
}

/** Visible products by id, in the order of `ids` (search ranks them first). */
export async function productsInOrder(db: Knex, language: Language, ids: string[]): Promise<Product[]> {
  if (!ids.length) return [];
  const rows: Product[] = await productQuery(db, language).whereIn('p.id', ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is Product => !!r);
}

export interface CatalogueFilter {
  category_id?: string;
  supplier_id?: string;
}

/**
 * The filter every catalogue read shares, on `products p`: live, of a live supplier, and
 * in the category / of the supplier asked for. The supplier test is an anti-join on the
 * few deleted users, so a count reads only products_live_supplier_category_idx.
 */
export function applyCatalogueFilter(q: Knex.QueryBuilder, filter: CatalogueFilter): Knex.QueryBuilder {
  q.whereNull('p.deleted_at').whereNotExists(function deletedSupplier() {
    this.select(1).from('users as du').whereRaw('du.id = p.supplier_id').whereNotNull('du.deleted_at');
  });
  if (filter.category_id) q.where('p.category_id', filter.category_id);
  if (filter.supplier_id) q.where('p.supplier_id', filter.supplier_id);
  return q;
}

/**
 * The number of products the catalogue shows under `filter`. The whole catalogue's is
 * catalogue_state.live_products, kept at commit by triggers (migration 20261122000025);
 * a filtered one is counted.
 */
async function countProducts(db: Knex, filter: CatalogueFilter): Promise<number> {
  if (!filter.category_id && !filter.supplier_id) {
    const row = await db('catalogue_state').where({ id: 1 }).first('live_products');
    return Number(row?.live_products ?? 0);
  }
  const q = applyCatalogueFilter(db('products as p'), filter);
  const row = await q.count<{ count: number | string }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

/** A page of the catalogue, newest first. */
export async function listNewest(
  db: Knex,
  language: Language,
  filter: CatalogueFilter,
  page: { limit: number; offset: number },
  version?: number,
): Promise<Page<Product>> {
  const key = JSON.stringify(['list', filter.category_id ?? null, filter.supplier_id ?? null, page.limit, page.offset, language]);
  return cachedByCatalogue(db, key, async () => {
    const total = await countProducts(db, filter);
    if (total <= page.offset) return { items: [], total };
    const q = productQuery(db, language);
    if (filter.category_id) q.where('p.category_id', filter.category_id);
    if (filter.supplier_id) q.where('p.supplier_id', filter.supplier_id);
    const items: Product[] = await q.orderBy(NEWEST_FIRST).limit(page.limit).offset(page.offset);
    return { items, total };
  }, version);
}
