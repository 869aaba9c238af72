/**
 * Offline catalogue search reads a small in-memory index of the local products (id,
 * normalised name, words, date, category) instead of IndexedDB rows: ranking a
 * common word's thousands of matches from full rows costs as much as reading the whole
 * catalogue (10k rows, over a second on a slow phone), while the same work over the index
 * is a few milliseconds. Only the page shown is read from IndexedDB.
 *
 * The index is built once per database from one read of the products and dropped when
 * any product changes (Dexie's storagemutated event, which also reports other tabs'
 * writes), so a search after a sync sees the new rows. It is kept newest first, so a
 * search walks it once and keeps the first page of each rank, with no sort per keystroke.
 */
import Dexie from 'dexie';
import { normalizeSearch } from '../../../shared/search';
import type { BinaaDb } from '../db/database';

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

const newestFirst = (a: IndexedProduct, b: IndexedProduct) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

export function productIndex(db: BinaaDb): Promise<IndexedProduct[]> {
  watch(db);
  let index = indexes.get(db);
  if (!index) {
    // Read in a transaction of its own: a read inside a live query is otherwise kept in
    // Dexie's query cache (a deep copy of all 10k rows) for as long as that query lives.
    index = db.transaction('r', db.products, () => db.products.toArray()).then((rows) =>
      rows
        .map((row) => ({
          id: row.id,
          name: normalizeSearch(row.name).replace(/\s+/g, ' ').trim(),
          spaced: ` ${(row._words ?? []).join(' ')} `,
          created_at: row.created_at,
          category_id: row.category_id,
        }))
        // Newest first; a stable sort keeps rows of one instant in key order.
        .sort(newestFirst),
    );
    indexes.set(db, index);
    index.catch(() => indexes.delete(db));
  }
  return index;
}
