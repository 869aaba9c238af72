/**
 * Offline catalogue search, the whole of it: normalise, words, index, rank.
 *
 * Normalise: the server's normalisation (shared/search.ts, the twin of the database's
 * normalize_search), so hamza forms, teh marbuta, diacritics and Arabic-Indic digits never
 * stop a match; spaces collapsed.
 *
 * Words: each word of a product's name and description, the word without the Arabic
 * article too (الاسمنت also as اسمنت, as the server's substring match finds it), and each
 * Chinese character on its own (the server treats every CJK character as a word). A query
 * word matches a product word it starts; every query word must match.
 *
 * Index: a small in-memory index of the local products (id, normalised name, words, date,
 * category) instead of IndexedDB rows: ranking a common word's thousands of matches from
 * full rows costs as much as reading the whole catalogue (10k rows, over a second on a
 * slow phone), while the same work over the index is a few milliseconds. Only the page
 * shown is read from IndexedDB. The index is built once per database from one read of
 * the products, and dropped when any product changes (Dexie's storagemutated event, which
 * also reports other tabs' writes), so a search after a sync sees the new rows. It is kept
 * newest first, so a search walks it once and keeps the first page of each rank, with no
 * sort per keystroke. Nothing of it is stored: the words are worked out when the index is
 * built, not on every product a sync writes.
 *
 * Rank, as the server ranks: exact name, name starting with the term, every word whole,
 * the rest (a prefix match); then newest first. The other orders (price, rating, nearest
 * supplier) sort every match by the server's own rule, over the index too.
 */
import Dexie from 'dexie';
import { sortCatalogue, type CatalogueSort } from '../../../shared/catalogue-sort';
import { normalizeSearch } from '../../../shared/search';
import type { BinaaDb } from '../db/database';

// --- Normalise and words -----------------------------------------------------------------

/** A name or a term as search compares them: normalised, spaces collapsed. */
const normaliseText = (raw: string) => normalizeSearch(raw).replace(/\s+/g, ' ').trim();

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/u;
const ARTICLE = /^(?:وال|بال|فال|كال|لل|ال)(?=.{2,})/u;
const TOKENS = /[^\p{L}\p{N}]+/u;

/** The words of a normalised text, as the index holds them. */
function searchWords(normalised: string): string[] {
  const words = new Set<string>();
  for (const token of normalised.split(TOKENS)) {
    if (!token) continue;
    words.add(token);
    const bare = token.replace(ARTICLE, '');
    if (bare !== token) words.add(bare);
    for (const ch of token) if (CJK.test(ch)) words.add(ch);
  }
  return [...words];
}

/** The words of a normalised query (a query word matches an indexed word it starts). */
function queryWords(normalised: string): string[] {
  const out: string[] = [];
  for (const token of normalised.split(TOKENS)) {
    if (!token) continue;
    // oxlint-disable-next-line typescript/no-misused-spread -- each CJK code point is a word of its own
    if (CJK.test(token)) out.push(...[...token].filter((ch) => CJK.test(ch)));
    else out.push(token.replace(ARTICLE, '') || token);
  }
  return out;
}

export interface SearchTerm {
  /** The normalised term, spaces collapsed. */
  term: string;
  /** Its words as the index holds them (article dropped, CJK characters apart). */
  words: string[];
}

/** The term of what was typed; null when it has no word. */
export function parseTerm(raw: string): SearchTerm | null {
  const term = normaliseText(raw);
  if (!term) return null;
  const words = [...new Set(queryWords(term))];
  return words.length ? { term, words } : null;
}

// --- Index ---------------------------------------------------------------------------------

export interface IndexedProduct {
  id: string;
  /** The normalised name, spaces collapsed. */
  name: string;
  /**
   * The words joined and framed by spaces (" a b "): a query word starts a word when
   * " w" occurs in it and is a whole word when " w " does. Words never hold a space
   * (searchWords splits on everything but letters and digits), and one native substring
   * search per word is far cheaper than looping over the words in JavaScript.
   */
  spaced: string;
  created_at: string;
  category_id: string | null;
  /** What the catalogue's other orders read (shared/catalogue-sort.ts). */
  price: number;
  average_rating: number;
  total_reviews: number;
  supplier_city: string | null;
}

interface IndexableProduct {
  id: string;
  name: string;
  description?: string | null;
  created_at: string;
  category_id: string | null;
  price: number;
  average_rating: number;
  total_reviews: number;
  /** Rows stored before products carried their supplier's city have none. */
  supplier_city?: string | null;
}

const newestFirst = (a: { created_at: string }, b: { created_at: string }) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

/** The index entries of products, newest first (a stable sort keeps rows of one instant in their order). */
function indexProducts(rows: readonly IndexableProduct[]): IndexedProduct[] {
  return rows
    .map((row) => ({
      id: row.id,
      name: normaliseText(row.name),
      spaced: ` ${searchWords(normalizeSearch(`${row.name} ${row.description ?? ''}`)).join(' ')} `,
      created_at: row.created_at,
      category_id: row.category_id,
      price: row.price,
      average_rating: row.average_rating,
      total_reviews: row.total_reviews,
      supplier_city: row.supplier_city ?? null,
    }))
    .sort(newestFirst);
}

const indexes = new WeakMap<BinaaDb, Promise<IndexedProduct[]>>();
const watched = new WeakSet<BinaaDb>();

function watch(db: BinaaDb) {
  if (watched.has(db)) return;
  watched.add(db);
  const prefix = `idb://${db.name}/products/`;
  Dexie.on('storagemutated', (parts) => {
    if (Object.keys(parts).some((part) => part.startsWith(prefix))) indexes.delete(db);
  });
}

/** The index of a database's products, built at the first search after any product changed. */
export function productIndex(db: BinaaDb): Promise<IndexedProduct[]> {
  watch(db);
  let index = indexes.get(db);
  if (!index) {
    // Read in a transaction of its own: a read inside a live query is otherwise kept in
    // Dexie's query cache (a deep copy of all 10k rows) for as long as that query lives.
    index = db.transaction('r', db.products, () => db.products.toArray()).then(indexProducts);
    indexes.set(db, index);
    index.catch(() => indexes.delete(db));
  }
  return index;
}

// --- Rank ----------------------------------------------------------------------------------

export const RANK = { exact: 4, prefix: 3, word: 2, partial: 1 } as const;

/**
 * The matches of a term in the index, highest rank first and newest first within a rank,
 * keeping only the first `limit` ids and the count. The index is newest first, so one
 * walk fills each rank's page in order: no sort, no row built per match (a common word
 * matches half the catalogue).
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
 * Every match of a term (every product without one), optionally of one category, in the
 * order `sort` asks for (shared/catalogue-sort.ts, as the server sorts): the first
 * `limit` ids and the count.
 */
export function sortIndex(
  index: readonly IndexedProduct[],
  term: SearchTerm | null,
  categoryId: string | null,
  sort: Exclude<CatalogueSort, 'relevance'>,
  near: string | null,
  limit: number,
): { ids: string[]; total: number } {
  const starts = term?.words.map((w) => ` ${w}`) ?? [];
  const matches = index.filter((entry) => (!categoryId || entry.category_id === categoryId) && starts.every((s) => entry.spaced.includes(s)));
  return { ids: sortCatalogue(matches, sort, near).slice(0, limit).map((entry) => entry.id), total: matches.length };
}
