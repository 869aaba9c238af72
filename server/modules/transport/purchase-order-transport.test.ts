/**
 * Transport for a purchase order, in one step from the order: only its buyer asks, only
 * once the seller has accepted it, and the request names the order (and no other deal).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';

describe('transport for a purchase order', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());

  const body = { pickup_location: 'الدمام', delivery_location: 'الرياض، حي الملقا', cargo_description: 'PO: 10 كيس إسمنت' };

  it('is asked by the buyer of an accepted order only, and names the order', async () => {
    const buyer = await as(server, 'contractor');
    const seller = await as(server, 'supplier');
    await sellIn(seller, category);
    const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
    const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5 }));
    const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })).body;

    const early = await buyer.post('/api/transport-requests', { ...body, purchase_order_id: po.id });
    expect([early.status, early.body.code]).toEqual([409, 'deal_not_ready']);
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);

    const other = await as(server, 'contractor');
    const theirs = await other.post('/api/transport-requests', { ...body, purchase_order_id: po.id });
    expect([theirs.status, theirs.body.code]).toEqual([403, 'not_your_deal']);
    const two = await buyer.post('/api/transport-requests', { ...body, purchase_order_id: po.id, project_id: crypto.randomUUID() });
    expect(two.status).toBe(400);

    const res = await buyer.post('/api/transport-requests', { ...body, purchase_order_id: po.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ purchase_order_id: po.id, instant_order_id: null, project_id: null, status: 'pending' });
    expect((await buyer.get(`/api/transport-requests/${res.body.id}`)).body.purchase_order_id).toBe(po.id);
  });
});
