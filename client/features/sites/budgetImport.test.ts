/** A bill of quantities read into a site's budget lines: the RFQ's reading plus a code and an amount. */
import { describe, expect, it } from 'vitest';
import { BUDGET_HEADERS, checkBudget } from './budgetImport';

const CEMENT = 'ca7e0000-0000-4000-8000-000000000001';
const ctx = { categories: [{ id: CEMENT, slug: 'cement', name_ar: 'الأسمنت والخرسانة', name_en: 'Cement & Concrete', name_zh: '水泥与混凝土' }] };
const lines = (grid: Array<Array<string | number | null>>) => grid.map((cells, i) => ({ line: i + 2, cells }));

describe('a bill of quantities read into a budget', () => {
  it('maps the usual Saudi headers, the amount and the rate among them', () => {
    expect(BUDGET_HEADERS.guessMapping(['البند', 'الوصف', 'الوحدة', 'الكمية', 'سعر الوحدة', 'الإجمالي'])).toEqual({
      item: 0, code: null, description: 1, quantity: 3, unit: 2, category: null, rate: 4, amount: 5,
    });
    expect(BUDGET_HEADERS.guessMapping(['Code', 'Description', 'Qty', 'Unit', 'Category', 'Amount'])).toEqual({
      item: null, code: 0, description: 1, quantity: 2, unit: 3, category: 4, rate: null, amount: 5,
    });
    expect(BUDGET_HEADERS.guessMapping(['序号', '项目名称', '单位', '数量', '单价', '金额'])).toMatchObject({ item: 0, description: 1, rate: 4, amount: 5 });
  });

  it('takes the amount as written (Arabic digits and separators), else quantity times rate to the halala; the code from its column, else the item number', () => {
    const mapping = BUDGET_HEADERS.guessMapping(['البند', 'الوصف', 'الوحدة', 'الكمية', 'سعر الوحدة', 'الإجمالي', 'الفئة']);
    const rows = checkBudget(
      lines([
        ['1.1', 'خرسانة مسلحة للقواعد', 'م3', '١٢٠', null, '٤٥٬٦٠٠', 'الأسمنت والخرسانة'],
        ['1.2', 'حديد تسليح', 'طن', 3.5, '2833.333', null, null],
      ]),
      mapping,
      ctx,
    );
    expect(rows.map((r) => [r.code, r.description, r.quantity, r.unit, r.category_id, r.budget_amount, r.issues])).toEqual([
      ['1.1', 'خرسانة مسلحة للقواعد', 120, 'م3', CEMENT, 45600, []],
      ['1.2', 'حديد تسليح', 3.5, 'طن', null, 9916.67, []],
    ]);
    const coded = checkBudget(lines([['A-01', 'بلوك', 'حبة', 1000, 2500]]), BUDGET_HEADERS.guessMapping(['رمز', 'الوصف', 'الوحدة', 'الكمية', 'المبلغ']), ctx);
    expect(coded[0]).toMatchObject({ code: 'A-01', budget_amount: 2500, issues: [] });
  });

  it('names a row without an amount or with one that is no number, beside the RFQ reading\'s own problems; skips empty rows and subtotals', () => {
    const mapping = BUDGET_HEADERS.guessMapping(['البند', 'الوصف', 'الوحدة', 'الكمية', 'المبلغ', 'الفئة']);
    const rows = checkBudget(
      lines([
        ['1', 'رمل', 'م3', 10, null, null],
        ['2', 'بلاط', 'م2', 'كثير', 'غالٍ', 'رخام'],
        [null, null, null, null, null, null],
        [null, null, null, null, 99999, null],
        ['3', 'دهان', 'لتر', 5, -1, null],
      ]),
      mapping,
      ctx,
    );
    expect(rows.map((r) => [r.line, r.issues])).toEqual([
      [2, ['missing_amount']],
      [3, ['quantity_not_number', 'unknown_category', 'amount_not_number']],
      [6, ['amount_not_number']],
    ]);
  });

  it('keeps a category picked in the preview for a row whose category was not recognised', () => {
    const mapping = BUDGET_HEADERS.guessMapping(['الوصف', 'الوحدة', 'الكمية', 'المبلغ', 'الفئة']);
    const grid = lines([['خرسانة', 'م3', 1, 500, 'خرسانات']]);
    expect(checkBudget(grid, mapping, ctx)[0].issues).toEqual(['unknown_category']);
    expect(checkBudget(grid, mapping, ctx, new Map([[2, CEMENT]]))[0]).toMatchObject({ category_id: CEMENT, issues: [] });
  });
});
