/**
 * The purchase order's PDF: A4 pages of PDF whose text carries the order's number, date,
 * status, parties, lines (with what was received, rejected and invoiced of each), totals,
 * delivery terms and notes under Arabic and English labels; and it is read as REST reads
 * the order: its buyer and its seller, a 404 for anyone else, 401 signed out.
 * English and figures are read back with pdf.js, as a viewer or a search would; the Arabic
 * labels are read from what the renderer hands pdfkit to draw (pdf.js's text of shaped
 * Arabic glyphs comes back in presentation order, not as the words: pdf-text.test.ts
 * checks the shaping itself).
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import PDFDocument from 'pdfkit';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_LABELS } from '../../../shared/invoice-document';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, type Client } from '../../test/factories';
import { acceptedOrder, insertInvoice } from '../../test/invoice-rows';
import { ORDER_LABELS, ORDER_STATUS_LABELS, renderPurchaseOrderPdf } from './purchase-order-pdf';

/** The PDF's pages: their size in points and their text, items joined in drawing order. */
async function read(pdf: Buffer): Promise<Array<{ size: number[]; text: string }>> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push({ size: page.view.map((v) => Math.round(v)), text: content.items.map((i) => ('str' in i ? i.str : '')).join(' ') });
  }
  await doc.destroy();
  return pages;
}

const line = (position: number, over: Partial<PurchaseOrder['lines'][number]>): PurchaseOrder['lines'][number] => ({
  id: `00000000-0000-4000-8000-00000000000${position}`,
  position,
  rfq_line_id: null,
  budget_line_id: null,
  description: 'أسمنت بورتلاندي مقاوم للكبريتات',
  quantity: 200,
  unit: 'كيس',
  unit_price: 18.5,
  vat_rate: 0.15,
  vat_category: 'S',
  exemption_reason_code: null,
  exemption_reason: null,
  line_total: 3700,
  vat_amount: 555,
  substitute_product_id: null,
  note: null,
  received_quantity: 120,
  rejected_quantity: 7,
  accepted_quantity: 113,
  cancelled_quantity: 0,
  invoiced_quantity: 113,
  ...over,
});

/** An order part received: 120 of 200 bags in, 7 of them rejected, 113 invoiced; the rebar not yet arrived. */
const ORDER: PurchaseOrder = {
  id: '30000000-0000-4000-8000-000000000001',
  number: 'PO-2026-000017',
  rfq_id: null,
  quote_id: null,
  instant_order_id: null,
  site_id: null,
  site_name: null,
  approval_request_id: null,
  buyer_id: '10000000-0000-4000-8000-000000000002',
  buyer_name: 'مقاولات الشرق',
  seller_id: '10000000-0000-4000-8000-000000000001',
  seller_name: 'Northern Supply',
  seller_address: null,
  seller_city: null,
  seller_national_address: { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345', additional_number: '5678' },
  seller_contact_name: 'Saad Alotaibi',
  seller_phone: '+966501234567',
  title: 'توريد مواد مشروع برج الخبر',
  lines: [
    line(1, {}),
    line(2, { description: 'Steel rebar 12 mm', quantity: 2.5, unit: 'طن', unit_price: 2400, vat_category: 'Z', vat_rate: 0, line_total: 6000, vat_amount: 0, received_quantity: 0, rejected_quantity: 0, accepted_quantity: 0, invoiced_quantity: 0 }),
  ],
  subtotal: 9700,
  vat_total: 555,
  total: 10255,
  delivery_location: 'حي الشاطئ، الخبر',
  delivery_date: '2026-12-10',
  delivery_days: 5,
  notes: 'Deliver before 10 am, gate 3',
  status: 'partially_received',
  reason: null,
  cancel_blocker: 'received',
  issued_at: '2026-11-28T09:30:00.000Z',
  answered_at: null,
  created_at: '2026-11-28T09:30:00.000Z',
  updated_at: '2026-11-28T09:30:00.000Z',
};

describe('the purchase order PDF', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is an A4 page of PDF with the number, date, status, parties, lines with their quantities, totals, terms and notes', async () => {
    const pdf = await renderPurchaseOrderPdf(ORDER);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [page, ...more] = await read(pdf);
    expect(more).toEqual([]);
    expect(page.size).toEqual([0, 0, 595, 842]);
    const figures = ['PO-2026-000017', '2026-11-28 12:30:00', 'Partly received', 'Northern Supply', '1234', '12345', 'Saad Alotaibi', '+966501234567', 'Steel rebar 12 mm'];
    // line 1: 200 × 18.50 = 3,700.00 + 555.00 VAT; 120 received, 7 rejected, 113 invoiced
    figures.push('200', '18.50', '3,700.00', '555.00', '120', '7', '113', '2,400.00', '6,000.00');
    figures.push('9,700.00 SAR', '555.00 SAR', '10,255.00 SAR', '2026-12-10', 'Deliver before 10 am, gate 3');
    for (const text of figures) expect(page.text, text).toContain(text);
    const english: Array<{ ar: string; en: string }> = [ORDER_LABELS.title, ORDER_LABELS.number, ORDER_LABELS.issuedAt, ORDER_LABELS.status, ORDER_LABELS.received, ORDER_LABELS.rejected, ORDER_LABELS.invoiced, ORDER_LABELS.delivery, ORDER_LABELS.location, ORDER_LABELS.deliveryDate, ORDER_LABELS.deliveryDays, ORDER_LABELS.notes];
    english.push(DOCUMENT_LABELS.seller, DOCUMENT_LABELS.buyer, DOCUMENT_LABELS.description, DOCUMENT_LABELS.quantity, DOCUMENT_LABELS.unitPrice, DOCUMENT_LABELS.vatAmount, DOCUMENT_LABELS.subtotal, DOCUMENT_LABELS.total);
    for (const label of english) expect(page.text, label.en).toContain(label.en);
  });

  it('draws every label in Arabic too, with the Arabic status and the Arabic parties, subject and location', async () => {
    const drawn: string[] = [];
    const text = PDFDocument.prototype.text;
    vi.spyOn(PDFDocument.prototype, 'text').mockImplementation(function (this: InstanceType<typeof PDFDocument>, ...args: Parameters<typeof text>) {
      drawn.push(String(args[0]));
      return text.apply(this, args);
    });
    await renderPurchaseOrderPdf(ORDER);
    // Each line is drawn piece by piece (pdf-text.ts): an Arabic phrase is one piece.
    const all = drawn.join('|');
    // Every label but the reason's, which an order declined or cancelled with a reason carries.
    const labels = [...Object.values(ORDER_LABELS).filter((l) => l !== ORDER_LABELS.reason), DOCUMENT_LABELS.seller, DOCUMENT_LABELS.buyer, DOCUMENT_LABELS.address, DOCUMENT_LABELS.description, DOCUMENT_LABELS.unit, DOCUMENT_LABELS.vatTotal, DOCUMENT_LABELS.total];
    for (const label of labels) expect(all, label.ar).toContain(label.ar);
    for (const value of [ORDER_STATUS_LABELS.partially_received.ar, 'مقاولات الشرق', 'توريد مواد مشروع برج الخبر', 'حي الشاطئ، الخبر', 'طريق الملك فهد']) expect(all, value).toContain(value);
    // Arabic first: the title's Arabic is drawn before its English.
    expect(drawn.indexOf(ORDER_LABELS.title.ar)).toBeLessThan(drawn.indexOf(ORDER_LABELS.title.en));
  });

  it('states why an order was cancelled', async () => {
    const [page] = await read(await renderPurchaseOrderPdf({ ...ORDER, status: 'cancelled', reason: 'Project postponed' }));
    for (const text of ['Cancelled', ORDER_LABELS.reason.en, 'Project postponed']) expect(page.text, text).toContain(text);
  });

  it('names the seller by its profile address before it saved a national one, and leaves out what the order does not carry', async () => {
    const [page] = await read(await renderPurchaseOrderPdf({ ...ORDER, seller_national_address: null, seller_address: 'Industrial area 2', seller_city: 'Dammam', seller_phone: null, notes: null }));
    expect(page.text).toContain('Industrial area 2');
    expect(page.text).not.toContain('+966');
    expect(page.text).not.toContain(ORDER_LABELS.notes.en);
  });

  it('runs to more pages when the lines do not fit one, each A4', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ ...ORDER.lines[0], id: crypto.randomUUID(), position: i + 1 }));
    const pages = await read(await renderPurchaseOrderPdf({ ...ORDER, lines }));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.size).toEqual([0, 0, 595, 842]);
    expect(pages.at(-1)!.text).toContain('10,255.00 SAR');
  });
});

describe('GET /api/purchase-orders/{id}/pdf', () => {
  let server: TestServer;
  let clients: Record<'seller' | 'buyer' | 'stranger', Client>;
  let po: { id: string; number: string; seller_id: string; buyer_id: string };
  beforeAll(async () => {
    server = await startTestServer();
    const order = await acceptedOrder(server);
    po = order.po as typeof po;
    clients = { seller: order.seller, buyer: order.buyer, stranger: await as(server, 'supplier') };
  }, 60_000);
  afterAll(() => server.close());

  /** The PDF as a browser downloads it: status, headers and the bytes. */
  async function download(client: Client | null, headers: Record<string, string> = {}) {
    const base = client?.base ?? clients.buyer.base;
    const res = await fetch(new URL(`/api/purchase-orders/${po.id}/pdf`, base), { headers: { ...(client ? { Cookie: client.cookieHeader() } : {}), ...headers } });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), etag: res.headers.get('etag'), body: Buffer.from(await res.arrayBuffer()) };
  }

  it('answers its buyer and its seller with the order as it stands, a stranger 404 and the signed-out 401', async () => {
    const buyers = await download(clients.buyer);
    expect([buyers.status, buyers.type, buyers.disposition]).toEqual([200, 'application/pdf', `attachment; filename="${po.number}.pdf"`]);
    const [page] = await read(buyers.body);
    // acceptedOrder: one line of 10 × 18.50, VAT 27.75
    for (const text of [po.number, 'Accepted', '185.00 SAR', '27.75 SAR', '212.75 SAR']) expect(page.text, text).toContain(text);
    const sellers = await download(clients.seller);
    expect(sellers.status).toBe(200);
    expect((await read(sellers.body))[0].text).toContain(po.number);

    const stranger = await download(clients.stranger);
    expect([stranger.status, stranger.type]).toEqual([404, expect.stringContaining('json')]);
    expect((await download(null)).status).toBe(401);
  });

  it('answers 304 to the ETag it gave while the order is the same, and a new document once it moved', async () => {
    const first = await download(clients.buyer);
    expect(first.etag).toMatch(/^"po-/);
    expect((await download(clients.seller, { 'If-None-Match': first.etag! })).status).toBe(304);

    // The seller invoices the order: the line's invoiced quantity moves, so does the document.
    await insertInvoice(server.db.knex, po, { status: 'cleared' });
    await server.db.knex('invoice_lines').whereIn('invoice_id', server.db.knex('invoices').where({ purchase_order_id: po.id }).select('id')).update({
      purchase_order_line_id: server.db.knex('purchase_order_lines').where({ purchase_order_id: po.id }).select('id').first(),
    });
    const after = await download(clients.buyer, { 'If-None-Match': first.etag! });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(first.etag);
  });
});
