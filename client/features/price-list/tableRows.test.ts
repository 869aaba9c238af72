import { describe, expect, it } from 'vitest';
import type { LocalProduct } from '../../data/db/schema';
import { readCell, tableRows, type RowQuery } from './tableRows';

const product = (id: string, fields: Partial<LocalProduct>): LocalProduct =>
  ({ id, name: id, sku: null, price: 1, stock_quantity: null, low_stock_threshold: null, availability_status: 'available', category_id: null, ...fields }) as LocalProduct;

const products = [
  product('a', { name: 'إسمنت مقاوم', sku: 'S-10', price: 18.5, stock_quantity: 3, low_stock_threshold: 5, category_id: 'c1' }),
  product('b', { name: 'حديد تسليح', sku: 'S-2', price: 2400, stock_quantity: 0, availability_status: 'out_of_stock', category_id: 'c2' }),
  product('c', { name: 'رمل', sku: null, price: 7, availability_status: 'out_of_stock' }),
  product('d', { name: 'Cement', sku: 'X-1', price: 18.5, stock_quantity: 40, low_stock_threshold: 5 }),
];
const names: Record<string, string> = { c1: 'الأسمنت', c2: 'الحديد' };
const query = (q: Partial<RowQuery>): RowQuery => ({
  filter: '',
  show: 'all',
  sort: { column: 'name', desc: false },
  categoryName: (p) => (p.category_id ? names[p.category_id] : null),
  ...q,
});
const ids = (q: Partial<RowQuery>) => tableRows(products, query(q)).map((p) => p.id);

describe('the products table: filter and sort', () => {
  it('filters by name and SKU as search folds them (alef forms, Arabic-Indic digits, case)', () => {
    expect(ids({ filter: 'اسمنت' })).toEqual(['a']);
    expect(ids({ filter: ' s-١٠ ' })).toEqual(['a']);
    expect(ids({ filter: 'cement' })).toEqual(['d']);
    expect(ids({ filter: 'nothing' })).toEqual([]);
  });

  it('shows the low-stock products (at or below their mark) or the out-of-stock ones', () => {
    expect(ids({ show: 'low' })).toEqual(['a']);
    expect(ids({ show: 'out', sort: { column: 'price', desc: false } })).toEqual(['c', 'b']);
    expect(ids({ show: 'out', filter: 'حديد' })).toEqual(['b']);
  });

  it('sorts SKUs numerically, numbers as numbers, untracked stock below zero, and keeps ties in order', () => {
    expect(ids({ sort: { column: 'sku', desc: false } })).toEqual(['c', 'b', 'a', 'd']);
    expect(ids({ sort: { column: 'price', desc: false } })).toEqual(['c', 'a', 'd', 'b']);
    expect(ids({ sort: { column: 'price', desc: true } })).toEqual(['b', 'a', 'd', 'c']);
    expect(ids({ sort: { column: 'stock', desc: false } })).toEqual(['c', 'b', 'a', 'd']);
    expect(ids({ sort: { column: 'category', desc: false } })).toEqual(['c', 'd', 'a', 'b']);
    expect(ids({ sort: { column: 'availability', desc: false } })).toEqual(['a', 'd', 'b', 'c']);
  });
});

describe('the products table: a typed cell', () => {
  it.each([
    ['price', '12,5', 12.5],
    ['price', '١٬٢٥٠٫٥٠ ر.س', 1250.5],
    ['stock_quantity', '٢٥٫٥', 25.5],
    ['stock_quantity', '1,250', 1250],
    ['stock_quantity', '', null],
    ['low_stock_threshold', ' ', null],
  ] as const)('%s "%s" saves %s', (field, text, value) => expect(readCell(field, text)).toEqual({ ok: true, value }));

  it.each([
    ['price', ''],
    ['price', 'كثير'],
    ['price', '1,2,3'],
    ['price', '12.345'],
    ['price', '-1'],
    ['stock_quantity', '2.25'],
    ['stock_quantity', '0,250'],
  ] as const)('%s "%s" is refused', (field, text) => expect(readCell(field, text)).toEqual({ ok: false }));
});
