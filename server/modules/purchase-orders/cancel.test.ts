/**
 * The buyer's cancel of a purchase order once money or goods moved on it: an order with a
 * live invoice, a payment or a delivery with proof is not cancellable (409
 * order_not_cancellable, its reason in details), through REST and the sync push alike, and
 * the order's row says so (cancel_blocker) to both parties' devices.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riyadhDay } from '../../../shared/payments';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, changesOf, driverOf, type Client } from '../../test/factories';
import { step } from '../../test/deals';
import { clearedInvoice, tradingParties } from '../../test/invoice-steps';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody } from '../../test/rfq-steps';

describe('cancelling a purchase order', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());

  const cancel = (buyer: Client, id: string) => buyer.post(`/api/purchase-orders/${id}/cancel`, { reason: 'لم نعد نحتاجه' });
  const pushCancel = (buyer: Client, id: string) =>
    buyer.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'purchase_order.cancel', args: { id, reason: null } }] });
  const orderOf = async (c: Client, id: string) => (await c.get(`/api/purchase-orders/${id}`)).body;

  async function expectNotCancellable(buyer: Client, seller: Client, id: string, blocker: string) {
    const res = await cancel(buyer, id);
    expect([res.status, res.body.code, res.body.details?.[0]?.code]).toEqual([409, 'order_not_cancellable', blocker]);
    const pushed = await pushCancel(buyer, id);
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', code: 'order_not_cancellable' });
    expect(await orderOf(seller, id)).toMatchObject({ status: 'accepted', cancel_blocker: blocker, reason: null });
  }

  it('is refused once the order is invoiced, and once its invoice is paid; the parties are told the order changed', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const poId = (invoice as unknown as { purchase_order_id: string }).purchase_order_id;
    expect((await changesOf(server.db.knex, 'purchase_order', poId)).audiences).toContain(`user:${buyer.user.id}`);
    await expectNotCancellable(buyer, seller, poId, 'invoiced');

    const paid = await buyer.post(`/api/invoices/${invoice.id}/payments`, { id: crypto.randomUUID(), amount: invoice.total, paid_on: riyadhDay(new Date()), reference: 'TRX-77' });
    expect(paid.status, paid.text).toBe(201);
    await expectNotCancellable(buyer, seller, poId, 'paid');
  });

  it('is refused once a driver delivered the goods with a proof; before that, and without any of these, it is cancelled', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const order = async () => {
      const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
      const quote = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 10 }));
      const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: quote.id }] })).body;
      expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
      return po as { id: string };
    };
    const po = await order();
    const request = (await buyer.post('/api/transport-requests', { pickup_location: 'ينبع', delivery_location: 'الخبر', cargo_description: 'أسمنت', purchase_order_id: po.id })).body;
    const carrier = await as(server, 'transport');
    const offer = (await carrier.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 900 })).body;
    expect((await buyer.post(`/api/transport-requests/${request.id}/accept`, { offer_id: offer.id })).status).toBe(200);
    const driver = await driverOf(server, carrier);
    const delivery = (await carrier.post(`/api/transport-requests/${request.id}/assign`, { driver_id: driver.user.id, vehicle_plate: 'أ ب ج 1234' })).body;
    for (const s of ['picked_up', 'on_the_way']) expect((await step(driver, delivery.id, s)).status).toBe(200);
    expect((await orderOf(buyer, po.id)).cancel_blocker).toBeNull();
    const before = (await changesOf(server.db.knex, 'purchase_order', po.id)).count;
    expect((await step(driver, delivery.id, 'delivered')).status).toBe(200);
    expect((await changesOf(server.db.knex, 'purchase_order', po.id)).count).toBeGreaterThan(before);
    await expectNotCancellable(buyer, seller, po.id, 'delivered');

    // An accepted order nothing moved on is cancelled as before.
    const plain = await order();
    const res = await cancel(buyer, plain.id);
    expect([res.status, res.body.status, res.body.cancel_blocker]).toEqual([200, 'cancelled', null]);
  });
});
