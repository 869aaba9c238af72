/**
 * Which of a supplier's own products answers each line of an RFQ, so the quote form opens
 * with their price-list price and stock instead of a blank: a supplier quoting forty lines
 * on a phone types only what differs.
 *
 * A line matches, in this order:
 * 1. `product`: the line was made from one of the supplier's own products;
 * 2. `sku`: the line's catalogue product (another supplier's, read from the local
 *    catalogue) carries one of the supplier's own codes, or the line's description holds
 *    one as a word ("CEM-50 cement, 50 kg bag"): codes are what a bill of quantities and
 *    a price list share;
 * 3. `category`: exactly one of the supplier's products is in the line's category and sold
 *    in the line's unit. Two or more such products is a choice only the supplier can make,
 *    so nothing is prefilled.
 * Deleted or out-of-stock products never match (prefilling a price for goods the
 * supplier cannot deliver would send a quote they did not mean).
 */
import { normalizeSearch } from '../../../shared/search';

/** What matching reads of a product of the supplier's price list. */
export interface OwnProduct {
  id: string;
  name: string;
  sku: string | null;
  price: number;
  unit: string;
  category_id: string | null;
  stock_quantity: number | null;
  availability_status: string;
}

/** What matching reads of an RFQ line. */
export interface MatchedLine {
  id: string;
  description: string;
  quantity: number;
  unit: string;
  category_id: string | null;
  product_id: string | null;
}

type MatchKind = 'product' | 'sku' | 'category';

export interface LineMatch {
  product: OwnProduct;
  kind: MatchKind;
  /** The stock to quote when it is less than the line asks (a tracked stock); null: the whole quantity. */
  available: number | null;
}

/** A unit as people write it: case, spaces, Arabic letter forms and a trailing dot aside ("Bag" = "bag", "طن." = "طن"). */
export function sameUnit(a: string, b: string): boolean {
  const norm = (u: string) => normalizeSearch(u.trim().replace(/\.$/, '')).replace(/\s+/g, ' ');
  return norm(a) === norm(b);
}

const skuKey = (sku: string) => sku.trim().toLowerCase();

/** The words of a description, split on spaces and punctuation other than the - _ / . that codes hold. */
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[\s,;:()[\]{}"'،؛]+/)
    .map((w) => w.replace(/\.$/, ''))
    .filter(Boolean);

const canSupply = (p: OwnProduct) => p.availability_status !== 'out_of_stock' && (p.stock_quantity == null || p.stock_quantity > 0);

/**
 * Each line's match among `own` (the supplier's products), by line id; lines without
 * one are absent. `skuOf` gives the SKU of a catalogue product by id (the line's product,
 * which may be another supplier's), undefined when unknown.
 */
export function matchLines(
  lines: readonly MatchedLine[],
  own: readonly OwnProduct[],
  skuOf: (productId: string) => string | null | undefined = () => undefined,
): Map<string, LineMatch> {
  const usable = own.filter(canSupply);
  const byId = new Map(usable.map((p) => [p.id, p]));
  const bySku = new Map(usable.filter((p) => p.sku?.trim()).map((p) => [skuKey(p.sku!), p]));
  const out = new Map<string, LineMatch>();
  for (const line of lines) {
    const found = findMatch(line, byId, bySku, usable, skuOf);
    if (!found) continue;
    const { product } = found;
    const available = product.stock_quantity != null && product.stock_quantity < line.quantity ? product.stock_quantity : null;
    out.set(line.id, { ...found, available });
  }
  return out;
}

function findMatch(
  line: MatchedLine,
  byId: Map<string, OwnProduct>,
  bySku: Map<string, OwnProduct>,
  usable: readonly OwnProduct[],
  skuOf: (productId: string) => string | null | undefined,
): { product: OwnProduct; kind: MatchKind } | null {
  if (line.product_id) {
    const mine = byId.get(line.product_id);
    if (mine) return { product: mine, kind: 'product' };
    const code = skuOf(line.product_id);
    const bySkuOfProduct = code ? bySku.get(skuKey(code)) : undefined;
    if (bySkuOfProduct) return { product: bySkuOfProduct, kind: 'sku' };
  }
  for (const word of words(line.description)) {
    const hit = bySku.get(word);
    if (hit) return { product: hit, kind: 'sku' };
  }
  if (!line.category_id) return null;
  const candidates = usable.filter((p) => p.category_id === line.category_id && sameUnit(p.unit, line.unit));
  return candidates.length === 1 ? { product: candidates[0]!, kind: 'category' } : null;
}
