/**
 * Price list files in the browser: reading an XLSX (exceljs) or CSV (papaparse) into rows
 * of cell values, and writing the supplier's products back out in either format. The
 * libraries (and JSZip, which measures an XLSX) are loaded only when a file is read or
 * written, so the products screen does not carry them.
 *
 * XLSX: the first worksheet; a formula gives its cached result (what Excel showed when the
 * file was saved; we never evaluate one); a merged cell gives its value to every cell it
 * covers (a category written once beside a group of rows belongs to each); rich text and
 * links give their text; an error cell (#DIV/0!) its code, which the checks then refuse.
 * CSV: UTF-8 (with or without a byte-order mark), else Windows-1256, the Arabic code page
 * Excel saves "CSV" in on Arabic Windows; the delimiter (comma, semicolon, tab) is
 * detected. Either is measured first and refused past SHEET_LIMITS (sheet-limits.ts), and
 * only the rows and cells a sheet has are read.
 *
 * An export writes the headers in the reader's language (EXPORT_HEADERS, which the import
 * recognises in any language), the product id first so that importing the file again
 * matches every row to its product and changes nothing, prices and stock as numbers, and
 * a CSV with a byte-order mark so Excel reads it as UTF-8 and shows the Arabic. A text
 * that a spreadsheet would run as a formula (=HYPERLINK…) is written with a quote in
 * front, in both formats, and read back without it (spreadsheetText in shared/price-list).
 */
import type { CellValue as ExcelValue, Workbook } from 'exceljs';
import type JSZip from 'jszip';
import {
  EXPORT_HEADERS,
  IMPORT_CELL_MAX,
  PRICE_LIST_FIELDS,
  PRICE_LIST_HEADERS,
  SHEET_LIMITS,
  spreadsheetCell,
  type ColumnMapping,
  type ImportRow,
  type PriceListField,
} from '../../../shared/price-list';
import type { CellValue, ColumnMapping as SheetMapping, HeaderReader } from '../../../shared/sheet-headers';
import { checkCsvGrid, checkFileSize, checkXlsx } from './sheet-limits';

/** A sheet as read for an import whose fields are F (a price list's by default). */
export interface SheetData<F extends string = PriceListField> {
  /** the header row's cells */
  headers: CellValue[];
  /** the rows under it, with their line number in the file (1 = the first line) */
  rows: Array<{ line: number; cells: CellValue[] }>;
  mapping: SheetMapping<F>;
}

export type FileKind = 'xlsx' | 'csv';

export function kindOf(name: string): FileKind | null {
  const ext = name.toLowerCase().split('.').pop();
  return ext === 'xlsx' ? 'xlsx' : ext === 'csv' || ext === 'txt' ? 'csv' : null;
}

/** Starts loading the libraries (when the import panel opens), so a click does not wait for them. */
export function preloadSpreadsheets(): void {
  void import('exceljs').catch(() => undefined);
  void import('jszip').catch(() => undefined);
  void import('papaparse').catch(() => undefined);
}

async function loadExcel() {
  const mod = await import('exceljs');
  return (mod as unknown as { default?: typeof mod }).default ?? mod;
}

/** An exceljs cell value as the checks read it. */
function cellValue(v: ExcelValue | undefined): CellValue {
  if (v == null) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('formula' in v || 'sharedFormula' in v) return cellValue((v as { result?: ExcelValue }).result);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return cellValue((v as { text: ExcelValue }).text);
    if ('error' in v) return String(v.error);
  }
  return String(v);
}

async function loadZip(): Promise<Pick<typeof JSZip, 'loadAsync'>> {
  const mod = await import('jszip');
  return (mod as unknown as { default?: typeof JSZip }).default ?? (mod as unknown as typeof JSZip);
}

/** The sheet's lines (each with its line number in the file), the header found among them. */
function toSheet<F extends string>(lines: Array<{ line: number; cells: CellValue[] }>, reader: HeaderReader<F>): SheetData<F> {
  const at = reader.findHeaderRow(lines.map((l) => l.cells));
  const headers = lines[at]?.cells ?? [];
  return { headers, rows: lines.slice(at + 1), mapping: reader.guessMapping(headers) };
}

async function readXlsxSheet<F extends string>(data: ArrayBuffer, reader: HeaderReader<F>): Promise<SheetData<F>> {
  const [Excel, Zip] = await Promise.all([loadExcel(), loadZip()]);
  await checkXlsx(data, Zip);
  const workbook: Workbook = new Excel.Workbook();
  await workbook.xlsx.load(data);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [], mapping: reader.guessMapping([]) };
  // Only the rows and cells that exist (checkXlsx has bounded where they can be), each row
  // with its own line number; every row as wide as the widest.
  const lines: Array<{ line: number; cells: CellValue[] }> = [];
  let width = 0;
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: CellValue[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column - 1] = cellValue(cell.value);
    });
    width = Math.max(width, cells.length);
    lines.push({ line, cells });
  });
  for (const l of lines) l.cells = Array.from({ length: width }, (_, i) => l.cells[i] ?? null);
  return toSheet(lines, reader);
}

function decodeText(data: ArrayBuffer): string {
  const bytes = new Uint8Array(data);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1256').decode(bytes);
  }
}

async function readCsvSheet<F extends string>(data: ArrayBuffer, reader: HeaderReader<F>): Promise<SheetData<F>> {
  checkFileSize(data.byteLength);
  const Papa = (await import('papaparse')).default;
  // Parsing stops a line past the limit (and one more for the file's final newline).
  const parsed = Papa.parse<string[]>(decodeText(data).replace(/^\ufeff/, ''), { skipEmptyLines: false, preview: SHEET_LIMITS.rows + 2 });
  const grid = parsed.data.map((row) => row.map((c) => (c === '' ? null : c)));
  // papaparse leaves one empty row for the file's final newline
  while (grid.length && grid[grid.length - 1].every((c) => c == null)) grid.pop();
  checkCsvGrid(grid);
  return toSheet(
    grid.map((cells, i) => ({ line: i + 1, cells })),
    reader,
  );
}

/** A file of either kind read for the import whose headers `reader` knows. */
export function readSheet<F extends string>(kind: FileKind, data: ArrayBuffer, reader: HeaderReader<F>): Promise<SheetData<F>> {
  return kind === 'xlsx' ? readXlsxSheet(data, reader) : readCsvSheet(data, reader);
}

/** A price list's file (the headers a price list names). */
export const readXlsx = (data: ArrayBuffer) => readXlsxSheet(data, PRICE_LIST_HEADERS);
export const readCsv = (data: ArrayBuffer) => readCsvSheet(data, PRICE_LIST_HEADERS);

export function readPriceList(kind: FileKind, data: ArrayBuffer): Promise<SheetData> {
  return readSheet(kind, data, PRICE_LIST_HEADERS);
}

/** The rows to check and send, their cells picked by the mapping. */
export function toImportRows(sheet: SheetData, mapping: ColumnMapping): ImportRow[] {
  return sheet.rows.map(({ line, cells }) => {
    const values: Partial<Record<PriceListField, CellValue>> = {};
    for (const field of PRICE_LIST_FIELDS) {
      const col = mapping[field];
      if (col !== null && col !== undefined) {
        const v = cells[col];
        values[field] = v === undefined ? null : typeof v === 'string' ? v.slice(0, IMPORT_CELL_MAX) : v;
      }
    }
    return { line, values };
  });
}

// --- export ----------------------------------------------------------------------------

export type ExportLine = Record<PriceListField, string | number | null>;
export type ExportLanguage = keyof typeof EXPORT_HEADERS;

/** A line's cells in the headers' order, text neutralised against formulas (spreadsheetCell). */
const exportCells = (l: ExportLine) => PRICE_LIST_FIELDS.map((f) => spreadsheetCell(l[f]));

export function exportCsv(lines: ExportLine[], language: ExportLanguage, Papa: Pick<typeof import('papaparse'), 'unparse'>): string {
  const headers = PRICE_LIST_FIELDS.map((f) => EXPORT_HEADERS[language][f]);
  const data = lines.map((l) => exportCells(l).map((v) => v ?? ''));
  // Every text cell in double quotes (OWASP): a spreadsheet that splits on another
  // separator (";" in Arabic and European settings) cannot start a cell inside one.
  const body = data.length ? `${Papa.unparse(data, { quotes: (value) => typeof value === 'string' && value !== '' })}\r\n` : '';
  return `\ufeff${Papa.unparse([headers])}\r\n${body}`;
}

export async function exportCsvFile(lines: ExportLine[], language: ExportLanguage): Promise<Blob> {
  const Papa = (await import('papaparse')).default;
  return new Blob([exportCsv(lines, language, Papa)], { type: 'text/csv;charset=utf-8' });
}

export async function exportXlsx(lines: ExportLine[], language: ExportLanguage): Promise<ArrayBuffer> {
  const Excel = await loadExcel();
  const workbook: Workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('Products', { views: [{ rightToLeft: language === 'ar', state: 'frozen', ySplit: 1 }] });
  sheet.columns = PRICE_LIST_FIELDS.map((f) => ({
    header: EXPORT_HEADERS[language][f],
    key: f,
    width: f === 'id' ? 38 : f === 'name' || f === 'description' ? 36 : 14,
  }));
  sheet.getRow(1).font = { bold: true };
  // Text cells are string cells (exceljs makes a formula only of a { formula } value),
  // neutralised as in the CSV for a spreadsheet that re-reads a cell once it is edited.
  sheet.addRows(lines.map(exportCells));
  // Inline strings: every name is different, so a shared-strings table only costs time.
  return (await workbook.xlsx.writeBuffer({ useSharedStrings: false })) as ArrayBuffer;
}

export async function exportXlsxFile(lines: ExportLine[], language: ExportLanguage): Promise<Blob> {
  return new Blob([await exportXlsx(lines, language)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
