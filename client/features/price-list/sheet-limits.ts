/**
 * The measures of a price list file taken before it is read (SHEET_LIMITS in
 * shared/price-list.ts), so that a small hostile file cannot hold the browser for minutes
 * or take gigabytes. The reader library (exceljs) unzips every part of an XLSX whole and
 * builds a cell for every address a merged range or a data validation covers, so an XLSX
 * is checked in three steps, each refusing with the limit it passed (SheetRefused):
 * 1. the zip's central directory (JSZip, which exceljs itself uses): the number of parts,
 *    each part's declared unzipped size, their sum and each large part's compression ratio;
 * 2. every part unzipped as a stream and counted, stopping as soon as it passes its
 *    declared size (a declared size may lie) or the limit;
 * 3. each worksheet's XML, scanned while it unzips: the <dimension ref>, every row and cell
 *    address (or position, where the address is left out), merged ranges and data
 *    validation ranges; the highest row and column they reach must be within the limits.
 * A CSV is text: its size, then its rows and columns as parsed.
 */
import type JSZip from 'jszip';
import { SHEET_LIMITS, type SheetRefusal } from '../../../shared/price-list';

/** A file refused before reading: the limit it passed, and what it had (a column as letters). */
export class SheetRefused extends Error {
  constructor(
    readonly code: SheetRefusal,
    readonly limit: number | string,
    readonly found?: number | string,
  ) {
    super(`${code}: ${found ?? 'more'} (at most ${limit})`);
    this.name = 'SheetRefused';
  }
}

const MB = 1024 * 1024;
const megabytes = (n: number) => Math.ceil(n / MB);
const LAST_ROW = 1_048_576;
const LAST_COLUMN = 16_384;

/** A column number as its letters: 50 is AX. */
export function columnLetters(n: number): string {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
}

export function checkFileSize(bytes: number): void {
  if (bytes > SHEET_LIMITS.fileBytes) throw new SheetRefused('file_too_large', megabytes(SHEET_LIMITS.fileBytes), megabytes(bytes));
}

/** The highest row and column a sheet reaches so far; refuses past the limits. */
class Extent {
  row = 0;
  column = 0;
  reach(row: number, column: number) {
    if (row > SHEET_LIMITS.rows) throw new SheetRefused('too_many_rows', SHEET_LIMITS.rows, row);
    if (column > SHEET_LIMITS.columns) throw new SheetRefused('too_many_columns', columnLetters(SHEET_LIMITS.columns), columnLetters(column));
    this.row = Math.max(this.row, row);
    this.column = Math.max(this.column, column);
  }
}

/** An address or a range ("B3", "$A$1:XFD1048576", "A:A", "3:3") as the cells it reaches to. */
function reachOf(ref: string): { row: number; column: number } {
  const [from, to] = ref.replace(/\$/g, '').split(':');
  const part = (p: string, end: boolean) => {
    const m = /^([A-Za-z]*)(\d*)$/.exec(p) ?? ['', '', ''];
    return { column: m[1] ? columnNumber(m[1]) : end ? LAST_COLUMN : 1, row: m[2] ? Number(m[2]) : end ? LAST_ROW : 1 };
  };
  const a = part(from, false);
  const b = to === undefined ? a : part(to, true);
  return { row: Math.max(a.row, b.row), column: Math.max(a.column, b.column) };
}

const TAG = /<(?:\w+:)?(row|c|dimension|mergeCell|dataValidation)\b([^>]*)>/g;
const attribute = (attrs: string, name: string) => new RegExp(`(?:^|\\s)${name}=["']([^"']*)["']`).exec(attrs)?.[1];

/**
 * A worksheet's XML as it unzips, in pieces: each tag the reader builds cells from is
 * read whole (a piece ends before its last "<"; the rest waits for the next piece).
 */
class SheetScan {
  private readonly extent = new Extent();
  private carry = '';
  private row = 0;
  private column = 0;

  feed(piece: string) {
    const cut = piece.lastIndexOf('<');
    if (cut < 0) {
      this.carry += piece;
      return;
    }
    this.scan(this.carry + piece.slice(0, cut));
    this.carry = piece.slice(cut);
  }

  end() {
    this.scan(this.carry);
    this.carry = '';
  }

  private scan(text: string) {
    for (const [, tag, attrs] of text.matchAll(TAG)) {
      if (tag === 'row') {
        const r = attribute(attrs, 'r');
        this.row = r ? Number(r) : this.row + 1;
        this.column = 0;
        this.extent.reach(this.row, 0);
      } else if (tag === 'c') {
        const r = attribute(attrs, 'r');
        const at = r ? reachOf(r) : { row: this.row, column: this.column + 1 };
        this.column = at.column;
        this.extent.reach(at.row, at.column);
      } else {
        // dimension ref, mergeCell ref, dataValidation sqref (ranges separated by spaces)
        const refs = attribute(attrs, tag === 'dataValidation' ? 'sqref' : 'ref') ?? '';
        for (const ref of refs.split(/\s+/).filter(Boolean)) {
          const at = reachOf(ref);
          this.extent.reach(at.row, at.column);
        }
      }
    }
  }
}

/** A part's declared sizes, from the central directory (JSZip keeps them on a private field). */
function declared(entry: JSZip.JSZipObject): { zipped: number; unzipped: number } | null {
  const data = (entry as unknown as { _data?: { compressedSize?: number; uncompressedSize?: number } })._data;
  return typeof data?.uncompressedSize === 'number' && typeof data.compressedSize === 'number'
    ? { zipped: data.compressedSize, unzipped: data.uncompressedSize }
    : null;
}

interface StreamHelper {
  on(event: 'data', fn: (chunk: Uint8Array) => void): StreamHelper;
  on(event: 'error', fn: (e: Error) => void): StreamHelper;
  on(event: 'end', fn: () => void): StreamHelper;
  resume(): StreamHelper;
  pause(): StreamHelper;
}

/** Unzips a part as a stream, counting its bytes; stops past the budget with the refusal given. */
function unzipCounted(entry: JSZip.JSZipObject, budget: number, refusal: () => SheetRefused, onText?: (text: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let done = false;
    const decoder = onText ? new TextDecoder() : null;
    const stream = (entry as unknown as { internalStream(type: 'uint8array'): StreamHelper }).internalStream('uint8array');
    const fail = (e: unknown) => {
      if (done) return;
      done = true;
      stream.pause();
      reject(e);
    };
    stream
      .on('data', (chunk) => {
        if (done) return;
        bytes += chunk.length;
        if (bytes > budget) return fail(refusal());
        try {
          if (decoder) onText!(decoder.decode(chunk, { stream: true }));
        } catch (e) {
          fail(e);
        }
      })
      .on('error', fail)
      .on('end', () => {
        if (done) return;
        done = true;
        resolve(bytes);
      })
      .resume();
  });
}

const isWorksheet = (name: string) => /^\/?xl\/worksheets\/[^/]+\.xml$/i.test(name);

/**
 * Measures an XLSX before exceljs reads it (steps 1 to 3 of the header); throws
 * SheetRefused at the first limit passed, or the zip reader's error for a file that is not
 * a zip. What passes holds at most SHEET_LIMITS.unzippedBytes and cells within
 * SHEET_LIMITS.rows by SHEET_LIMITS.columns.
 */
export async function checkXlsx(data: ArrayBuffer, Zip: Pick<typeof JSZip, 'loadAsync'>): Promise<void> {
  checkFileSize(data.byteLength);
  const zip = await Zip.loadAsync(data); // the central directory only: nothing is unzipped yet
  const parts = Object.values(zip.files).filter((e) => !e.dir);
  if (parts.length > SHEET_LIMITS.parts) throw new SheetRefused('too_many_parts', SHEET_LIMITS.parts, parts.length);
  let total = 0;
  for (const part of parts) {
    const size = declared(part);
    if (!size) continue; // step 2 counts it anyway
    total += size.unzipped;
    if (size.unzipped > SHEET_LIMITS.fileBytes || total > SHEET_LIMITS.unzippedBytes) {
      throw new SheetRefused('unzipped_too_large', megabytes(SHEET_LIMITS.unzippedBytes), megabytes(Math.max(total, size.unzipped)));
    }
    if (size.unzipped > MB && size.unzipped / Math.max(size.zipped, 1) > SHEET_LIMITS.compressionRatio) {
      throw new SheetRefused('compression_ratio', SHEET_LIMITS.compressionRatio, Math.round(size.unzipped / Math.max(size.zipped, 1)));
    }
  }
  // Each part may unzip to what it states and no more, and all of them to the limit.
  let left = SHEET_LIMITS.unzippedBytes;
  for (const part of parts) {
    const size = declared(part);
    const stated = size && size.unzipped < left;
    const refusal = () =>
      stated ? new SheetRefused('zip_sizes_wrong', megabytes(SHEET_LIMITS.unzippedBytes)) : new SheetRefused('unzipped_too_large', megabytes(SHEET_LIMITS.unzippedBytes));
    const budget = stated ? size.unzipped : left;
    if (isWorksheet(part.name)) {
      const scan = new SheetScan();
      left -= await unzipCounted(part, budget, refusal, (text) => scan.feed(text));
      scan.end();
    } else {
      left -= await unzipCounted(part, budget, refusal);
    }
  }
}

/**
 * A CSV's rows and columns as parsed (the parser stops a row past the limit; cells after
 * the last non-empty one of a row do not count).
 */
export function checkCsvGrid(grid: Array<Array<string | null>>): void {
  if (grid.length > SHEET_LIMITS.rows) throw new SheetRefused('too_many_rows', SHEET_LIMITS.rows, grid.length);
  for (const row of grid) {
    let width = row.length;
    while (width > 0 && (row[width - 1] == null || row[width - 1] === '')) width--;
    if (width > SHEET_LIMITS.columns) throw new SheetRefused('too_many_columns', columnLetters(SHEET_LIMITS.columns), columnLetters(width));
  }
}
