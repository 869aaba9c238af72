/**
 * Products from the local store: a supplier's own products, the catalogue with its
 * offline search (matched and ranked as the server does, client/data/local/search.ts),
 * categories, and the plan's product limit.
 */
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { useRef, useSyncExternalStore } from 'react';
import { UNLIMITED, planRoom } from '../../../shared/constants';
import type { BinaaDb } from '../../data/db/database';
import { rowKey, type LocalProduct, type ProductPhotoUpload } from '../../data/db/schema';
import type { UploadProgress } from '../../data/photos/uploader';
import type { ProductPhoto } from '../../../shared/schemas/photo';
import { useLocalData } from '../../data/local/DataProvider';
import { readSubscription } from '../../data/local/subscription';
import { parseTerm, productIndex, searchIndex, sortIndex } from '../../data/local/search';
import type { CatalogueSort } from '../../../shared/catalogue-sort';

const newestFirst = (a: { created_at: string }, b: { created_at: string }) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

/** Cards per page: a phone screen or two (a long list of cards is slow to render on a slow phone). */
export const CATALOGUE_PAGE = 12;

export interface CatalogueQuery {
  search: string;
  categoryId: string | null;
  limit: number;
  /** relevance when not given */
  sort?: CatalogueSort;
  /** The reader's city, which `nearest` measures from. */
  near?: string | null;
}

export interface CataloguePage {
  items: LocalProduct[];
  total: number;
}

/**
 * Makes a live query run again when any row of the table changes, for the price of one
 * row: Dexie observes the whole key range a primary-key query asks for, whatever its
 * limit (a count() observes the same but walks every key in IndexedDB).
 */
const watchTable = (table: BinaaDb['products']) => table.limit(1).toArray();

/**
 * One page of the catalogue: ranked search results, or newest first, or every match in
 * another order; optionally one category.
 */
export async function readCatalogue(db: BinaaDb, { search, categoryId, limit, sort = 'relevance', near = null }: CatalogueQuery): Promise<CataloguePage> {
  const term = parseTerm(search);
  if (sort !== 'relevance') return readPage(db, sortIndex(await productIndex(db), term, categoryId, sort, near, limit));
  if (!term) {
    if (categoryId) {
      const rows = await db.products.where('category_id').equals(categoryId).toArray();
      rows.sort(newestFirst);
      return { items: rows.slice(0, limit), total: rows.length };
    }
    const [items, total] = await Promise.all([db.products.orderBy('created_at').reverse().limit(limit).toArray(), db.products.count()]);
    return { items, total };
  }
  // Matched and ranked over the in-memory index; only the page shown is read from IndexedDB, in the same round trip as the read that makes
  // the live query follow every product (the index is rebuilt when one changes).
  return readPage(db, searchIndex(await productIndex(db), term, categoryId, limit));
}

/** The rows of a page of ids the index chose. */
async function readPage(db: BinaaDb, { ids, total }: { ids: string[]; total: number }): Promise<CataloguePage> {
  const [rows] = await Promise.all([db.products.bulkGet(ids), watchTable(db.products)]);
  return { items: rows.filter((r): r is LocalProduct => Boolean(r)), total };
}

/** The catalogue page for the current search, category, order and length; undefined while loading. */
export function useCatalogue(query: CatalogueQuery): CataloguePage | undefined {
  const { db } = useLocalData();
  return useLiveQuery(() => readCatalogue(db, query), [db, query.search, query.categoryId, query.limit, query.sort, query.near], 'complete');
}

/** Products by id in the order asked, from the local copy; an id no longer there is left out. */
export function useProductsByIds(ids: readonly string[]): LocalProduct[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.products.bulkGet([...ids])).filter((r): r is LocalProduct => Boolean(r)), [db, ids.join(',')], 'complete');
}

/** A supplier's own products, newest first. */
export function useMyProducts(supplierId: string): LocalProduct[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.products.where('supplier_id').equals(supplierId).toArray()).sort(newestFirst), [db, supplierId], 'complete');
}

export function useCategories() {
  const { db } = useLocalData();
  return useLiveQuery(() => db.categories.toArray().then((rows) => rows.sort((a, b) => a.sort - b.sort)), [db]);
}

export interface ProductLimit {
  used: number;
  max: number;
  unlimited: boolean;
  /** how many more products the plan allows (planRoom); null when unlimited */
  room: number | null;
  reached: boolean;
}

/**
 * How many products the plan allows and how many the supplier has (live ones, as the
 * server counts them), so the add button says so before the server refuses (409
 * plan_limit_reached).
 */
export function useProductLimit(supplierId: string): ProductLimit | undefined {
  const { db } = useLocalData();
  const limit = useLiveQuery(async () => {
    const [used, subscription] = await Promise.all([db.products.where('supplier_id').equals(supplierId).count(), readSubscription(db)]);
    const max = subscription?.plan.max_products ?? UNLIMITED;
    const room = planRoom(max, used);
    return { used, max, unlimited: room === null, room, reached: room === 0 };
  }, [db, supplierId], 'complete');
  // Same numbers, same object: the list below does not render again for nothing.
  const last = useRef<ProductLimit | undefined>(undefined);
  if (limit && (!last.current || last.current.used !== limit.used || last.current.max !== limit.max)) last.current = limit;
  return limit && last.current;
}

/** How the outbox names a product (for its "waiting to send" badge and refusals). */
export const productKey = (id: string) => rowKey('product', id);

/** Whether a re-read row is the same as the one on screen (live queries hand out new objects). */
export function sameRow(a: LocalProduct, b: LocalProduct): boolean {
  return a === b || (a.id === b.id && a.updated_at === b.updated_at && a.total_reviews === b.total_reviews && a.average_rating === b.average_rating && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * The photos of the signed-in user waiting to reach the server (or refused), by product,
 * oldest first: one live query for a whole list (the table holds a handful of rows).
 */
export function useUploadsByProduct(): ReadonlyMap<string, ProductPhotoUpload[]> | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const rows = (await db.uploads.toArray()).filter((r): r is ProductPhotoUpload => r.kind === undefined || r.kind === 'product_photo');
    rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
    const byProduct = new Map<string, ProductPhotoUpload[]>();
    for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
    return byProduct;
  }, [db]);
}

/** How much of a photo's upload the server has (undefined when it is not being sent). */
export function useUploadProgress(id: string): UploadProgress | undefined {
  const { uploader } = useLocalData();
  return useSyncExternalStore(uploader.subscribe, () => uploader.progressOf(id));
}

/** A product's photos as stored on this device, live (an upload that finishes shows while the dialog is open). */
export function useProductPhotos(productId: string | null): ProductPhoto[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (productId ? ((await db.products.get(productId))?.photos ?? []) : []), [db, productId]);
}
