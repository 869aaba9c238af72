/** A contractor's bill of quantities with Arabic or English headers, read into RFQ lines. */
import { describe, expect, it } from 'vitest';
import { BOQ_HEADERS, checkBoq, type BoqContext } from './boq';

const CEMENT = 'ca7e0000-0000-4000-8000-000000000001';
const REBAR = 'ca7e0000-0000-4000-8000-000000000002';
const PRODUCT = '0d000000-0000-4000-8000-000000000001';

const ctx: BoqContext = {
  categories: [
    { id: CEMENT, slug: 'cement', name_ar: 'الأسمنت والخرسانة', name_en: 'Cement & Concrete', name_zh: '水泥与混凝土' },
    { id: REBAR, slug: 'steel', name_ar: 'الحديد والصلب', name_en: 'Steel & Rebar', name_zh: '钢材' },
  ],
  products: [{ id: PRODUCT, sku: 'RB-12', category_id: REBAR }],
};

const lines = (grid: Array<Array<string | number | null>>) => grid.map((cells, i) => ({ line: i + 1, cells }));

describe('a bill of quantities', () => {
  it('finds Arabic headers under a title row, whatever their spelling, and maps each field', () => {
    const grid = [['جدول الكميات - مشروع فيلا الرياض'], ['م', 'وصف البند', 'الوحدة', 'الكميّة', 'الفئة', 'كود المنتج']];
    const at = BOQ_HEADERS.findHeaderRow(grid);
    expect(at).toBe(1);
    expect(BOQ_HEADERS.guessMapping(grid[at])).toEqual({ description: 1, quantity: 3, unit: 2, category: 4, sku: 5 });
  });

  it('maps English headers in any case and with punctuation', () => {
    expect(BOQ_HEADERS.guessMapping(['Item No.', 'Description', 'QTY', 'U.O.M', 'Category'])).toEqual({ description: 1, quantity: 2, unit: 3, category: 4, sku: null });
  });

  it('reads each row as a line: Arabic digits, categories in any language, a SKU giving its product and category', () => {
    const mapping = { description: 0, quantity: 1, unit: 2, category: 3, sku: 4 };
    const rows = checkBoq(
      lines([
        ['أسمنت بورتلاندي', '٢٠٠', 'كيس', 'الأسمنت والخرسانة', null],
        ['Rebar 12 mm', '12.5', 't', null, ' rb-12 '],
        [null, null, null, null, null],
        [null, 3400, null, null, null],
        ['رمل', 'كثير', 'م³', 'Sand', 'XX-1'],
        ['بلوك', null, null, 'cement', null],
      ]),
      mapping,
      ctx,
    );
    expect(rows.map((r) => r.line)).toEqual([1, 2, 5, 6]);
    expect(rows[0]).toMatchObject({ description: 'أسمنت بورتلاندي', quantity: 200, unit: 'كيس', category_id: CEMENT, product_id: null, issues: [] });
    expect(rows[1]).toMatchObject({ quantity: 12.5, category_id: REBAR, product_id: PRODUCT, issues: [] });
    expect(rows[2].issues).toEqual(['quantity_not_number', 'unknown_category', 'unknown_sku']);
    expect(rows[3]).toMatchObject({ category_id: CEMENT, issues: ['missing_quantity', 'missing_unit'] });
  });
});
