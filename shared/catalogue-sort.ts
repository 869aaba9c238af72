/**
 * The catalogue's orders, one rule for the server's GET /api/products and the client's
 * offline catalogue, so a list sorted offline is the list the server would send.
 *
 * - relevance: the order the rows come in (search rank, or newest first without a search);
 * - price_asc / price_desc: by unit price;
 * - rating: by average rating, more reviews first at the same average (a 5 of one review
 *   is less telling than a 4.9 of fifty, but not worse than another 5);
 * - nearest: by great-circle distance from the reader's city to the supplier's city, a
 *   city the table does not know (or no city) last; the cheaper first at the same distance.
 * Equal rows end in id order, so every page of one order agrees with the next.
 */
import { cityDistanceKm } from './saudi-cities';

export const CATALOGUE_SORTS = ['relevance', 'price_asc', 'price_desc', 'rating', 'nearest'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** What the orders read of a product. */
export interface SortableProduct {
  id: string;
  price: number;
  average_rating: number;
  total_reviews: number;
  /** Rows stored before products carried their supplier's city have none. */
  supplier_city?: string | null;
}

type Key = (p: SortableProduct) => number;

const byId = (a: SortableProduct, b: SortableProduct) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * `rows` in the order `sort` asks for (a new array; relevance keeps the given order).
 * `near` is the reader's city, read by `nearest` only.
 */
export function sortCatalogue<T extends SortableProduct>(rows: readonly T[], sort: CatalogueSort, near?: string | null): T[] {
  if (sort === 'relevance') return [...rows];
  const keys: Key[] = keysOf(sort, near);
  // Each key computed once per row: a distance costs trigonometry, and a sort compares each row log n times.
  const decorated = rows.map((row) => ({ row, k: keys.map((key) => key(row)) }));
  decorated.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) if (a.k[i] !== b.k[i]) return a.k[i] - b.k[i];
    return byId(a.row, b.row);
  });
  return decorated.map((d) => d.row);
}

/** The keys of an order, each ascending. */
function keysOf(sort: Exclude<CatalogueSort, 'relevance'>, near: string | null | undefined): Key[] {
  switch (sort) {
    case 'price_asc':
      return [(p) => p.price];
    case 'price_desc':
      return [(p) => -p.price];
    case 'rating':
      return [(p) => -p.average_rating, (p) => -p.total_reviews];
    case 'nearest': {
      const distances = new Map<string | null, number>();
      const distance: Key = (p) => {
        const city = p.supplier_city ?? null;
        let d = distances.get(city);
        if (d === undefined) distances.set(city, (d = cityDistanceKm(near, city) ?? Number.POSITIVE_INFINITY));
        return d;
      };
      return [distance, (p) => p.price];
    }
  }
}
