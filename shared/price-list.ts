/**
 * Price lists: the one set of rules for reading a supplier's spreadsheet, used by the
 * browser's preview and again by the server when it applies the import (the server never
 * trusts the preview). The browser reads the file (XLSX or CSV) into rows of cell values
 * and a header mapping; everything after that is here: recognising headers, reading
 * numbers as people write them, checking each row, matching it to a product.
 *
 * Numbers are read by shared/numbers.ts, as every form reads them ("١٬٢٥٠٫٥٠ ر.س" is
 * 1250.5, "12,5" is 12.5, "1,250" is 1250), and rounded to the columns' scale there
 * (a formula's cached result such as 14.949999999 is 14.95).
 */
import { z } from 'zod';
import { categoryByName, cleanText, headerReader, isBlank, type CellValue, type ColumnMapping as SheetMapping } from './sheet-headers';
import { parseNumber, roundPrice, roundStock } from './numbers';
import { MAX, moneySchema, stockSchema, uuidSchema } from './schemas/common';
import { requiredName, requiredText } from './schemas/common';

export { cleanText, type CellValue };

export const PRICE_LIST_FIELDS = ['id', 'sku', 'name', 'price', 'unit', 'stock', 'category', 'description'] as const;
export type PriceListField = (typeof PRICE_LIST_FIELDS)[number];

type RowValues = Partial<Record<PriceListField, CellValue>>;

/** The headers an export writes, per language; the import recognises every one of them. */
export const EXPORT_HEADERS: Record<'ar' | 'en' | 'zh', Record<PriceListField, string>> = {
  ar: { id: 'المعرف', sku: 'رمز المنتج', name: 'الاسم', price: 'السعر', unit: 'الوحدة', stock: 'المخزون', category: 'الفئة', description: 'الوصف' },
  en: { id: 'ID', sku: 'SKU', name: 'Name', price: 'Price', unit: 'Unit', stock: 'Stock', category: 'Category', description: 'Description' },
  zh: { id: '编号', sku: '产品编码', name: '名称', price: '价格', unit: '单位', stock: '库存', category: '类别', description: '描述' },
};

/** Header words recognised per field (compared after normaliseHeader), beside the export headers. */
const HEADER_ALIASES: Record<PriceListField, string[]> = {
  id: ['id', 'product id', 'المعرف', 'معرف المنتج', '编号', 'ID'],
  sku: ['sku', 'code', 'item code', 'product code', 'رمز المنتج', 'الرمز', 'رمز', 'كود', 'كود المنتج', '产品编码', '货号', '编码'],
  name: ['name', 'product', 'product name', 'item', 'item name', 'الاسم', 'اسم المنتج', 'المنتج', 'الصنف', '名称', '产品名称', '品名'],
  price: ['price', 'unit price', 'price sar', 'السعر', 'سعر', 'سعر الوحدة', 'السعر ر.س', '价格', '单价'],
  unit: ['unit', 'uom', 'الوحدة', 'وحدة', 'وحدة القياس', '单位'],
  stock: ['stock', 'quantity', 'qty', 'stock quantity', 'in stock', 'المخزون', 'الكمية', 'الكمية المتوفرة', '库存', '数量'],
  category: ['category', 'الفئة', 'التصنيف', 'القسم', '类别', '分类'],
  description: ['description', 'details', 'الوصف', 'وصف', 'التفاصيل', '描述', '说明'],
};

/** How a price list's headers are recognised: the aliases and every language's export headers. */
export const PRICE_LIST_HEADERS = headerReader(
  PRICE_LIST_FIELDS,
  Object.fromEntries(PRICE_LIST_FIELDS.map((f) => [f, [...HEADER_ALIASES[f], ...Object.values(EXPORT_HEADERS).map((h) => h[f])]])) as Record<PriceListField, string[]>,
);

/** Column index per field (null: not in the file). The supplier may change it before applying. */
export type ColumnMapping = SheetMapping<PriceListField>;

// --- formulas --------------------------------------------------------------------------

/**
 * The characters that make a spreadsheet read a text cell as a formula when they come
 * first (OWASP, CSV Injection: = + - @, tab, carriage return; ASVS 1.2.10 adds NUL), with
 * the line feed, and the full-width ＝ ＋ － ＠ that Excel accepts for them on East Asian
 * input; and the quote itself, so that a text that starts with a quote round-trips too.
 */
const NEEDS_QUOTE = /^[=+\-@\t\r\n\0\uff1d\uff0b\uff0d\uff20']/;
const QUOTED = /^'[=+\-@\t\r\n\0\uff1d\uff0b\uff0d\uff20']/;

/**
 * A text cell as every export writes it (CSV and XLSX), so no spreadsheet runs it as a
 * formula. The rule, both ways:
 * - export: a text that starts with = + - @ ＝ ＋ － ＠, a tab, a carriage return, a line
 *   feed, NUL or a quote ' gets one quote ' in front ("=1+1" is written "'=1+1", "'x" is
 *   written "''x"); any other text is written as it is;
 * - import (fromSpreadsheetText): a text that starts with a quote followed by one of those
 *   same characters loses that first quote; any other text is read as it is.
 * So every text reads back exactly as it was exported. Numbers are not text: a price of
 * -5 stays the number -5 in its cell. A quote a supplier typed before one of those
 * characters in their own file is read as this escape ("'-5 mm" is "-5 mm").
 */
export function spreadsheetText(text: string): string {
  return NEEDS_QUOTE.test(text) ? `'${text}` : text;
}

/** A text cell as the import reads it: the inverse of spreadsheetText. */
export function fromSpreadsheetText(text: string): string {
  return QUOTED.test(text) ? text.slice(1) : text;
}

/** A cell of an export: text neutralised by spreadsheetText, numbers and empty cells as they are. */
export function spreadsheetCell(value: CellValue | undefined): CellValue {
  return typeof value === 'string' ? spreadsheetText(value) : (value ?? null);
}

/** A row's cells as the checks read them: text cells back from their export form. */
function readCells(values: RowValues): RowValues {
  const read: RowValues = {};
  for (const field of PRICE_LIST_FIELDS) {
    const v = values[field];
    if (v !== undefined) read[field] = typeof v === 'string' ? fromSpreadsheetText(v) : v;
  }
  return read;
}

// --- rows ------------------------------------------------------------------------------

/** Why a row cannot be applied, as a code the reader's language translates. */
export const ROW_ISSUES = [
  'missing_name',
  'missing_price',
  'missing_unit',
  'price_not_number',
  'stock_not_number',
  'unknown_category',
  'duplicate_sku',
  'duplicate_id',
  'unknown_id',
  'text_too_long',
  'plan_limit',
] as const;
export type RowIssue = (typeof ROW_ISSUES)[number];

/** The longest text cell read: the longest field, and the quote of a neutralised cell (spreadsheetText). */
export const IMPORT_CELL_MAX = MAX.text + 1;

/** One line of the file as sent to apply: its line number and its cells by field. */
const cellSchema = z.union([z.string().max(IMPORT_CELL_MAX), z.number(), z.null()]);
const importRowSchema = z.strictObject({
  line: z.number().int().min(1).max(1_000_000),
  values: z.strictObject(Object.fromEntries(PRICE_LIST_FIELDS.map((f) => [f, cellSchema.optional()])) as Record<PriceListField, z.ZodOptional<typeof cellSchema>>),
});
export type ImportRow = z.infer<typeof importRowSchema>;

const IMPORT_MAX_ROWS = 20_000;
/** The apply's request body (server/app.ts): 20,000 rows of a few cells each fit in it. */
export const IMPORT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * What the browser reads of a price list file, measured before it is read: a 6 KB XLSX
 * can name a cell at XFD1048576 (a walk of 17 billion cells) and a small zip can unzip to
 * gigabytes, so the file, its zip's parts, and the rows and columns its sheets reach are
 * checked first, and past a limit the file is refused with the limit named (SHEET_REFUSALS).
 * An export of 20,000 products is a 1.3 MB file unzipping to 10 MB, compressed 9 times.
 */
export const SHEET_LIMITS = {
  /** the file as chosen, and any one part of an XLSX unzipped */
  fileBytes: 50 * 1024 * 1024,
  /** all the parts of an XLSX together, unzipped */
  unzippedBytes: 50 * 1024 * 1024,
  /** unzipped over zipped size of a part of more than 1 MB (a sheet of text is about 10) */
  compressionRatio: 100,
  /** parts in an XLSX (a workbook with a few sheets and pictures has dozens) */
  parts: 1000,
  /** the row a sheet reaches: the import's rows, and a title, a header and blank lines above them */
  rows: IMPORT_MAX_ROWS + 100,
  /** the column a sheet reaches (AX): an export has 8 */
  columns: 50,
} as const;

/** Why the browser refuses to read a file, as a code the reader's language translates. */
export const SHEET_REFUSALS = [
  'file_too_large',
  'unzipped_too_large',
  /** a part of the zip unzips to more than the zip's own index states */
  'zip_sizes_wrong',
  'compression_ratio',
  'too_many_parts',
  'too_many_rows',
  'too_many_columns',
] as const;
export type SheetRefusal = (typeof SHEET_REFUSALS)[number];

/** The longest file name an import keeps (the browser cuts a longer one to it). */
export const IMPORT_FILE_NAME_MAX = MAX.short;

/** all: every row or none (one problem stops the import); valid: the rows without problems. */
const importModeSchema = z.enum(['all', 'valid']);
export type ImportMode = z.infer<typeof importModeSchema>;

/** POST /api/products/imports. */
export const importApplySchema = z.strictObject({
  mode: importModeSchema,
  file_name: z.string().trim().max(IMPORT_FILE_NAME_MAX).nullable().optional(),
  rows: z.array(importRowSchema).min(1).max(IMPORT_MAX_ROWS),
});
export type ImportApply = z.infer<typeof importApplySchema>;

/** What the import knows of the supplier's products and the catalogue before it reads a row. */
export interface ImportContext {
  products: Array<{ id: string; sku: string | null; price: number; stock_quantity: number | null }>;
  categories: Array<{ id: string; slug: string; name_ar: string; name_en: string; name_zh: string }>;
  /** how many more products the plan allows; null: no limit */
  room: number | null;
}

type RowAction = 'create' | 'update' | 'unchanged' | 'invalid';

/** A row as read: its values in the product's terms, what it would do and its problems. */
export interface CheckedRow {
  line: number;
  action: RowAction;
  issues: RowIssue[];
  product_id: string | null;
  sku: string | null;
  name: string | null;
  price: number | null;
  unit: string | null;
  stock: number | null;
  category_id: string | null;
  description: string | null;
  /** for an update: the price and stock before */
  before?: { price: number; stock_quantity: number | null };
}


/**
 * The id column as one of our product ids: only a uuid counts. A supplier's own numbering
 * under a header such as "ID" (1, 2, 3) is not ours and is left alone.
 */
function ownIdText(raw: CellValue | undefined): string | null {
  const text = cleanText(raw).toLowerCase();
  return text && uuidSchema.safeParse(text).success ? text : null;
}

const nameSchema = requiredName(MAX.name);
const unitSchema = requiredText(MAX.unit);

/** Whether a row has nothing in any of its cells (an empty line of the sheet). */
export function isEmptyRow(row: ImportRow): boolean {
  return PRICE_LIST_FIELDS.every((f) => isBlank(row.values[f]));
}

/**
 * Checks every row against the supplier's products and the catalogue: the same answer in
 * the browser's preview and in the server's apply. Empty rows are left out. A row with
 * the id of one of the supplier's products, or else a SKU they already use, updates that
 * product's price and stock (its availability follows a tracked stock); any other row is
 * a new product and needs a name, a price and a unit. A SKU or id twice in the file marks
 * every row that has it. New products past the plan's room are refused, in file order.
 */
export function checkRows(rows: ImportRow[], ctx: ImportContext): CheckedRow[] {
  const byId = new Map(ctx.products.map((p) => [p.id, p]));
  const bySku = new Map(ctx.products.filter((p) => p.sku).map((p) => [p.sku as string, p]));
  const categoryOf = categoryByName(ctx.categories);
  const skuCount = new Map<string, number>();
  const idCount = new Map<string, number>();
  const present = rows.filter((r) => !isEmptyRow(r)).map((r) => ({ line: r.line, values: readCells(r.values) }));
  for (const r of present) {
    const sku = cleanText(r.values.sku);
    if (sku) skuCount.set(sku, (skuCount.get(sku) ?? 0) + 1);
    const id = ownIdText(r.values.id);
    if (id) idCount.set(id, (idCount.get(id) ?? 0) + 1);
  }
  let room = ctx.room;
  return present.map((r) => {
    const v = r.values;
    const issues: RowIssue[] = [];
    const sku = cleanText(v.sku) || null;
    const idText = ownIdText(v.id);
    const name = cleanText(v.name) || null;
    const unit = cleanText(v.unit) || null;
    const description = cleanText(v.description) || null;
    const categoryText = cleanText(v.category);
    const rawPrice = parseNumber(v.price);
    const rawStock = parseNumber(v.stock);
    let price: number | null = null;
    if (rawPrice !== null) {
      const rounded = roundPrice(rawPrice);
      if (moneySchema.safeParse(rounded).success) price = rounded;
      else issues.push('price_not_number');
    }
    let stock: number | null = null;
    if (rawStock !== null) {
      const rounded = roundStock(rawStock);
      if (stockSchema.safeParse(rounded).success) stock = rounded;
      else issues.push('stock_not_number');
    }
    let category_id: string | null = null;
    if (categoryText) {
      category_id = categoryOf(categoryText);
      if (!category_id) issues.push('unknown_category');
    }
    if (sku && (skuCount.get(sku) ?? 0) > 1) issues.push('duplicate_sku');
    if (idText && (idCount.get(idText) ?? 0) > 1) issues.push('duplicate_id');
    if ((sku && sku.length > MAX.sku) || (name && name.length > MAX.name) || (unit && unit.length > MAX.unit) || (description && description.length > MAX.text)) {
      issues.push('text_too_long');
    }
    let existing = idText ? byId.get(idText) : undefined;
    if (idText && !existing) issues.push('unknown_id');
    existing ??= sku ? bySku.get(sku) : undefined;
    const row: CheckedRow = { line: r.line, action: 'invalid', issues, product_id: existing?.id ?? null, sku, name, price, unit, stock, category_id, description };
    if (existing) {
      row.before = { price: existing.price, stock_quantity: existing.stock_quantity };
      if (!issues.length) {
        const changed = (price !== null && price !== existing.price) || (stock !== null && stock !== existing.stock_quantity);
        row.action = changed ? 'update' : 'unchanged';
      }
      return row;
    }
    if (!name) issues.push('missing_name');
    else if (!nameSchema.safeParse(name).success && !issues.includes('text_too_long')) issues.push('text_too_long');
    if (rawPrice === null) issues.push('missing_price');
    if (!unit) issues.push('missing_unit');
    else if (!unitSchema.safeParse(unit).success && !issues.includes('text_too_long')) issues.push('text_too_long');
    if (!issues.length) {
      if (room !== null && room <= 0) issues.push('plan_limit');
      else {
        if (room !== null) room -= 1;
        row.action = 'create';
      }
    }
    return row;
  });
}

/** Counts of a checked file, as the preview and the report show them. */
export interface ImportSummary {
  create: number;
  update: number;
  unchanged: number;
  invalid: number;
}

export function summarise(rows: CheckedRow[]): ImportSummary {
  const s: ImportSummary = { create: 0, update: 0, unchanged: 0, invalid: 0 };
  for (const r of rows) s[r.action] += 1;
  return s;
}

/** A line with its problems, as a refused apply and an import's report name them. */
export interface LineIssues {
  line: number;
  issues: string[];
}

/**
 * The details of a refused apply (400 import_invalid): one per problem, its path
 * `line:<n>` and its code the issue. The server writes them, the browser reads them back
 * with issuesByLine.
 */
export function rowIssueDetails(rows: CheckedRow[]): Array<{ path: string; message: RowIssue; code: RowIssue }> {
  return rows.flatMap((r) => r.issues.map((issue) => ({ path: `line:${r.line}`, message: issue, code: issue })));
}

/** rowIssueDetails read back: each line once, its problems in order (a detail of another shape is left out). */
export function issuesByLine(details: ReadonlyArray<{ path: string; message: string; code?: string }>): LineIssues[] {
  const byLine = new Map<number, string[]>();
  for (const d of details) {
    const m = /^line:(\d+)$/.exec(d.path);
    if (!m) continue;
    const line = Number(m[1]);
    byLine.set(line, [...(byLine.get(line) ?? []), d.code ?? d.message]);
  }
  return [...byLine].map(([line, issues]) => ({ line, issues }));
}

/** The answer of an apply and of a read of the last import. */
export const importReportSchema = z.object({
  id: uuidSchema,
  created_at: z.string(),
  undone_at: z.string().nullable(),
  file_name: z.string().nullable(),
  mode: importModeSchema,
  summary: z.object({ create: z.number(), update: z.number(), unchanged: z.number(), invalid: z.number() }),
  /** the rows not applied, with their problems */
  invalid: z.array(z.object({ line: z.number(), issues: z.array(z.enum(ROW_ISSUES)) })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** A product's line in an export, in the field order of the headers. */
export function exportRow(
  p: { id: string; sku: string | null; name: string; price: number; unit: string; stock_quantity: number | null; description: string | null },
  categoryName: string | null,
): Record<PriceListField, string | number | null> {
  return { id: p.id, sku: p.sku, name: p.name, price: p.price, unit: p.unit, stock: p.stock_quantity, category: categoryName, description: p.description };
}
