/**
 * A site's budget as an XLSX for the owner's files: the same figures as GET
 * /api/sites/{id}/budget (one SiteBudget, read once by budget.ts), a line per budget line,
 * the row of what is spent on no budget line, then the totals; headers in the reader's
 * language, the sheet right to left in Arabic, over-budget lines filled red; texts
 * neutralised against formulas as the price list's and the RFQ comparison's exports are
 * (spreadsheetCell).
 */
import ExcelJS from 'exceljs';
import type { Language } from '../../../shared/constants';
import { spreadsheetCell } from '../../../shared/price-list';
import { BUDGET_FIGURES, type BudgetFigure, type SiteBudget } from '../../../shared/schemas/site-budget';

type Header = 'position' | 'code' | 'description' | 'quantity' | 'unit' | BudgetFigure | 'budget_unit_price' | 'market_unit_price' | 'over_budget' | 'no_line' | 'totals' | 'yes';

const HEADERS: Record<Language, Record<Header, string>> = {
  ar: {
    position: 'البند',
    code: 'الرمز',
    description: 'الوصف',
    quantity: 'الكمية',
    unit: 'الوحدة',
    budget: 'الميزانية',
    approved: 'المعتمد',
    committed: 'الملتزم به',
    received: 'المستلم',
    invoiced: 'المفوتر',
    paid: 'المدفوع',
    remaining: 'المتبقي',
    budget_unit_price: 'سعر الوحدة في الميزانية',
    market_unit_price: 'وسيط السوق للوحدة',
    over_budget: 'تجاوز الميزانية',
    no_line: 'خارج بنود الميزانية',
    totals: 'الإجمالي',
    yes: 'نعم',
  },
  en: {
    position: 'Line',
    code: 'Code',
    description: 'Description',
    quantity: 'Quantity',
    unit: 'Unit',
    budget: 'Budget',
    approved: 'Approved',
    committed: 'Committed',
    received: 'Received',
    invoiced: 'Invoiced',
    paid: 'Paid',
    remaining: 'Remaining',
    budget_unit_price: 'Budgeted rate',
    market_unit_price: 'Market median per unit',
    over_budget: 'Over budget',
    no_line: 'On no budget line',
    totals: 'Totals',
    yes: 'Yes',
  },
  zh: {
    position: '行',
    code: '编码',
    description: '描述',
    quantity: '数量',
    unit: '单位',
    budget: '预算',
    approved: '已批准',
    committed: '已承诺',
    received: '已收货',
    invoiced: '已开票',
    paid: '已付款',
    remaining: '剩余',
    budget_unit_price: '预算单价',
    market_unit_price: '市场单价中位数',
    over_budget: '超预算',
    no_line: '不在预算行内',
    totals: '合计',
    yes: '是',
  },
};

/** The sheet's columns, in order (the figures as the screen shows them). */
const BUDGET_SHEET_COLUMNS = ['position', 'code', 'description', 'quantity', 'unit', ...BUDGET_FIGURES, 'budget_unit_price', 'market_unit_price', 'over_budget'] as const;

const OVER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } } as const;

export const budgetSheetHeaders = (language: Language): string[] => BUDGET_SHEET_COLUMNS.map((c) => HEADERS[language][c]);

export async function budgetXlsx(budget: SiteBudget, language: Language): Promise<Buffer> {
  const h = HEADERS[language];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Budget', { views: [{ rightToLeft: language === 'ar', state: 'frozen', ySplit: 1 }] });
  sheet.addRow(budgetSheetHeaders(language).map(spreadsheetCell)).font = { bold: true };
  for (const line of budget.lines) {
    const row = sheet.addRow([
      line.position,
      spreadsheetCell(line.code),
      spreadsheetCell(line.budget_line_id ? line.description : h.no_line),
      line.quantity,
      spreadsheetCell(line.unit),
      ...BUDGET_FIGURES.map((f) => line[f]),
      line.budget_unit_price,
      line.market_unit_price,
      line.over_budget ? h.yes : null,
    ]);
    if (line.over_budget) row.fill = OVER_FILL;
  }
  const totals = sheet.addRow([null, null, h.totals, null, null, ...BUDGET_FIGURES.map((f) => budget.totals[f]), null, null, budget.totals.over_budget ? h.yes : null]);
  totals.font = { bold: true };
  sheet.getColumn(3).width = 40;
  for (let i = 6; i <= BUDGET_SHEET_COLUMNS.length; i++) sheet.getColumn(i).width = 16;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
