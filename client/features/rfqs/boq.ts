/**
 * A bill of quantities read into RFQ lines: the headers a contractor's sheet uses for
 * each field (Arabic, English, Chinese), and each row checked as a line: a description,
 * a quantity read as people write it (shared/numbers.ts: "١٬٢٠٠" is 1200) and a unit are
 * required; a category named in any language and a SKU of a catalogue product are
 * optional, but one that names nothing we know is a problem, not silently dropped.
 * Empty rows and a row with only a number under the quantity (a subtotal) are left out.
 *
 * The item number (البند, Item, No., 序号) is a field of its own, so it is never taken for
 * the description: a Saudi bill's first column "البند" holds 1, 2, 3, and a description
 * read from it says nothing. It is shown in the preview, where the contractor finds a
 * problem row by the number their own sheet gives it, and is not carried into the line:
 * the request keeps the sheet's order and numbers its lines itself, and a number put in
 * front of the description would stand between a supplier and the material's name (the
 * description is what they read, search and quote against).
 */
import { MAX, quantitySchema } from '../../../shared/schemas/common';
import { parseNumber, roundTo } from '../../../shared/numbers';
import { categoryByName, cleanText, headerReader, isBlank, type CellValue, type ColumnMapping } from '../../../shared/sheet-headers';

export const BOQ_FIELDS = ['item', 'description', 'quantity', 'unit', 'category', 'sku'] as const;
export type BoqField = (typeof BOQ_FIELDS)[number];
export type BoqMapping = ColumnMapping<BoqField>;

/** The fields every bill of quantities is read for, whatever it is read into (an RFQ's lines, a site's budget). */
export type BoqLineField = Exclude<BoqField, 'sku'>;

/** Header words per field, compared folded (case, Arabic letter forms, punctuation). */
export const BOQ_WORDS = {
  item: [
    'item',
    'item no',
    'item number',
    'item #',
    'no',
    'number',
    '#',
    's n',
    'sn',
    'sr',
    'sr no',
    'serial',
    'ref',
    'البند',
    'بند',
    'رقم البند',
    'م',
    'رقم',
    'الرقم',
    'مسلسل',
    'التسلسل',
    'ت',
    '序号',
    '项目编号',
    '编号',
  ],
  description: [
    'description',
    'item description',
    'description of work',
    'material',
    'materials',
    'work item',
    'الوصف',
    'وصف',
    'وصف البند',
    'البيان',
    'المادة',
    'المواد',
    'الصنف',
    '描述',
    '项目名称',
    '项目特征',
    '材料',
    '名称',
  ],
  quantity: ['quantity', 'qty', 'quantities', 'الكمية', 'كمية', 'الكميات', 'العدد', '数量'],
  unit: ['unit', 'uom', 'u.o.m', 'unit of measure', 'الوحدة', 'وحدة', 'وحدة القياس', '单位'],
  category: ['category', 'الفئة', 'التصنيف', 'القسم', 'الفئه', '类别', '分类'],
  sku: ['sku', 'code', 'item code', 'product code', 'رمز المنتج', 'الرمز', 'رمز', 'كود', 'كود المنتج', '产品编码', '编码', '货号'],
} as const satisfies Record<BoqField, readonly string[]>;
export const BOQ_HEADERS = headerReader(BOQ_FIELDS, BOQ_WORDS);

const BOQ_ISSUES = ['missing_description', 'missing_quantity', 'quantity_not_number', 'missing_unit', 'unknown_category', 'unknown_sku', 'text_too_long'] as const;
type BoqIssue = (typeof BOQ_ISSUES)[number];
/** The problems any bill of quantities' row may have (the RFQ's SKU aside). */
export type BoqLineIssue = Exclude<BoqIssue, 'unknown_sku'>;

/** What every bill of quantities reads of a row, with its problems (none: it becomes a line). */
export interface BoqLine<I extends string = BoqLineIssue> {
  line: number;
  /** the sheet's own item number, as written ('' when the sheet has none) */
  item: string;
  description: string;
  quantity: number | null;
  unit: string;
  category_id: string | null;
  issues: I[];
}

/** One row of the sheet as an RFQ line, with its problems (none: it becomes a line). */
export interface BoqRow extends BoqLine<BoqIssue> {
  product_id: string | null;
}

export interface BoqContext {
  categories: ReadonlyArray<{ id: string; slug: string; name_ar: string; name_en: string; name_zh: string }>;
  /** catalogue products a SKU may name (with the product's category, which a line without one takes) */
  products: ReadonlyArray<{ id: string; sku: string | null; category_id: string | null }>;
}

const cell = (cells: CellValue[], column: number | null): CellValue => (column === null ? null : (cells[column] ?? null));

/**
 * A row of a sheet as a line, the fields every bill of quantities has: null for an empty
 * row and for a row with nothing but numbers (a subtotal), that is one with no text under
 * the line's fields nor under `texts` (the reader's other text fields). `chosen` is the
 * category the contractor picked for the row in the preview, standing in for the sheet's.
 */
export function readBoqLine<F extends string>(
  line: number,
  value: (f: BoqLineField | F) => CellValue,
  texts: readonly F[],
  categoryOf: (text: string) => string | null,
  chosen: string | undefined,
): BoqLine | null {
  const description = cleanText(value('description'));
  const unit = cleanText(value('unit'));
  const quantityCell = value('quantity');
  // A row with nothing but a number under the quantity (a subtotal) is not a line.
  if (!description && !unit && isBlank(value('category')) && texts.every((f) => isBlank(value(f)))) return null;
  const issues: BoqLineIssue[] = [];
  if (!description) issues.push('missing_description');
  let quantity: number | null = null;
  if (isBlank(quantityCell)) issues.push('missing_quantity');
  else {
    const read = parseNumber(quantityCell);
    const rounded = read === null ? null : roundTo(read, 1);
    if (rounded !== null && quantitySchema.safeParse(rounded).success) quantity = rounded;
    else issues.push('quantity_not_number');
  }
  if (!unit) issues.push('missing_unit');
  const categoryText = cleanText(value('category'));
  const category_id = chosen ?? (categoryText ? categoryOf(categoryText) : null);
  if (categoryText && !category_id) issues.push('unknown_category');
  if (description.length > MAX.text || unit.length > MAX.unit) issues.push('text_too_long');
  return { line, item: cleanText(value('item')), description, quantity, unit, category_id, issues };
}

/**
 * The sheet's rows as lines, in file order, each with its problems. `chosen` holds the
 * categories the contractor picked in the preview, by row: a picked category stands in
 * for the one the sheet names, so a row whose category was not recognised is fixed where
 * it is shown instead of being left out.
 */
export function checkBoq(
  rows: ReadonlyArray<{ line: number; cells: CellValue[] }>,
  mapping: BoqMapping,
  ctx: BoqContext,
  chosen: ReadonlyMap<number, string> = new Map(),
): BoqRow[] {
  const categoryOf = categoryByName(ctx.categories);
  const bySku = new Map(ctx.products.filter((p) => p.sku).map((p) => [cleanText(p.sku).toLowerCase(), p]));
  return rows.flatMap(({ line, cells }) => {
    const value = (f: BoqField) => cell(cells, mapping[f]);
    if (BOQ_FIELDS.every((f) => isBlank(value(f)))) return [];
    const read = readBoqLine(line, value, ['sku'], categoryOf, chosen.get(line));
    if (!read) return [];
    const issues: BoqIssue[] = [...read.issues];
    const skuText = cleanText(value('sku')).toLowerCase();
    const product = skuText ? bySku.get(skuText) : undefined;
    // Said before a text's length, in the order the row's problems have always been listed.
    if (skuText && !product) issues.splice(issues.includes('text_too_long') ? -1 : issues.length, 0, 'unknown_sku');
    return [{ ...read, category_id: read.category_id ?? product?.category_id ?? null, product_id: product?.id ?? null, issues }];
  });
}
