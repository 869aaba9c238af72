/**
 * The PDF of a purchase order: the order as both its parties read it on the order page,
 * on A4 paper in Arabic first and English, like the tax invoice's (pdf.ts, whose page,
 * fonts, fact rows and lines table it shares): number, date issued and status, the seller
 * (its national address and whom to call, where the order carries them) and the buyer,
 * the lines with their VAT and what the buyer's receipts counted, rejected and what the
 * seller invoiced of each, the totals, the delivery terms and the seller's notes.
 * It is no tax document (no QR code, no VAT numbers): the order is what was agreed, the
 * invoice what is owed. Rendered on the PDF threads (pdf-worker.mjs) from the order as
 * REST presents it.
 */
import { DOCUMENT_LABELS, VAT_CATEGORY_LABELS, documentAmount, documentDateTime, documentRate } from '../../../shared/invoice-document';
import { nationalAddressLine } from '../../../shared/schemas/tax-profile';
import type { PurchaseOrder, PurchaseOrderStatus } from '../../../shared/schemas/purchase-order';
import { GREY, MARGIN, RIGHT, RULE, WIDTH, A4, a4Document, both, factRow, linesTable, sar, type Bilingual, type Column, type Doc } from './pdf';
import { drawLine, drawText } from './pdf-text';

/** What the order's paper says besides the invoice's labels (DOCUMENT_LABELS), Arabic and English. */
export const ORDER_LABELS = {
  title: { ar: 'أمر شراء', en: 'Purchase Order' },
  number: { ar: 'رقم أمر الشراء', en: 'Order number' },
  issuedAt: { ar: 'تاريخ الإصدار', en: 'Date issued' },
  status: { ar: 'الحالة', en: 'Status' },
  subject: { ar: 'الموضوع', en: 'Subject' },
  reason: { ar: 'السبب', en: 'Reason' },
  contact: { ar: 'جهة الاتصال', en: 'Contact' },
  phone: { ar: 'الهاتف', en: 'Phone' },
  received: { ar: 'المستلم', en: 'Received' },
  rejected: { ar: 'المرفوض', en: 'Rejected' },
  invoiced: { ar: 'المفوتر', en: 'Invoiced' },
  delivery: { ar: 'شروط التسليم', en: 'Delivery terms' },
  location: { ar: 'موقع التسليم', en: 'Delivery location' },
  deliveryDate: { ar: 'تاريخ التسليم', en: 'Delivery date' },
  deliveryDays: { ar: 'عدد أيام التسليم', en: 'Delivery days' },
  notes: { ar: 'ملاحظات البائع', en: "Seller's notes" },
} as const satisfies Record<string, Bilingual>;

/** The order's status as the paper states it: the same words as the order page's (client/i18n/locales/{ar,en}/purchase-orders.json status). */
export const ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, Bilingual> = {
  awaiting_approval: { ar: 'بانتظار الاعتماد', en: 'Awaiting approval' },
  issued: { ar: 'صادر', en: 'Issued' },
  accepted: { ar: 'مقبول', en: 'Accepted' },
  declined: { ar: 'مرفوض', en: 'Declined' },
  partially_received: { ar: 'استُلم جزئيًا', en: 'Partly received' },
  received: { ar: 'استُلم', en: 'Received' },
  delivered: { ar: 'مُسلَّم', en: 'Delivered' },
  closed: { ar: 'مغلق', en: 'Closed' },
  cancelled: { ar: 'ملغى', en: 'Cancelled' },
};

type Line = PurchaseOrder['lines'][number];
const qty = (n: number) => String(n);

/** The lines' columns from the right: what the invoice prints of a line, then what arrived and what was billed of it. */
const COLUMNS: Array<Column<Line>> = [
  { width: 16, label: { ar: '#', en: '' }, cell: (l) => String(l.position) },
  { width: 98, label: DOCUMENT_LABELS.description, cell: (l) => (l.exemption_reason ? `${l.description} (${l.exemption_reason})` : l.description), rtl: true },
  { width: 36, label: DOCUMENT_LABELS.quantity, cell: (l) => qty(l.quantity) },
  { width: 34, label: DOCUMENT_LABELS.unit, cell: (l) => l.unit, rtl: true },
  { width: 46, label: DOCUMENT_LABELS.unitPrice, cell: (l) => documentAmount(l.unit_price) },
  { width: 58, label: DOCUMENT_LABELS.vatCategory, cell: (l) => `${VAT_CATEGORY_LABELS[l.vat_category].ar} ${documentRate(l.vat_rate)}`, rtl: true },
  { width: 57, label: DOCUMENT_LABELS.taxableAmount, cell: (l) => documentAmount(l.line_total) },
  { width: 46, label: DOCUMENT_LABELS.vatAmount, cell: (l) => documentAmount(l.vat_amount) },
  { width: 41, label: ORDER_LABELS.received, cell: (l) => qty(l.received_quantity) },
  { width: 41, label: ORDER_LABELS.rejected, cell: (l) => qty(l.rejected_quantity) },
  { width: 42, label: ORDER_LABELS.invoiced, cell: (l) => qty(l.invoiced_quantity) },
];

/** A labelled, wrapped paragraph (the subject, a reason, the notes): answers the height it took. */
function paragraph(doc: Doc, label: Bilingual, text: string, y: number): number {
  drawLine(doc, both(label), MARGIN, y, WIDTH, { size: 9, base: 'rtl', color: GREY });
  return 14 + drawText(doc, text, MARGIN, y + 14, WIDTH, { size: 9, base: 'rtl' });
}

/** A party's box: its role, its name, and the lines given under it; answers its height. */
function partyBox(doc: Doc, role: Bilingual, name: string, rows: string[], x: number, y: number, width: number): number {
  const pad = 8;
  const inner = width - 2 * pad;
  let at = y + pad;
  drawLine(doc, both(role), x + pad, at, inner, { size: 10, base: 'rtl', bold: true });
  at += 18;
  at += drawText(doc, name, x + pad, at, inner, { size: 10, base: 'rtl' });
  for (const row of rows) at += drawText(doc, row, x + pad, at, inner, { size: 9, base: 'rtl', leading: 13 });
  return at + pad - y;
}

/** What the seller's box states beyond its name: its national address (else its profile address), its contact and phone. */
function sellerRows(order: PurchaseOrder): string[] {
  const rows: string[] = [];
  const address = order.seller_national_address ? nationalAddressLine(order.seller_national_address) : [order.seller_address, order.seller_city].filter(Boolean).join('، ');
  if (address) rows.push(`${both(DOCUMENT_LABELS.address)}: ${address}`);
  if (order.seller_contact_name) rows.push(`${both(ORDER_LABELS.contact)}: ${order.seller_contact_name}`);
  // After the English label, so the "+" stays in front of the digits (they follow a Latin
  // letter, not an Arabic one, in the bidirectional order).
  if (order.seller_phone) rows.push(`${both(ORDER_LABELS.phone)}: ${order.seller_phone}`);
  return rows;
}

/** The order as an A4 PDF. */
export function renderPurchaseOrderPdf(order: PurchaseOrder): Promise<Buffer> {
  const { doc, done } = a4Document({ Title: `${order.number} ${ORDER_LABELS.title.en}`, Author: order.buyer_name ?? '' });
  let y = MARGIN;
  drawLine(doc, ORDER_LABELS.title.ar, MARGIN, y, WIDTH, { size: 18, base: 'rtl', bold: true });
  drawLine(doc, ORDER_LABELS.title.en, MARGIN, y + 4, WIDTH, { size: 16, base: 'ltr', bold: true });
  y += 36;
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(1).strokeColor('#000').stroke();
  y += 8;

  const status = ORDER_STATUS_LABELS[order.status];
  const facts: Array<[Bilingual, string]> = [
    [ORDER_LABELS.number, order.number],
    [ORDER_LABELS.issuedAt, documentDateTime(order.issued_at)],
    [ORDER_LABELS.status, both(status)],
  ];
  for (const [label, value] of facts) y += factRow(doc, label, value, MARGIN, y, WIDTH);
  y += paragraph(doc, ORDER_LABELS.subject, order.title, y);
  if (order.reason) y += paragraph(doc, ORDER_LABELS.reason, order.reason, y);
  y += 8;

  const half = (WIDTH - 12) / 2;
  const top = y;
  const heights = [
    partyBox(doc, DOCUMENT_LABELS.seller, order.seller_name ?? '—', sellerRows(order), MARGIN + half + 12, y, half),
    partyBox(doc, DOCUMENT_LABELS.buyer, order.buyer_name ?? '—', [], MARGIN, y, half),
  ];
  const boxHeight = Math.max(...heights);
  doc.lineWidth(0.75).strokeColor(RULE);
  doc.rect(MARGIN + half + 12, top, half, boxHeight).stroke();
  doc.rect(MARGIN, top, half, boxHeight).stroke();
  y += boxHeight + 14;

  y = linesTable(doc, COLUMNS, order.lines, y) + 14;

  // The totals and the terms stay together: a new page when they would not fit under the lines.
  if (y + 200 > A4[1] - MARGIN) {
    doc.addPage({ size: A4, margin: MARGIN });
    y = MARGIN;
  }
  const standard = order.lines.find((l) => l.vat_category === 'S');
  const rate = standard ? documentRate(standard.vat_rate) : null;
  const totals: Array<[Bilingual, string, boolean]> = [
    [DOCUMENT_LABELS.subtotal, sar(order.subtotal), false],
    [rate ? { ar: `${DOCUMENT_LABELS.vatTotal.ar} ${rate}`, en: `${DOCUMENT_LABELS.vatTotal.en} ${rate}` } : DOCUMENT_LABELS.vatTotal, sar(order.vat_total), false],
    [DOCUMENT_LABELS.total, sar(order.total), true],
  ];
  const totalsWidth = 300;
  const totalsX = RIGHT - totalsWidth;
  for (const [label, amount, strong] of totals) {
    drawLine(doc, both(label), totalsX + 110, y, totalsWidth - 110, { size: 9.5, base: 'rtl', bold: strong });
    drawLine(doc, amount, totalsX, y, 105, { size: 9.5, base: 'ltr', bold: strong });
    y += 20;
    doc.moveTo(totalsX, y - 5).lineTo(RIGHT, y - 5).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  y += 10;

  drawLine(doc, both(ORDER_LABELS.delivery), MARGIN, y, WIDTH, { size: 10, base: 'rtl', bold: true });
  y += 18;
  y += paragraph(doc, ORDER_LABELS.location, order.delivery_location, y);
  y += factRow(doc, ORDER_LABELS.deliveryDate, order.delivery_date ?? '—', MARGIN, y, WIDTH);
  y += factRow(doc, ORDER_LABELS.deliveryDays, order.delivery_days === null ? '—' : String(order.delivery_days), MARGIN, y, WIDTH);
  if (order.notes) {
    y += 6;
    // Long notes run on: a new page rather than text past the margin.
    if (y + 40 > A4[1] - MARGIN) {
      doc.addPage({ size: A4, margin: MARGIN });
      y = MARGIN;
    }
    paragraph(doc, ORDER_LABELS.notes, order.notes, y);
  }
  doc.end();
  return done;
}
