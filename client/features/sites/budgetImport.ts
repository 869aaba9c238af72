/**
 * A bill of quantities read into a site's budget lines: the RFQ's reading of a sheet
 * (rfqs/boq.ts: the item number, description, quantity read as people write it, unit and
 * category, with the same headers in three languages and the same problems), plus what a
 * budget needs, a code and an amount.
 *
 * - The code is the sheet's code column (رمز، كود، Code, 编码) when it has one, else its
 *   item number (البند 3.2): that is how a site's people name a line of the bill.
 * - The amount is the sheet's amount column (المبلغ، الإجمالي، Amount, 金额), else its
 *   quantity times its rate (سعر الوحدة، Rate, 单价), rounded to halalas; a row with neither
 *   is a problem (a budget line without a budget says nothing), as is one that is not a
 *   number.
 */
import { moneySchema } from '../../../shared/schemas/common';
import { parseNumber, roundTo } from '../../../shared/numbers';
import { categoryByName, cleanText, headerReader, isBlank, type CellValue, type ColumnMapping } from '../../../shared/sheet-headers';
import { BOQ_WORDS, readBoqLine, type BoqContext, type BoqLine, type BoqLineIssue } from '../rfqs/boq';

export const BUDGET_FIELDS = ['item', 'code', 'description', 'quantity', 'unit', 'category', 'rate', 'amount'] as const;
export type BudgetField = (typeof BUDGET_FIELDS)[number];
export type BudgetMapping = ColumnMapping<BudgetField>;

export const BUDGET_HEADERS = headerReader(BUDGET_FIELDS, {
  item: BOQ_WORDS.item,
  code: ['code', 'item code', 'cost code', 'budget code', 'الرمز', 'رمز', 'رمز البند', 'كود', 'كود البند', '编码', '项目编码', '预算编码'],
  description: BOQ_WORDS.description,
  quantity: BOQ_WORDS.quantity,
  unit: BOQ_WORDS.unit,
  category: BOQ_WORDS.category,
  rate: ['rate', 'unit rate', 'unit price', 'price', 'سعر الوحدة', 'السعر', 'سعر', 'سعر الوحدة ريال', '单价', '综合单价'],
  amount: ['amount', 'total', 'total amount', 'budget', 'value', 'المبلغ', 'الإجمالي', 'اجمالي', 'إجمالي المبلغ', 'القيمة', 'المجموع', 'الميزانية', '金额', '合计', '总价', '预算'],
});

type BudgetIssue = BoqLineIssue | 'missing_amount' | 'amount_not_number';

/** One row of the sheet as a budget line, with its problems (none: it becomes a line). */
export interface BudgetRow extends BoqLine<BudgetIssue> {
  code: string;
  budget_amount: number | null;
}

const cell = (cells: CellValue[], column: number | null): CellValue => (column === null ? null : (cells[column] ?? null));

/** An amount read from a cell: SAR to the halala, null when it is not one. */
function money(raw: number | null): number | null {
  if (raw === null) return null;
  const rounded = roundTo(raw, 2);
  return moneySchema.safeParse(rounded).success ? rounded : null;
}

/** The sheet's rows as budget lines, in file order, each with its problems (`chosen`: categories picked in the preview, by row). */
export function checkBudget(
  rows: ReadonlyArray<{ line: number; cells: CellValue[] }>,
  mapping: BudgetMapping,
  ctx: Pick<BoqContext, 'categories'>,
  chosen: ReadonlyMap<number, string> = new Map(),
): BudgetRow[] {
  const categoryOf = categoryByName(ctx.categories);
  return rows.flatMap(({ line, cells }) => {
    const value = (f: BudgetField) => cell(cells, mapping[f]);
    if (BUDGET_FIELDS.every((f) => isBlank(value(f)))) return [];
    const read = readBoqLine(line, value, ['code'], categoryOf, chosen.get(line));
    if (!read) return [];
    const issues: BudgetIssue[] = [...read.issues];
    let budget_amount: number | null = null;
    const amountCell = value('amount');
    const rateCell = value('rate');
    if (!isBlank(amountCell)) {
      budget_amount = money(parseNumber(amountCell));
      if (budget_amount === null) issues.push('amount_not_number');
    } else if (!isBlank(rateCell)) {
      const rate = parseNumber(rateCell);
      budget_amount = rate === null || read.quantity === null ? null : money(rate * read.quantity);
      // Without a quantity the quantity's own problem says it; a rate that is no number is this one.
      if (budget_amount === null && read.quantity !== null) issues.push('amount_not_number');
    } else issues.push('missing_amount');
    return [{ ...read, code: cleanText(value('code')) || read.item, budget_amount, issues }];
  });
}
