/**
 * The PDF of a tax invoice or credit note: one A4 page (more when the lines need them) of
 * the same bilingual document the invoice page shows (shared/invoice-document.ts): the
 * heading in Arabic and English, number and dates, seller and buyer, the lines with their
 * VAT, the totals and the QR code of the invoice's own `qr` field. Rendered on the server
 * from the invoice as REST presents it, so the two parties read the same paper; in a
 * worker thread (pdf-worker.mjs), never on the server's event loop (pdf-renderer.ts), and
 * kept once rendered (pdf-service.ts).
 */
import PDFDocument from 'pdfkit';
import { create as qrCode } from 'qrcode';
import {
  DOCUMENT_LABELS,
  VAT_CATEGORY_LABELS,
  documentAmount,
  documentDateTime,
  documentSubject,
  documentRate,
  documentTitle,
  lineTotalWithVat,
  partyAddress,
  standardRate,
} from '../../../shared/invoice-document';
import type { Invoice, InvoiceParty } from '../../../shared/schemas/invoice';
import { drawLine, drawText, registerFonts, wrapLines } from './pdf-text';

export type Doc = InstanceType<typeof PDFDocument>;
export type Bilingual = { ar: string; en: string };

/**
 * The page and the helpers below are shared by every document the app prints (the
 * invoice here, the purchase order in purchase-order-pdf.ts), so both read as one set of papers.
 */
/** A4 in points, and the margin kept around the page. */
export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 40;
export const WIDTH = A4[0] - 2 * MARGIN;
export const RIGHT = A4[0] - MARGIN;
export const GREY = '#555';
export const RULE = '#bbb';

export const both = (label: Bilingual) => `${label.ar} / ${label.en}`;
export const sar = (amount: number) => `${documentAmount(amount)} ${DOCUMENT_LABELS.currency.en}`;

/** A new A4 document with the app's fonts, and its bytes once it is ended. */
export function a4Document(info: { Title: string; Author: string }): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: A4, margin: MARGIN, info });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A row of three: the English label at the left, the Arabic at the right, the value between. */
export function factRow(doc: Doc, label: Bilingual, value: string, x: number, y: number, width: number): number {
  const third = width / 3;
  drawLine(doc, label.en, x, y, third, { size: 9, base: 'ltr', color: GREY });
  drawLine(doc, label.ar, x + 2 * third, y, third, { size: 9, base: 'rtl', color: GREY });
  drawLine(doc, value, x + third, y, third, { size: 9, base: 'ltr', align: 'center' });
  return 16;
}

function partyBox(doc: Doc, role: Bilingual, party: InvoiceParty, x: number, y: number, width: number): number {
  const pad = 8;
  const inner = width - 2 * pad;
  let at = y + pad;
  drawLine(doc, both(role), x + pad, at, inner, { size: 10, base: 'rtl', bold: true });
  at += 18;
  at += drawText(doc, party.legal_name, x + pad, at, inner, { size: 10, base: 'rtl' });
  if (party.legal_name_en) at += drawText(doc, party.legal_name_en, x + pad, at, inner, { size: 9, base: 'ltr', align: 'right' });
  const rows: Array<[Bilingual, string]> = [
    [DOCUMENT_LABELS.vatNumber, party.vat_number ?? '—'],
    [DOCUMENT_LABELS.crNumber, party.cr_number ?? '—'],
  ];
  for (const [label, value] of rows) {
    drawLine(doc, `${label.ar} / ${label.en}: ${value}`, x + pad, at, inner, { size: 9, base: 'rtl' });
    at += 14;
  }
  drawLine(doc, both(DOCUMENT_LABELS.address), x + pad, at, inner, { size: 9, base: 'rtl', color: GREY });
  at += 14;
  at += drawText(doc, partyAddress(party), x + pad, at, inner, { size: 9, base: 'rtl', leading: 13 });
  return at + pad - y;
}

/** A lines table's column, from the right (the document reads right to left first): width, header, and the cell of a line. */
export type Column<L> = { width: number; label: Bilingual | { ar: '#'; en: '' }; cell: (line: L) => string; rtl?: boolean };

const COLUMNS: Array<Column<Invoice['lines'][number]>> = [
  { width: 18, label: { ar: '#', en: '' }, cell: (l) => String(l.position) },
  { width: 120, label: DOCUMENT_LABELS.description, cell: (l) => (l.exemption_reason ? `${l.description} (${l.exemption_reason})` : l.description), rtl: true },
  { width: 40, label: DOCUMENT_LABELS.quantity, cell: (l) => String(l.quantity) },
  { width: 40, label: DOCUMENT_LABELS.unit, cell: (l) => l.unit, rtl: true },
  { width: 55, label: DOCUMENT_LABELS.unitPrice, cell: (l) => documentAmount(l.unit_price) },
  { width: 70, label: DOCUMENT_LABELS.vatCategory, cell: (l) => `${VAT_CATEGORY_LABELS[l.vat_category].ar} ${documentRate(l.vat_rate)}`, rtl: true },
  { width: 57, label: DOCUMENT_LABELS.taxableAmount, cell: (l) => documentAmount(l.line_total) },
  { width: 55, label: DOCUMENT_LABELS.vatAmount, cell: (l) => documentAmount(l.vat_amount) },
  { width: 60, label: DOCUMENT_LABELS.lineTotal, cell: (l) => documentAmount(lineTotalWithVat(l)) },
];

/** The lines under a header of the columns' labels, running to new pages (the header again) when they do not fit; answers where it ends. */
export function linesTable<L extends { position: number }>(doc: Doc, columns: Array<Column<L>>, lines: L[], top: number): number {
  const pad = 3;
  const size = 7.5;
  const leading = 11;
  let y = top;
  const header = () => {
    const height = 2 * leading + 2 * pad;
    let right = RIGHT;
    doc.rect(MARGIN, y, WIDTH, height).fill('#eee');
    for (const col of columns) {
      const x = right - col.width;
      drawLine(doc, col.label.ar, x + pad, y + pad, col.width - 2 * pad, { size, base: 'rtl', align: 'center', bold: true });
      if (col.label.en) drawLine(doc, col.label.en, x + pad, y + pad + leading, col.width - 2 * pad, { size, base: 'ltr', align: 'center' });
      right = x;
    }
    y += height;
  };
  header();
  for (const line of [...lines].sort((a, b) => a.position - b.position)) {
    const cells = columns.map((col) => wrapLines(doc, col.cell(line), col.width - 2 * pad, col.rtl ? 'rtl' : 'ltr', size));
    const height = Math.max(...cells.map((c) => c.length)) * leading + 2 * pad;
    if (y + height > A4[1] - MARGIN) {
      doc.addPage({ size: A4, margin: MARGIN });
      y = MARGIN;
      header();
    }
    let right = RIGHT;
    columns.forEach((col, i) => {
      const x = right - col.width;
      cells[i].forEach((text, n) =>
        drawLine(doc, text, x + pad, y + pad + n * leading, col.width - 2 * pad, { size, base: col.rtl ? 'rtl' : 'ltr', align: col.rtl ? 'right' : 'center' }),
      );
      right = x;
    });
    doc.moveTo(MARGIN, y + height).lineTo(RIGHT, y + height).lineWidth(0.5).strokeColor(RULE).stroke();
    y += height;
  }
  return y;
}

/** The QR code of the invoice's TLV, dark modules as filled squares, `size` points wide with its quiet zone. */
function qr(doc: Doc, value: string, x: number, y: number, size: number): void {
  const { modules } = qrCode(value, { errorCorrectionLevel: 'M' });
  const cell = size / (modules.size + 8);
  doc.rect(x, y, size, size).fill('#fff');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) doc.rect(x + (col + 4) * cell, y + (row + 4) * cell, cell, cell);
  }
  doc.fill('#000');
}

/** The invoice as an A4 PDF. */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const { doc, done } = a4Document({ Title: `${invoice.number} ${documentTitle(invoice).en}`, Author: invoice.seller.legal_name_en ?? invoice.seller.legal_name });

  const title = documentTitle(invoice);
  let y = MARGIN;
  drawLine(doc, title.ar, MARGIN, y, WIDTH, { size: 18, base: 'rtl', bold: true });
  drawLine(doc, title.en, MARGIN, y + 4, WIDTH, { size: 16, base: 'ltr', bold: true });
  y += 36;
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(1).strokeColor('#000').stroke();
  y += 8;

  const facts: Array<[Bilingual, string]> = [
    [DOCUMENT_LABELS.number, invoice.number],
    [DOCUMENT_LABELS.issuedAt, documentDateTime(invoice.issued_at)],
    [DOCUMENT_LABELS.supplyDate, invoice.supply_date],
  ];
  const subject = documentSubject(invoice);
  facts.push([subject.label, subject.value]);
  if (invoice.original_invoice_number) facts.push([DOCUMENT_LABELS.originalInvoice, invoice.original_invoice_number]);
  for (const [label, value] of facts) y += factRow(doc, label, value, MARGIN, y, WIDTH);
  if (invoice.reason) {
    drawLine(doc, both(DOCUMENT_LABELS.reason), MARGIN, y, WIDTH, { size: 9, base: 'rtl', color: GREY });
    y += 14;
    y += drawText(doc, invoice.reason, MARGIN, y, WIDTH, { size: 9, base: 'rtl' });
  }
  y += 8;

  const half = (WIDTH - 12) / 2;
  const sellerTop = y;
  const heights = [partyBox(doc, DOCUMENT_LABELS.seller, invoice.seller, MARGIN + half + 12, y, half), partyBox(doc, DOCUMENT_LABELS.buyer, invoice.buyer, MARGIN, y, half)];
  const boxHeight = Math.max(...heights);
  doc.lineWidth(0.75).strokeColor(RULE);
  doc.rect(MARGIN + half + 12, sellerTop, half, boxHeight).stroke();
  doc.rect(MARGIN, sellerTop, half, boxHeight).stroke();
  y += boxHeight + 14;

  y = linesTable(doc, COLUMNS, invoice.lines, y) + 14;

  const qrSize = 110;
  if (y + qrSize > A4[1] - MARGIN) {
    doc.addPage({ size: A4, margin: MARGIN });
    y = MARGIN;
  }
  const rate = standardRate(invoice);
  const totals: Array<[Bilingual, string, boolean]> = [
    [DOCUMENT_LABELS.subtotal, sar(invoice.subtotal), false],
    [rate ? { ar: `${DOCUMENT_LABELS.vatTotal.ar} ${rate}`, en: `${DOCUMENT_LABELS.vatTotal.en} ${rate}` } : DOCUMENT_LABELS.vatTotal, sar(invoice.vat_total), false],
    [DOCUMENT_LABELS.total, sar(invoice.total), true],
  ];
  const totalsWidth = 300;
  const totalsX = RIGHT - totalsWidth;
  let ty = y;
  for (const [label, amount, strong] of totals) {
    drawLine(doc, both(label), totalsX + 110, ty, totalsWidth - 110, { size: 9.5, base: 'rtl', bold: strong });
    drawLine(doc, amount, totalsX, ty, 105, { size: 9.5, base: 'ltr', bold: strong });
    ty += 20;
    doc.moveTo(totalsX, ty - 5).lineTo(RIGHT, ty - 5).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  qr(doc, invoice.qr, MARGIN, y, qrSize);
  doc.end();
  return done;
}
