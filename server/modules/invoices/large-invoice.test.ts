/**
 * An order of as many lines as an RFQ may have (500) is invoiced and cleared against the
 * development ZATCA: its document is far over the app's 100 kB body limit, and the stand-in
 * takes documents as large as ZATCA does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody } from '../../test/rfq-steps';
import { tradingParties } from '../../test/invoice-steps';

const LINES = 500;

describe('a 500-line invoice', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());

  // ZATCA's rules take about a minute on a document this size (more on a busy machine).
  it('is issued and cleared by the development ZATCA', { timeout: 600_000 }, async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const rfq = await postRfq(buyer, rfqBody(category, {}, LINES));
    const quote = await postQuote(seller, rfq.id, quoteBody(Object.fromEntries(rfq.lines.map((l, i) => [l.id, 1 + (i % 50) / 4]))));
    const awarded = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: rfq.lines.map((l) => ({ rfq_line_id: l.id, quote_id: quote.id })) });
    expect(awarded.status, awarded.text).toBe(200);
    const [po] = awarded.body as Array<{ id: string }>;
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);

    const res = await seller.post('/api/invoices', { purchase_order_id: po.id });
    expect([res.status, res.body.status], res.text).toEqual([201, 'pending']);
    const { xml } = await server.db.knex('invoices').where({ id: res.body.id }).first('xml');
    // What is sent is the document in base64: well over the app's 100 kB.
    expect(Buffer.from(xml, 'utf8').toString('base64').length).toBeGreaterThan(100 * 1024);

    await server.drainClearance();
    const invoice = (await seller.get(`/api/invoices/${res.body.id}`)).body;
    expect([invoice.status, invoice.messages]).toEqual(['cleared', []]);
    expect(invoice.lines).toHaveLength(LINES);
  });
});
