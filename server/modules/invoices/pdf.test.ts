/**
 * The invoice's PDF: one A4 page that is a PDF, whose text (read back with pdf.js, as a
 * reader's viewer or a search would) carries the number, the dates, the parties and the
 * amounts (the Arabic lines' shaping and order are pdf-text.test.ts's); and it is read as REST reads the invoice: its seller,
 * its buyer once cleared, no one else.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, type Client } from '../../test/factories';
import { acceptedOrder, clearInvoice, insertInvoice } from '../../test/invoice-rows';
import { PDF_INVOICE } from '../../test/pdf-invoice';
import { renderInvoicePdf } from './pdf';

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

describe('the invoice PDF', () => {
  it('is one A4 page of PDF with the number, dates, parties and amounts', async () => {
    const pdf = await renderInvoicePdf(PDF_INVOICE);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    const [page, ...more] = await read(pdf);
    expect(more).toEqual([]);
    expect(page.size).toEqual([0, 0, 595, 842]);
    for (const text of ['INV-2026-000042', 'PO-2026-000017', '2026-11-28 12:30:00', '2026-11-27', '310122393500003', '300000000000003', '6,535.00 SAR', '27.75 SAR', '6,562.75 SAR', '2,400.00', 'Tax Invoice']) {
      expect(page.text, text).toContain(text);
    }
  });

  it('states a credit note as one, with its invoice and reason', async () => {
    const note = { ...PDF_INVOICE, kind: 'credit_note' as const, number: 'CN-2026-000003', original_invoice_id: PDF_INVOICE.id, original_invoice_number: 'INV-2026-000042', reason: 'بضاعة تالفة عند الاستلام' };
    const [page] = await read(await renderInvoicePdf(note));
    expect(page.text).toContain('Credit Note');
    expect(page.text).toContain('CN-2026-000003');
    expect(page.text).toContain('INV-2026-000042');
  });

  it('titles a simplified invoice as ZATCA does, and a standard one without "Simplified"', async () => {
    const [simplified] = await read(await renderInvoicePdf({ ...PDF_INVOICE, simplified: true }));
    expect(simplified.text).toContain('Simplified Tax Invoice');
    const [standard] = await read(await renderInvoicePdf(PDF_INVOICE));
    expect(standard.text).not.toContain('Simplified');
  });

  it('runs to more pages when the lines do not fit one, each A4', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ ...PDF_INVOICE.lines[0], id: crypto.randomUUID(), position: i + 1 }));
    const pages = await read(await renderInvoicePdf({ ...PDF_INVOICE, lines }));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.size).toEqual([0, 0, 595, 842]);
  });
});

describe('GET /api/invoices/{id}/pdf', () => {
  let server: TestServer;
  let clients: Record<'seller' | 'buyer' | 'stranger', Client>;
  let po: { id: string; seller_id: string; buyer_id: string };
  beforeAll(async () => {
    server = await startTestServer();
    const order = await acceptedOrder(server);
    po = order.po;
    clients = { seller: order.seller, buyer: order.buyer, stranger: await as(server, 'supplier') };
  }, 60_000);
  afterAll(() => server.close());

  /** The PDF as a browser downloads it: status, headers and the bytes. */
  async function download(client: Client, id: string) {
    const res = await fetch(new URL(`/api/invoices/${id}/pdf`, client.base), { headers: { Cookie: client.cookieHeader() } });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: Buffer.from(await res.arrayBuffer()) };
  }

  it('answers its seller from the issue, its buyer once cleared, and no one else', async () => {
    const knex = server.db.knex;
    const id = await insertInvoice(knex, po, { status: 'pending' });
    const number = (await knex('invoices').where({ id }).first('number')).number as string;
    const sellers = await download(clients.seller, id);
    expect([sellers.status, sellers.type, sellers.disposition]).toEqual([200, 'application/pdf', `attachment; filename="${number}.pdf"`]);
    expect((await read(sellers.body))[0].text).toContain(number);
    expect((await download(clients.buyer, id)).status).toBe(404);

    await clearInvoice(knex, id);
    const buyers = await download(clients.buyer, id);
    expect(buyers.status).toBe(200);
    expect((await read(buyers.body))[0]).toMatchObject({ size: [0, 0, 595, 842], text: expect.stringContaining('212.75 SAR') });
    expect((await download(clients.stranger, id)).status).toBe(404);
  });
});
