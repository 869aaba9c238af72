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
 * Fonts, all shipped in the app's npm packages (a server has no system fonts to fall back
 * on), each character taken from the first that has a glyph for it:
 * - Noto Naskh Arabic (@fontsource, its Arabic subset): Arabic letters, Arabic-Indic
 *   digits, the presentation forms, ﷼;
 * - Noto Sans (@embedpdf/fonts-latin, the whole font): Latin with every diacritic,
 *   Greek, Cyrillic, super- and subscripts (م³, H₂O), ‰ ± № ½ and the rest of the symbols;
 * - Noto Sans SC (@embedpdf/fonts-sc, 30,000 Chinese characters, GB2312 and far past it):
 *   Chinese names and text, full-width punctuation, arrows and ≤ ≥ ≠.
 * pdfkit embeds only the glyphs a document draws (a subset), so the 8 MB Chinese face costs
 * a document that has no Chinese nothing: it is read and opened only when a character needs it.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
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

/**
 * A font file of a package that exports only its index (the font packages'): found beside
 * the index, in the package's `fonts/` folder.
 */
const packaged = (pkg: string, name: string) => fs.readFileSync(path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', name));

/** Each face's bytes, read at its first use in this process. */
const SOURCES = {
  arabic: () => sfntOfWoff(file('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff')),
  arabicBold: () => sfntOfWoff(file('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-700-normal.woff')),
  latin: () => packaged('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
  latinBold: () => packaged('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
  cjk: () => packaged('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
  cjkBold: () => packaged('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
};

type Doc = InstanceType<typeof PDFDocument>;
type FaceName = keyof typeof SOURCES;
interface FontKitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/**
 * Each face's parsed font (fontkit's), kept from the first document that used it and handed
 * to the next ones (pdfkit takes a parsed font as a source): parsing Noto Sans's tables and
 * laying its glyphs out anew for every document took longer than the page itself. A
 * document's subset of it is its own; the font object is only read.
 */
const PARSED = new Map<FaceName, FontKitFont>();
const REGISTERED = new WeakMap<Doc, Set<FaceName>>();
const currentFont = (doc: Doc) => (doc as unknown as { _font: { font: FontKitFont } })._font.font;

/** Makes `face` the document's current font, registering it with the document at its first use there. */
function setFace(doc: Doc, face: FaceName): Doc {
  let registered = REGISTERED.get(doc);
  if (!registered) REGISTERED.set(doc, (registered = new Set()));
  if (registered.has(face)) return doc.font(face);
  const parsed = PARSED.get(face);
  doc.registerFont(face, (parsed ?? SOURCES[face]()) as Buffer);
  registered.add(face);
  doc.font(face);
  if (!parsed) PARSED.set(face, currentFont(doc));
  return doc;
}

/** Makes the document ready for drawLine and drawText (its faces are registered as they are needed). */
export function registerFonts(doc: Doc): void {
  for (const face of ['arabic', 'latin'] as const) setFace(doc, face);
}

/** Arabic-script letters: what makes fontkit lay a piece out right to left. */
const ARABIC_LETTER = /[\u0620-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff\ufb50-\ufdff\ufe70-\ufefc]/;
/** Characters of the Arabic script, letters or not (digits, separators, marks): what fontkit lays out right to left. */
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc]/;

/** A face's fontkit font, to ask which characters it has. */
function fontkitOf(doc: Doc, face: FaceName): FontKitFont {
  return currentFont(setFace(doc, face));
}

/**
 * Characters no shipped font draws yet, written as the document writes them instead: the
 * Saudi riyal sign (U+20C1, new in Unicode 17) as the document's own currency label.
 */
const SUBSTITUTES: Record<string, string> = { '\u20c1': 'ر.س' };

/** Variation selectors pick an emoji's or an ideograph's variant glyph; no face here has variants to pick. */
const VARIATION_SELECTORS = /[\ufe00-\ufe0f]/g;

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
  const text = given.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '\ufffd').replace(/[\u20c1]/g, (c) => SUBSTITUTES[c]).replace(VARIATION_SELECTORS, '');
  const arabicFace: FaceName = bold ? 'arabicBold' : 'arabic';
  const latinFace: FaceName = bold ? 'latinBold' : 'latin';
  const cjkFace: FaceName = bold ? 'cjkBold' : 'cjk';
  const arabic = fontkitOf(doc, arabicFace);
  const latin = fontkitOf(doc, latinFace);
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

  // A character none of the faces has stays with the Latin face (its box marks it).
  const faceOf = (i: number): FaceName => {
    const code = chars[i].charCodeAt(0);
    if (/\s/.test(chars[i])) return levels.levels[i] & 1 ? arabicFace : latinFace;
    if (arabic.hasGlyphForCodePoint(code)) return arabicFace;
    if (latin.hasGlyphForCodePoint(code)) return latinFace;
    return fontkitOf(doc, cjkFace).hasGlyphForCodePoint(code) ? cjkFace : latinFace;
  };
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
 * another face) is reversed here, since fontkit would lay it out left to right. A
 * left-to-right piece of Arabic script (Arabic-Indic digits: a number reads from the left
 * inside Arabic too) is reversed here and laid out whole, since fontkit lays any text of
 * Arabic script out right to left: ١٢٣ came out ٣٢١.
 */
export function drawable(piece: Piece): { text: string; whole: boolean } {
  if (piece.rtl && ARABIC_LETTER.test(piece.text)) return { text: piece.text, whole: true };
  if (!piece.rtl && ARABIC_SCRIPT.test(piece.text)) return { text: piece.text.split('').reverse().join(''), whole: true };
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
    setFace(doc, piece.face).fontSize(1000);
    unit = doc.widthOfString(text, whole ? WHOLE_RUN : {}) / 1000;
    if (WIDTHS.size >= WIDTHS_MAX) WIDTHS.clear();
    WIDTHS.set(key, unit);
  }
  setFace(doc, piece.face).fontSize(size);
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
    setFace(doc, piece.face).fontSize(opts.size).text(t, at, y, { lineBreak: false, ...(whole ? WHOLE_RUN : {}) });
    at += widths[i];
  });
}

/** Han characters and the full-width punctuation set with them. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** A word too wide for the line, as chunks that fit it, broken between characters. */
function breakWide(word: string, width: number, wordWidth: (w: string) => number): string[] {
  const chunks: string[] = [];
  let chunk = '';
  for (const c of word.split('')) {
    if (chunk && wordWidth(chunk + c) > width) {
      chunks.push(chunk);
      chunk = c;
    } else chunk += c;
  }
  if (chunk) chunks.push(chunk);
  return chunks;
}

/**
 * Breaks text into lines that fit `width` at spaces (a word longer than the width stands
 * alone). A line's width is its words' widths, each word measured once, and a space's
 * between them (the wider of the two faces' spaces, so a line never runs past the width):
 * a space ends an Arabic word's joining, so the words shape alone as they do on the line;
 * measuring every longer candidate line anew shaped a 5,000-character text hundreds of times over.
 */
export function wrapLines(doc: Doc, text: string, width: number, base: 'rtl' | 'ltr', size: number, bold = false): string[] {
  const space = Math.max(...(['arabic', 'latin'] as const).map((face) => setFace(doc, bold ? `${face}Bold` : face).fontSize(size).widthOfString(' ')));
  const widths = new Map<string, number>();
  const wordWidth = (word: string) => widths.get(word) ?? widths.set(word, lineWidth(doc, word, base, size, bold)).get(word)!;
  const lines: string[] = [];
  let line = '';
  let used = 0;
  // At spaces: a no-break space (15 %) holds its two sides on one line. Chinese is
  // written without spaces, so a word of it wider than the line breaks between characters.
  const words = text.split(/[ \t\n]+/).filter(Boolean).flatMap((word) => (CJK.test(word) && wordWidth(word) > width ? breakWide(word, width, wordWidth) : [word]));
  for (const word of words) {
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
