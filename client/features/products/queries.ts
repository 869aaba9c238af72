/**
 * Products from the local store (DESIGN section 10): a supplier's own products, the
 * catalogue with its offline search, categories, and the plan's product limit.
 *
 * Offline search (issue 9) runs over the local copy with the server's normalisation
 * (shared/search.ts), so hamza forms, teh marbuta, diacritics, the Arabic article and
 * Arabic-Indic digits never stop a match. Candidates come from the multi-entry `_words`
 * index: every query word must start a word of the product (key sets intersected, keys
 * only, before any row is read). Ranking follows the server's: exact name, name starting
 * with the term, every word whole, the rest (a prefix match), then newest first. Like the
 * server, a term with very many matches ranks a bounded number of them and says "more".
 */
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { useRef } from 'react';
import { UNLIMITED } from '../../../shared/constants';
import { normalizeSearch } from '../../../shared/search';
import type { BinaaDb } from '../../data/db/database';
import { rowKey, type LocalProduct } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import { readSubscription } from '../../data/local/subscription';
import { productIndex, type IndexedProduct } from '../../data/local/productIndex';
import { queryWords } from '../../data/sync/searchWords';

// --- Search, pure ------------------------------------------------------------------------

export interface SearchTerm {
  /** The normalised term, spaces collapsed. */
  term: string;
  /** Its words as the index holds them (article dropped, CJK characters apart). */
  words: string[];
}

export function parseTerm(raw: string): SearchTerm | null {
  const term = normalizeSearch(raw).replace(/\s+/g, ' ').trim();
  if (!term) return null;
  const words = [...new Set(queryWords(term))];
  return words.length ? { term, words } : null;
}

export const RANK = { exact: 4, prefix: 3, word: 2, partial: 1 } as const;

interface Rankable {
  name: string;
  created_at: string;
  _words?: string[];
}

export function rankOf(row: Rankable, term: SearchTerm): number {
  const name = normalizeSearch(row.name).replace(/\s+/g, ' ').trim();
  if (name === term.term) return RANK.exact;
  if (name.startsWith(term.term)) return RANK.prefix;
  const own = new Set(row._words ?? []);
  if (term.words.every((w) => own.has(w))) return RANK.word;
  return RANK.partial;
}

const newestFirst = (a: { created_at: string }, b: { created_at: string }) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

/** Highest rank first, newest first within a rank. */
export function rankRows<T extends Rankable>(rows: T[], term: SearchTerm): T[] {
  return rows
    .map((row) => ({ row, rank: rankOf(row, term) }))
    .sort((a, b) => b.rank - a.rank || newestFirst(a.row, b.row))
    .map((r) => r.row);
}

// --- Reads -------------------------------------------------------------------------------

/** Cards per page: a phone screen or two (a long list of cards is slow to render on a slow phone). */
export const CATALOGUE_PAGE = 12;

export interface CatalogueQuery {
  search: string;
  categoryId: string | null;
  limit: number;
}

export interface CataloguePage {
  items: LocalProduct[];
  total: number;
  capped: boolean;
}

/**
 * The matches of a term in the index, ranked as rankRows does (highest rank first,
 * newest first within a rank), keeping only the first `limit` ids and the count. The
 * index is newest first, so one walk fills each rank's page in order: no sort, no row
 * built per match (a common word matches half the catalogue).
 */
export function searchIndex(index: readonly IndexedProduct[], term: SearchTerm, categoryId: string | null, limit: number): { ids: string[]; total: number } {
  const starts = term.words.map((w) => ` ${w}`);
  const whole = term.words.map((w) => ` ${w} `);
  const byRank: string[][] = [[], [], [], [], []];
  let total = 0;
  for (const entry of index) {
    if (categoryId && entry.category_id !== categoryId) continue;
    if (!starts.every((s) => entry.spaced.includes(s))) continue;
    total += 1;
    const rank =
      entry.name === term.term ? RANK.exact : entry.name.startsWith(term.term) ? RANK.prefix : whole.every((w) => entry.spaced.includes(w)) ? RANK.word : RANK.partial;
    if (byRank[rank].length < limit) byRank[rank].push(entry.id);
  }
  return { ids: [RANK.exact, RANK.prefix, RANK.word, RANK.partial].flatMap((r) => byRank[r]).slice(0, limit), total };
}

/**
 * Makes a live query run again when any row of the table changes, for the price of one
 * row: Dexie observes the whole key range a primary-key query asks for, whatever its
 * limit (a count() observes the same but walks every key in IndexedDB).
 */
const watchTable = (table: BinaaDb['products']) => table.limit(1).toArray();

/** One page of the catalogue: ranked search results, or newest first; optionally one category. */
export async function readCatalogue(db: BinaaDb, { search, categoryId, limit }: CatalogueQuery): Promise<CataloguePage> {
  const term = parseTerm(search);
  if (!term) {
    if (categoryId) {
      const rows = await db.products.where('category_id').equals(categoryId).toArray();
      rows.sort(newestFirst);
      return { items: rows.slice(0, limit), total: rows.length, capped: false };
    }
    const [items, total] = await Promise.all([db.products.orderBy('created_at').reverse().limit(limit).toArray(), db.products.count()]);
    return { items, total, capped: false };
  }
  // Matched and ranked over the in-memory index (client/data/local/productIndex.ts); only
  // the page shown is read from IndexedDB, in the same round trip as the read that makes
  // the live query follow every product (the index is rebuilt when one changes).
  const { ids, total } = searchIndex(await productIndex(db), term, categoryId, limit);
  const [rows] = await Promise.all([db.products.bulkGet(ids), watchTable(db.products)]);
  return { items: rows.filter((r): r is LocalProduct => Boolean(r)), total, capped: false };
}

/** The catalogue page for the current search, category and length; undefined while loading. */
export function useCatalogue(query: CatalogueQuery): CataloguePage | undefined {
  const { db } = useLocalData();
  return useLiveQuery(() => readCatalogue(db, query), [db, query.search, query.categoryId, query.limit]);
}

/** A supplier's own products, newest first. */
export function useMyProducts(supplierId: string): LocalProduct[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.products.where('supplier_id').equals(supplierId).toArray()).sort(newestFirst), [db, supplierId]);
}

export function useCategories() {
  const { db } = useLocalData();
  return useLiveQuery(() => db.categories.toArray().then((rows) => rows.sort((a, b) => a.sort - b.sort)), [db]);
}

export interface ProductLimit {
  used: number;
  max: number;
  unlimited: boolean;
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
    const unlimited = max >= UNLIMITED;
    return { used, max, unlimited, reached: !unlimited && used >= max };
  }, [db, supplierId]);
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
