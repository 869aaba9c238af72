/**
 * Text on a PDF page in Arabic and English together, which pdfkit does not order by itself:
 * it shapes through fontkit (Arabic letters take their joined forms, a right-to-left run
 * is laid out right to left) but, left to its own line layout, shapes word by word and
 * puts the words in reading order from the left, so an Arabic phrase comes out with its
 * words reversed and a number inside it misplaced. Here the Unicode bidirectional
 * algorithm (bidi-js) orders each line, brackets mirrored; the line is then drawn piece
 * by piece from the left, each piece one direction and one font, an Arabic piece handed
 * to fontkit whole so it is shaped and reversed as one run.
 *
 * Fonts: Noto Naskh Arabic from @fontsource, its Arabic subset for Arabic letters and
 * its Latin subset for the rest (digits, Latin letters, punctuation): fontsource ships
 * the family in subsets, so a glyph is taken from the subset that has it.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { inflateSync } from 'node:zlib';
import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';

const bidi = bidiFactory();
const require = createRequire(import.meta.url);
const file = (specifier: string) => fs.readFileSync(require.resolve(specifier));

/**
 * A WOFF 1.0 font as the plain TrueType (sfnt) font it wraps: each table inflated once.
 * fontkit reads a WOFF's tables from the compressed file and inflates a table again on
 * every read of it, the glyph table once per glyph laid out, which made a page of long
 * lines take seconds; from the sfnt it reads the bytes as they are.
 */
function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + 20 * i;
    const [tag, offset, compressed, length, checksum] = [0, 4, 8, 12, 16].map((o) => woff.readUInt32BE(at + o));
    const stored = woff.subarray(offset, offset + compressed);
    return { tag, checksum, data: compressed < length ? inflateSync(stored) : stored };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(woff.readUInt32BE(4), 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((t, i) => {
    head.writeUInt32BE(t.tag, 12 + 16 * i);
    head.writeUInt32BE(t.checksum, 16 + 16 * i);
    head.writeUInt32BE(offset, 20 + 16 * i);
    head.writeUInt32BE(t.data.length, 24 + 16 * i);
    // Each table starts on a four-byte boundary.
    const padded = Buffer.concat([t.data, Buffer.alloc((4 - (t.data.length % 4)) % 4)]);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

const face = (specifier: string) => sfntOfWoff(file(specifier));

/** The four faces, read once: Arabic and Latin subsets, regular and bold. */
const FACES = {
  arabic: face('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff'),
  arabicBold: face('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-700-normal.woff'),
  latin: face('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-latin-400-normal.woff'),
  latinBold: face('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-latin-700-normal.woff'),
};

type Doc = InstanceType<typeof PDFDocument>;
type FaceName = keyof typeof FACES;
interface FontKitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

export function registerFonts(doc: Doc): void {
  for (const [name, data] of Object.entries(FACES)) doc.registerFont(name, data);
}

/** Arabic-script letters: what makes fontkit lay a piece out right to left. */
const ARABIC_LETTER = /[\u0620-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff\ufb50-\ufdff\ufe70-\ufefc]/;

/** A face's fontkit font, to ask which characters it has. */
function fontkitOf(doc: Doc, face: FaceName): FontKitFont {
  doc.font(face);
  return (doc as unknown as { _font: { font: FontKitFont } })._font.font;
}

/** One piece of a line as drawn: its text in logical order, its face, and whether it runs right to left. */
interface Piece {
  text: string;
  face: FaceName;
  rtl: boolean;
}

/**
 * A line in visual order from the left: bidi levels with `base` as the paragraph's
 * direction, the reordering the algorithm gives, then pieces of one direction and one
 * face each (a right-to-left piece keeps its logical text: it is reversed when drawn).
 */
export function visualPieces(doc: Doc, given: string, base: 'rtl' | 'ltr', bold = false): Piece[] {
  if (!given) return [];
  // The fonts have no character beyond the Basic Multilingual Plane (an emoji): one
  // replacement character each, so every character below is one UTF-16 unit, as bidi-js counts.
  const text = given.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '\ufffd');
  const arabicFace: FaceName = bold ? 'arabicBold' : 'arabic';
  const latinFace: FaceName = bold ? 'latinBold' : 'latin';
  const arabic = fontkitOf(doc, arabicFace);
  const levels = bidi.getEmbeddingLevels(text, base);
  // The map takes the levels array itself (not the result object the other calls take).
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const chars = text.split('');
  chars.forEach((_, i) => {
    const m = mirrored.get(i);
    if (m) chars[i] = m;
  });
  const order = chars.map((_, i) => i);
  for (const [start, end] of bidi.getReorderSegments(text, levels)) order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());

  const faceOf = (i: number): FaceName => (/\s/.test(chars[i]) ? (levels.levels[i] & 1 ? arabicFace : latinFace) : arabic.hasGlyphForCodePoint(chars[i].charCodeAt(0)) ? arabicFace : latinFace);
  const pieces: Array<{ indices: number[]; face: FaceName; rtl: boolean }> = [];
  for (const i of order) {
    const rtl = (levels.levels[i] & 1) === 1;
    const face = faceOf(i);
    const last = pieces.at(-1);
    const prev = last?.indices.at(-1);
    if (last && last.face === face && last.rtl === rtl && prev === (rtl ? i + 1 : i - 1)) last.indices.push(i);
    else pieces.push({ indices: [i], face, rtl });
  }
  return pieces.map((p) => {
    const logical = (p.rtl ? [...p.indices].reverse() : p.indices).map((i) => chars[i]).join('');
    return { text: logical, face: p.face, rtl: p.rtl };
  });
}

/**
 * How a piece is handed to pdfkit: a right-to-left piece with Arabic letters goes whole
 * to fontkit (the features option makes pdfkit lay it out as one run, which fontkit
 * shapes and reverses); any other right-to-left piece (spaces, punctuation, digits of
 * another face) is reversed here, since fontkit would lay it out left to right.
 */
function drawable(piece: Piece): { text: string; whole: boolean } {
  if (piece.rtl && ARABIC_LETTER.test(piece.text)) return { text: piece.text, whole: true };
  return { text: piece.rtl ? piece.text.split('').reverse().join('') : piece.text, whole: false };
}

const WHOLE_RUN = { features: [] as [] };

/**
 * A piece's width at 1 pt, by face, run and text: a width is the font's alone, and pdfkit
 * caches none of a whole run's layouts (the Arabic ones), so the same unit, amount or
 * heading was shaped again on every line of a long order. Per process (the render threads
 * each keep theirs), emptied when it grows past a bound.
 */
const WIDTHS = new Map<string, number>();
const WIDTHS_MAX = 100_000;

function pieceWidth(doc: Doc, piece: Piece, size: number): number {
  const { text, whole } = drawable(piece);
  const key = `${piece.face}\u0000${whole ? 1 : 0}\u0000${text}`;
  let unit = WIDTHS.get(key);
  if (unit === undefined) {
    doc.font(piece.face).fontSize(1000);
    unit = doc.widthOfString(text, whole ? WHOLE_RUN : {}) / 1000;
    if (WIDTHS.size >= WIDTHS_MAX) WIDTHS.clear();
    WIDTHS.set(key, unit);
  }
  doc.font(piece.face).fontSize(size);
  return unit * size;
}

function lineWidth(doc: Doc, text: string, base: 'rtl' | 'ltr', size: number, bold = false): number {
  return visualPieces(doc, text, base, bold).reduce((w, p) => w + pieceWidth(doc, p, size), 0);
}

export interface LineOptions {
  size: number;
  base: 'rtl' | 'ltr';
  /** where in [x, x + width] the line sits; the default follows the base direction */
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
  color?: string;
}

/** Draws one line (no wrapping) in the box from x of `width`, its top at y. */
export function drawLine(doc: Doc, text: string, x: number, y: number, width: number, opts: LineOptions): void {
  const pieces = visualPieces(doc, text, opts.base, opts.bold);
  const widths = pieces.map((p) => pieceWidth(doc, p, opts.size));
  const total = widths.reduce((a, b) => a + b, 0);
  const align = opts.align ?? (opts.base === 'rtl' ? 'right' : 'left');
  let at = align === 'left' ? x : align === 'right' ? x + width - total : x + (width - total) / 2;
  doc.fillColor(opts.color ?? '#000');
  pieces.forEach((piece, i) => {
    const { text: t, whole } = drawable(piece);
    doc.font(piece.face).fontSize(opts.size).text(t, at, y, { lineBreak: false, ...(whole ? WHOLE_RUN : {}) });
    at += widths[i];
  });
}

/**
 * Breaks text into lines that fit `width` at spaces (a word longer than the width stands
 * alone). A line's width is its words' widths, each word measured once, and a space's
 * between them (the wider of the two faces' spaces, so a line never runs past the width):
 * a space ends an Arabic word's joining, so the words shape alone as they do on the line;
 * measuring every longer candidate line anew shaped a 5,000-character text hundreds of times over.
 */
export function wrapLines(doc: Doc, text: string, width: number, base: 'rtl' | 'ltr', size: number, bold = false): string[] {
  const space = Math.max(...(['arabic', 'latin'] as const).map((face) => doc.font(bold ? `${face}Bold` : face).fontSize(size).widthOfString(' ')));
  const widths = new Map<string, number>();
  const wordWidth = (word: string) => widths.get(word) ?? widths.set(word, lineWidth(doc, word, base, size, bold)).get(word)!;
  const lines: string[] = [];
  let line = '';
  let used = 0;
  // At spaces only: a no-break space (15 %) holds its two sides on one line.
  for (const word of text.split(/[ \t\n]+/).filter(Boolean)) {
    const w = wordWidth(word);
    if (line && used + space + w > width) {
      lines.push(line);
      line = word;
      used = w;
    } else {
      used = line ? used + space + w : w;
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** Draws wrapped text; answers the height it took. */
export function drawText(doc: Doc, text: string, x: number, y: number, width: number, opts: LineOptions & { leading?: number }): number {
  const leading = opts.leading ?? opts.size * 1.5;
  const lines = wrapLines(doc, text, width, opts.base, opts.size, opts.bold);
  lines.forEach((line, i) => drawLine(doc, line, x, y + i * leading, width, opts));
  return lines.length * leading;
}
