/**
 * Arabic and English on the PDF page: what pdfkit does alone (each word shaped, the words
 * left to right in logical order: an Arabic phrase reads backwards) and what pdf-text adds
 * (the bidirectional order of a line, mirrored brackets, each Arabic run shaped whole).
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { drawable, registerFonts, visualPieces, wrapLines } from './pdf-text';

type Layout = { glyphs: Array<{ id: number }> };
const doc = new PDFDocument();
registerFonts(doc);
/** pdfkit's layout of `text` in the Arabic face: its own word-by-word one, or one run (`features`). */
function glyphs(text: string, whole: boolean): number[] {
  doc.font('arabic');
  const font = (doc as unknown as { _font: { layout(t: string, f?: string[]): Layout } })._font;
  return font.layout(text, whole ? [] : undefined).glyphs.map((g) => g.id);
}
const texts = (line: string, base: 'rtl' | 'ltr' = 'rtl') => visualPieces(doc, line, base).map((p) => p.text);

describe('Arabic on the PDF page', () => {
  it('is shaped: letters take their joined forms, not the isolated ones', () => {
    const word = 'ضريبية';
    // Each letter alone, drawn right to left: what an unshaped run would show.
    const isolated = word.split('').reverse().flatMap((c) => glyphs(c, true));
    const shaped = glyphs(word, true);
    expect(shaped).not.toEqual(isolated);
    expect(new Set(shaped)).not.toEqual(new Set(isolated));
  });

  it('is one run per phrase: pdfkit alone lays the words out left to right in reading order, backwards for Arabic', () => {
    const [first, second] = ['فاتورة', 'ضريبية'];
    // One run, drawn from the left: the second word, the space, then the first word.
    expect(glyphs(`${first} ${second}`, true)).toEqual([...glyphs(second, true), ...glyphs(' ', true), ...glyphs(first, true)]);
    // pdfkit's own layout: the first word at the left, the second at the right.
    const own = glyphs(`${first} ${second}`, false);
    expect(own.slice(0, glyphs(`${first} `, true).length)).toEqual(glyphs(`${first} `, true));
    expect(own.slice(-glyphs(second, true).length)).toEqual(glyphs(second, true));
  });

  it('orders a line by the bidirectional algorithm, from the left', () => {
    // English inside Arabic: the Arabic reads from the right, the English stays whole.
    expect(texts('الرقم الضريبي / VAT number: 310122393500003')).toEqual(['VAT number: 310122393500003', ' ', '/', 'الرقم الضريبي ']);
    // Numbers keep their digits' order, and sit where the Arabic reading puts them.
    expect(texts('1234، طريق الملك فهد، الرياض 12345 - 5678')).toEqual(['5678', ' ', '-', ' ', '12345', '، طريق الملك فهد، الرياض ', '1234']);
  });

  it('draws a number of Arabic-Indic digits from the left, as it reads (fontkit alone lays Arabic script out right to left)', () => {
    const [, number] = visualPieces(doc, 'الكمية ١٢٣٤٥ كيس', 'rtl');
    expect(number).toMatchObject({ text: '١٢٣٤٥', face: 'arabic', rtl: false });
    const run = drawable(number);
    const fromTheLeft = '١٢٣٤٥'.split('').flatMap((c) => glyphs(c, true));
    expect(glyphs(run.text, run.whole)).toEqual(fromTheLeft);
    const [grouped] = visualPieces(doc, '١٬٢٥٠٫٥٠', 'rtl');
    expect(glyphs(drawable(grouped).text, drawable(grouped).whole)).toEqual('١٬٢٥٠٫٥٠'.split('').flatMap((c) => glyphs(c, true)));
  });

  it('mirrors brackets inside a right-to-left run', () => {
    expect(texts('خدمة نقل (خدمات مالية)')).toEqual(['(', 'خدمات مالية', ')', 'خدمة نقل ']);
  });

  it('takes each character from the subset that has it: Arabic letters from the Arabic face, digits and Latin from the Latin one', () => {
    expect(visualPieces(doc, 'كيس 10', 'rtl').map((p) => [p.text, p.face])).toEqual([
      ['10', 'latin'],
      ['كيس ', 'arabic'],
    ]);
  });

  it('wraps Chinese, written without spaces, between characters within the width', () => {
    const text = '普通硅酸盐水泥袋装五十公斤北京建材有限公司朝阳区仓库交货';
    const lines = wrapLines(doc, text, 60, 'ltr', 8);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(text);
    for (const line of lines) expect(visualPieces(doc, line, 'ltr').reduce((w, p) => w + doc.font(p.face).fontSize(8).widthOfString(p.text), 0)).toBeLessThanOrEqual(60);
  });

  it('wraps at spaces, never inside a rate', () => {
    doc.font('arabic').fontSize(8);
    expect(wrapLines(doc, 'خاضع للنسبة الأساسية 15\u00a0%', 60, 'rtl', 8).at(-1)).toMatch(/15\u00a0%$/);
  });
});
