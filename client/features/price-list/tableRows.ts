/**
 * The products table's rules, apart from React: which products a filter and a "show"
 * choice keep, the order a column sorts them in, and what a typed cell saves. The table
 * (ProductsTable.tsx) only holds the state and renders.
 */
import { parseNumber } from '../../../shared/numbers';
import { moneySchema, stockSchema } from '../../../shared/schemas/common';
import { isLowStock } from '../../../shared/schemas/product';
import { normalizeSearch } from '../../../shared/search';
import type { LocalProduct } from '../../data/db/schema';

export type ColumnId = 'sku' | 'name' | 'category' | 'price' | 'stock' | 'low' | 'availability';
export const COLUMNS: readonly ColumnId[] = ['sku', 'name', 'category', 'price', 'stock', 'low', 'availability'];
type EditableField = 'price' | 'stock_quantity' | 'low_stock_threshold';
/** The columns a cell edit writes, and the product field each writes. */
export const EDITABLE: Partial<Record<ColumnId, EditableField>> = {
  price: 'price',
  stock: 'stock_quantity',
  low: 'low_stock_threshold',
};

export type Show = 'all' | 'low' | 'out';
export interface Sort {
  column: ColumnId;
  desc: boolean;
}

export interface RowQuery {
  /** the filter box as typed: matched against name and SKU, folded as search folds them */
  filter: string;
  show: Show;
  sort: Sort;
  categoryName: (p: LocalProduct) => string | null;
}

// Numeric-aware, so "S-2" sorts before "S-10".
const collator = new Intl.Collator(undefined, { numeric: true });

function sortKey(p: LocalProduct, column: ColumnId, categoryName: RowQuery['categoryName']): string | number {
  switch (column) {
    case 'sku': return p.sku ?? '';
    case 'name': return p.name;
    case 'category': return categoryName(p) ?? '';
    case 'price': return p.price;
    // An untracked stock or an unset mark sorts below every number.
    case 'stock': return p.stock_quantity ?? -1;
    case 'low': return p.low_stock_threshold ?? -1;
    case 'availability': return p.availability_status;
  }
}

/** The products the table shows, in its order (a stable sort: equal keys keep their order). */
export function tableRows(products: readonly LocalProduct[], { filter, show, sort, categoryName }: RowQuery): LocalProduct[] {
  const term = normalizeSearch(filter.trim());
  const picked = products.filter(
    (p) =>
      (show === 'all' || (show === 'low' ? isLowStock(p) : p.availability_status === 'out_of_stock')) &&
      (!term || normalizeSearch(p.name).includes(term) || (p.sku != null && normalizeSearch(p.sku).includes(term))),
  );
  const keyed = picked.map((p) => ({ p, k: sortKey(p, sort.column, categoryName) }));
  keyed.sort((a, b) => {
    const c = typeof a.k === 'number' && typeof b.k === 'number' ? a.k - b.k : collator.compare(String(a.k), String(b.k));
    return sort.desc ? -c : c;
  });
  return keyed.map((x) => x.p);
}

/**
 * What a typed cell saves: the number as every form reads it (shared/numbers.ts), checked
 * by the field's schema; an empty stock or mark stops tracking it (null), an empty price
 * is refused. A price past halalas or a stock past 0.1 is refused, as in the product form.
 */
export function readCell(field: EditableField, text: string): { ok: true; value: number | null } | { ok: false } {
  const n = parseNumber(text);
  if (n === null) return field === 'price' ? { ok: false } : { ok: true, value: null };
  return (field === 'price' ? moneySchema : stockSchema).safeParse(n).success ? { ok: true, value: n } : { ok: false };
}
