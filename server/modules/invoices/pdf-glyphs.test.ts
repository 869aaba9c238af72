/**
 * Every kind of character people type into what an invoice carries (descriptions, units,
 * names, addresses) in Arabic, English and Chinese has a glyph on the PDF page: the face
 * the renderer picks for a character has it, and the rendered document draws no .notdef
 * (glyph 0, the empty box a reader sees for a missing glyph).
 */
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { PDF_INVOICE } from '../../test/pdf-invoice';
import { renderInvoicePdf } from './pdf';
import { registerFonts, visualPieces } from './pdf-text';

/** One line per kind of character, each with the direction it is read in. */
const CLASSES: Record<string, { text: string; base: 'rtl' | 'ltr' }> = {
  arabic: { text: 'أسمنت بورتلاندي مقاوم للكبريتات، كيس؛ هل وصل؟ ـــ ٪ ٫ ٬', base: 'rtl' },
  arabicIndicDigits: { text: '٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ ١٬٢٥٠٫٥٠', base: 'rtl' },
  arabicPresentationForms: { text: 'ﻻ ﺍﻟﻌﺮﺑﻴﺔ ﷲ ﷺ', base: 'rtl' },
  latinDiacritics: { text: 'Łódź Ærøskøbing São Paulo Güzel Çelik Crème brûlée Straße ẞ Nguyễn Văn Đức Ñandú Ångström', base: 'ltr' },
  superscripts: { text: 'م³ م² m³ m² cm³ ⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻ⁿ', base: 'rtl' },
  subscripts: { text: 'H₂O CO₂ ₀₁₂₃₄₅₆₇₈₉', base: 'ltr' },
  symbols: { text: '2 × 3 ÷ 1 = 15 % 5 ‰ 10–20 — a · b 90° ±0.5 ﷼ € £ $ ¥ № ½ ¼ ¾ © ® ™ • … « » “ ” ‘ ’ µ ≤ ≥ ≠ ≈ ← → # & @ * / \\ | ~ ^ _ { } [ ] ( ) < >', base: 'ltr' },
  saudiRiyalSign: { text: '100 \u20c1 ١٠٠ \u20c1', base: 'rtl' },
  chineseNames: { text: '王小明 李娜 张伟 陈喆 刘堃 赵昇 黄鑫 欧阳玥 上官赟 龘', base: 'ltr' },
  chinese: { text: '北京建材有限公司（朝阳区）：水泥、钢筋，共计。《合同》“质量”', base: 'ltr' },
  greekCyrillic: { text: 'Δ Ω π Иван Петров', base: 'ltr' },
  invisibleControls: { text: 'ر.س.\u200f ١٠٠\u00a0ريال \u200eSAR\u200e a\u202fb \u200d\u200c \ufeff', base: 'rtl' },
  emoji: { text: 'عامل 👷 🏗️ ok', base: 'rtl' },
};

const doc = new PDFDocument();
registerFonts(doc);
type FontKitFont = { hasGlyphForCodePoint(codePoint: number): boolean };
const fontkitOf = (face: string): FontKitFont => {
  doc.font(face);
  return (doc as unknown as { _font: { font: FontKitFont } })._font.font;
};

/** The glyph ids each text-showing operator of the PDF's content streams draws. */
function drawnGlyphs(pdf: Buffer): number[] {
  const source = pdf.toString('latin1');
  const ids: number[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      for (const hex of shown[1].matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (let i = 0; i < hex[1].length; i += 4) ids.push(Number.parseInt(hex[1].slice(i, i + 4), 16));
      }
    }
  }
  return ids;
}

describe('glyphs on the invoice PDF', () => {
  for (const [name, { text, base }] of Object.entries(CLASSES)) {
    it(`has a glyph for every character of ${name}`, () => {
      for (const bold of [false, true]) {
        const missing = visualPieces(doc, text, base, bold).flatMap((piece) => {
          const font = fontkitOf(piece.face);
          return Array.from(piece.text).filter((c) => !font.hasGlyphForCodePoint(c.codePointAt(0)!)).map((c) => `${c} U+${c.codePointAt(0)!.toString(16).toUpperCase()} (${piece.face})`);
        });
        expect(missing, bold ? 'bold' : 'regular').toEqual([]);
      }
    });
  }

  it('draws no missing glyph (.notdef) in a document carrying every kind of character', async () => {
    const lines = Object.values(CLASSES).map(({ text }, i) => ({ ...PDF_INVOICE.lines[0], id: crypto.randomUUID(), position: i + 1, description: text, unit: i % 2 ? 'م³' : 'm²' }));
    const pdf = await renderInvoicePdf({
      ...PDF_INVOICE,
      seller: { ...PDF_INVOICE.seller, legal_name: '北京建材有限公司 شركة البناء', legal_name_en: 'Łódź Building Materials Co. (北京)' },
      buyer: { ...PDF_INVOICE.buyer, legal_name: 'مؤسسة الإعمار ٣', legal_name_en: 'Nguyễn Văn Đức ×2' },
      reason: CLASSES.symbols.text,
      lines,
    });
    const drawn = drawnGlyphs(pdf);
    // The renderer's text is all there (the parse found it), and none of it is glyph 0.
    expect(drawn.length).toBeGreaterThan(500);
    expect(drawn.filter((id) => id === 0)).toEqual([]);
  });
});
