/** A contractor's bill of quantities with Arabic, English or Chinese headers, read into RFQ lines. */
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
    expect(BOQ_HEADERS.guessMapping(grid[at])).toEqual({ item: 0, description: 1, quantity: 3, unit: 2, category: 4, sku: 5 });
  });

  it('maps the usual Saudi headers: the item number is its own column, never the description', () => {
    const grid = [['البند', 'الوصف', 'الكمية', 'الوحدة']];
    expect(BOQ_HEADERS.findHeaderRow(grid)).toBe(0);
    expect(BOQ_HEADERS.guessMapping(grid[0])).toEqual({ item: 0, description: 1, quantity: 2, unit: 3, category: null, sku: null });
  });

  it('maps English headers in any case and with punctuation, "Item" and "No." as the item number', () => {
    expect(BOQ_HEADERS.guessMapping(['Item No.', 'Description', 'QTY', 'U.O.M', 'Category'])).toEqual({ item: 0, description: 1, quantity: 2, unit: 3, category: 4, sku: null });
    expect(BOQ_HEADERS.guessMapping(['Item', 'Description', 'Unit', 'Qty'])).toEqual({ item: 0, description: 1, quantity: 3, unit: 2, category: null, sku: null });
    expect(BOQ_HEADERS.guessMapping(['No.', 'Description', 'Qty', 'Unit'])).toMatchObject({ item: 0, description: 1 });
  });

  it('maps Chinese headers: 序号 and 项目编号 as the item number, 项目名称 as the description', () => {
    expect(BOQ_HEADERS.guessMapping(['序号', '项目名称', '单位', '数量'])).toEqual({ item: 0, description: 1, quantity: 3, unit: 2, category: null, sku: null });
    expect(BOQ_HEADERS.guessMapping(['项目编号', '描述', '数量', '单位', '类别'])).toEqual({ item: 0, description: 1, quantity: 2, unit: 3, category: 4, sku: null });
  });

  it('reads the item number beside the line, out of its description', () => {
    const mapping = BOQ_HEADERS.guessMapping(['البند', 'الوصف', 'الكمية', 'الوحدة']);
    const rows = checkBoq(lines([['1', 'أسمنت بورتلاندي', '٢٠٠', 'كيس'], ['2.1', 'رمل', '30', 'م³']]), mapping, ctx);
    expect(rows.map((r) => [r.item, r.description])).toEqual([
      ['1', 'أسمنت بورتلاندي'],
      ['2.1', 'رمل'],
    ]);
    expect(rows.every((r) => r.issues.length === 0)).toBe(true);
  });

  it('keeps a row whose category is not recognised, as a problem, until a category is picked for it', () => {
    const mapping = { item: 0, description: 1, quantity: 2, unit: 3, category: 4, sku: null };
    const grid = lines([
      ['1', 'أسمنت بورتلاندي', '200', 'كيس', 'الأسمنت والخرسانة'],
      ['2', 'حديد 12 مم', '3', 'طن', 'حديد مبروم'],
      ['3', 'بلوك', '500', 'حبة', null],
    ]);
    const before = checkBoq(grid, mapping, ctx);
    expect(before.map((r) => r.line)).toEqual([1, 2, 3]);
    expect(before[1]).toMatchObject({ item: '2', category_id: null, issues: ['unknown_category'] });
    const after = checkBoq(grid, mapping, ctx, new Map([[2, REBAR]]));
    expect(after[1]).toMatchObject({ category_id: REBAR, issues: [] });
    expect(after.filter((r) => !r.issues.length)).toHaveLength(3);
  });

  it('reads each row as a line: Arabic digits, categories in any language, a SKU giving its product and category', () => {
    const mapping = { item: null, description: 0, quantity: 1, unit: 2, category: 3, sku: 4 };
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
