/**
 * Hostile spreadsheets, built here byte by byte, read as the browser reads them: each is
 * refused before the reader library sees it, with the limit it passed; ordinary files
 * still read.
 */
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SHEET_LIMITS, SHEET_REFUSALS } from '../../../shared/price-list';
import ar from '../../i18n/locales/ar/price-list.json';
import en from '../../i18n/locales/en/price-list.json';
import zh from '../../i18n/locales/zh/price-list.json';
import { SheetRefused, columnLetters } from './sheet-limits';
import { readCsv, readXlsx } from './spreadsheet';

const MB = 1024 * 1024;

interface Part {
  name: string;
  text: string | Buffer;
  /** the unzipped size the central directory states, when it lies */
  declare?: number;
}

const deflated = new Map<Buffer, Buffer>();

/** A zip (deflated parts), written by hand so its sizes can be what a test needs. */
function zip(parts: Part[]): ArrayBuffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const data = Buffer.isBuffer(p.text) ? p.text : Buffer.from(p.text);
    const packed = deflated.get(data) ?? zlib.deflateRawSync(data, { level: 9 });
    if (Buffer.isBuffer(p.text)) deflated.set(p.text, packed);
    const name = Buffer.from(p.name);
    const size = p.declare ?? data.length;
    const fields = (h: Buffer, at: number) => {
      h.writeUInt16LE(20, at); // version needed
      h.writeUInt16LE(0, at + 2); // flags
      h.writeUInt16LE(8, at + 4); // deflate
      h.writeUInt32LE(0, at + 6); // time, date
      h.writeUInt32LE(zlib.crc32(data), at + 10);
      h.writeUInt32LE(packed.length, at + 14);
      h.writeUInt32LE(size, at + 18);
      h.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // version made by
    fields(entry, 6);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  const all = Buffer.concat([...locals, dir, end]);
  return all.buffer.slice(all.byteOffset, all.byteOffset + all.length) as ArrayBuffer;
}

/** The smallest XLSX exceljs reads: one sheet with the XML given. */
function xlsx(sheetXml: string | Buffer, declare?: number): ArrayBuffer {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zip([
    {
      name: '[Content_Types].xml',
      text: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    },
    { name: '_rels/.rels', text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', text: `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns}><sheets><sheet name="Prices" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>` },
    { name: 'xl/worksheets/sheet1.xml', text: sheetXml, declare },
  ]);
}

const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const text = (ref: string, t: string) => `<c r="${ref}" t="inlineStr"><is><t>${t}</t></is></c>`;
const HEAD = `<row r="1">${text('A1', 'Name')}${text('B1', 'Price')}${text('C1', 'Unit')}</row><row r="2">${text('A2', 'Sand')}<c r="B2"><v>12</v></c>${text('C2', 'bag')}</row>`;
const sheet = (data: string, extra = '', dimension = 'A1:C2') => `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><dimension ref="${dimension}"/><sheetData>${HEAD}${data}</sheetData>${extra}</worksheet>`;

/** The refusal a read ends with (it must end with one, not a result). */
async function refusal(read: Promise<unknown>): Promise<SheetRefused> {
  const outcome = await read.then(
    () => null,
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(SheetRefused);
  return outcome as SheetRefused;
}

describe('an XLSX that reaches far', () => {
  it('is refused at a cell at XFD1048576 (6 KB, 17 billion cells to walk), naming the row limit', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Prices');
    ws.getRow(1).values = ['Name', 'Price', 'Unit'];
    ws.getCell('XFD1048576').value = 'x';
    const file = (await wb.xlsx.writeBuffer()) as ArrayBuffer;
    expect(file.byteLength).toBeLessThan(10_000);
    expect(await refusal(readXlsx(file))).toMatchObject({ code: 'too_many_rows', limit: SHEET_LIMITS.rows, found: 1_048_576 });
  });

  it.each([
    ['a cell in column XFD', `<row r="3">${text('XFD3', 'x')}</row>`, '', 'A1:C2', 'too_many_columns', 'XFD'],
    ['a merged range down the whole sheet', '', '<mergeCells count="1"><mergeCell ref="A3:C1048576"/></mergeCells>', 'A1:C2', 'too_many_rows', 1_048_576],
    ['a validation over whole columns', '', '<dataValidations count="1"><dataValidation type="list" sqref="D2 E:E"><formula1>"a,b"</formula1></dataValidation></dataValidations>', 'A1:C2', 'too_many_rows', 1_048_576],
    ['a dimension of the whole sheet', '', '', 'A1:XFD1048576', 'too_many_rows', 1_048_576],
    ['a row numbered past the limit', `<row r="${SHEET_LIMITS.rows + 1}">${text(`A${SHEET_LIMITS.rows + 1}`, 'x')}</row>`, '', 'A1:C2', 'too_many_rows', SHEET_LIMITS.rows + 1],
    ['cells without addresses, one after another', `<row r="3">${'<c t="inlineStr"><is><t>x</t></is></c>'.repeat(SHEET_LIMITS.columns + 1)}</row>`, '', 'A1:C2', 'too_many_columns', columnLetters(SHEET_LIMITS.columns + 1)],
  ])('is refused for %s', async (_, data, extra, dimension, code, found) => {
    expect(await refusal(readXlsx(xlsx(sheet(data, extra, dimension))))).toMatchObject({ code, found });
  });

  it('reads a sheet within the limits, only the rows and cells it has, with their line numbers', async () => {
    const last = SHEET_LIMITS.rows;
    const file = xlsx(sheet(`<row r="${last}">${text(`A${last}`, 'Cement')}${text(`AX${last}`, 'far')}</row>`, '', `A1:AX${last}`));
    const read = await readXlsx(file);
    expect(read.headers.slice(0, 3)).toEqual(['Name', 'Price', 'Unit']);
    expect(read.rows.map((r) => [r.line, r.cells[0], r.cells[1], r.cells[49]])).toEqual([
      [2, 'Sand', 12, null],
      [last, 'Cement', null, 'far'],
    ]);
    expect(read.mapping).toMatchObject({ name: 0, price: 1, unit: 2 });
  });
});

describe('an XLSX that unzips to much more than it weighs', () => {
  const padded = (bytes: number) => Buffer.concat([Buffer.from(sheet('').replace('</worksheet>', '')), Buffer.alloc(bytes, ' '), Buffer.from('</worksheet>')]);
  const bomb = padded(200 * MB);

  it('is refused from the sizes its zip states (210 KB unzipping to 200 MB), before unzipping', async () => {
    const file = xlsx(bomb);
    expect(file.byteLength).toBeLessThan(400_000);
    expect(await refusal(readXlsx(file))).toMatchObject({ code: 'unzipped_too_large', limit: 50, found: 201 });
  });

  it('is refused while unzipping when its zip states a small size but holds 200 MB', async () => {
    const file = xlsx(bomb, 1000);
    expect(await refusal(readXlsx(file))).toMatchObject({ code: 'zip_sizes_wrong' });
  });


  it('is refused when a part is compressed past the ratio a sheet has', async () => {
    const file = xlsx(padded(5 * MB));
    expect(await refusal(readXlsx(file))).toMatchObject({ code: 'compression_ratio', limit: SHEET_LIMITS.compressionRatio });
  });

  it('is refused past the file size', async () => {
    const file = new ArrayBuffer(SHEET_LIMITS.fileBytes + 1);
    expect(await refusal(readXlsx(file))).toMatchObject({ code: 'file_too_large', limit: 50, found: 51 });
  });

  it('reads an ordinary file built the same way', async () => {
    const read = await readXlsx(xlsx(sheet('')));
    expect(read.rows).toEqual([{ line: 2, cells: ['Sand', 12, 'bag'] }]);
  });
});

describe('a CSV that reaches far', () => {
  const csv = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;

  it('is refused a row past the limit, and read at the limit', async () => {
    const lines = (n: number) => `Name,Price,Unit\r\n${'Sand,12,bag\r\n'.repeat(n - 1)}`;
    expect(await refusal(readCsv(csv(lines(SHEET_LIMITS.rows + 1))))).toMatchObject({ code: 'too_many_rows', limit: SHEET_LIMITS.rows, found: SHEET_LIMITS.rows + 1 });
    expect((await readCsv(csv(lines(SHEET_LIMITS.rows)))).rows.length).toBe(SHEET_LIMITS.rows - 1);
  });

  it('is refused a column past the limit, and not for empty cells after the last', async () => {
    const wide = `Name,Price,Unit\r\nSand,12,bag${',x'.repeat(SHEET_LIMITS.columns - 2)}\r\n`;
    expect(await refusal(readCsv(csv(wide)))).toMatchObject({ code: 'too_many_columns', limit: 'AX', found: 'AY' });
    const trailing = `Name,Price,Unit${','.repeat(200)}\r\nSand,12,bag${','.repeat(200)}\r\n`;
    expect((await readCsv(csv(trailing))).rows[0].cells.slice(0, 3)).toEqual(['Sand', '12', 'bag']);
  });
});

describe('refusal messages', () => {
  it.each([['ar', ar], ['en', en], ['zh', zh]] as const)('every refusal has a message in %s, naming the limit it passed', (_, strings) => {
    for (const code of SHEET_REFUSALS) {
      const message = (strings.refusals as Record<string, string>)[code];
      expect(message, code).toMatch(/\S/);
      if (code !== 'zip_sizes_wrong') expect(message, code).toContain('{{limit}}');
    }
  });
});
