/**
 * Purchase orders through REST: who may read them, the seller's answer, the buyer's
 * cancel (refused once the order was invoiced, paid or delivered), delivery and closing,
 * each told to the other party; and the order an accepted instant-order offer makes.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riyadhDay } from '../../../shared/riyadh';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, audiences, changesOf, driverOf, notificationsOf, postOffer, postOrder, type Client } from '../../test/factories';
import { answer, step } from '../../test/deals';
import { clearedInvoice, tradingParties } from '../../test/invoice-steps';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';

describe('purchase orders', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  /** An issued purchase order of one line (10 × 18.50) from an award. */
  async function issued(): Promise<{ buyer: Client; seller: Client; po: { id: string; number: string } & Record<string, unknown> }> {
    const buyer = await as(server, 'contractor', { company_name: 'مقاولات الشرق' });
    const seller = await as(server, 'supplier', { company_name: 'مورد الشمال', language: 'en' });
    await sellIn(seller, category);
    const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
    const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5 }));
    const res = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] });
    expect(res.status).toBe(200);
    return { buyer, seller, po: res.body[0] };
  }

  it('is read by its buyer and seller only, listed on each side', async () => {
    const { buyer, seller, po } = await issued();
    await knex()('profiles').where({ user_id: seller.user.id }).update({ city: 'ينبع', address: 'المنطقة الصناعية' });
    expect((await buyer.get(`/api/purchase-orders/${po.id}`)).body).toMatchObject({
      id: po.id, buyer_name: 'مقاولات الشرق', seller_name: 'مورد الشمال', seller_city: 'ينبع', seller_address: 'المنطقة الصناعية', total: 212.75,
    });
    expect((await seller.get(`/api/purchase-orders/${po.id}`)).status).toBe(200);
    expect((await (await as(server, 'supplier')).get(`/api/purchase-orders/${po.id}`)).status).toBe(404);
    expect((await buyer.get('/api/purchase-orders?as=buyer')).body.map((p: { id: string }) => p.id)).toEqual([po.id]);
    expect((await buyer.get('/api/purchase-orders?as=seller')).body).toEqual([]);
    expect((await seller.get('/api/purchase-orders')).body.map((p: { id: string }) => p.id)).toEqual([po.id]);
    expect((await changesOf(knex(), 'purchase_order', po.id)).audiences).toEqual(audiences(`user:${buyer.user.id}`, `user:${seller.user.id}`));
  });

  it('is accepted by the seller only, once; the buyer is told', async () => {
    const { buyer, seller, po } = await issued();
    const byBuyer = await buyer.post(`/api/purchase-orders/${po.id}/accept`, {});
    expect([byBuyer.status, byBuyer.body.code]).toEqual([403, 'not_the_seller']);
    expect((await (await as(server, 'supplier')).post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(404);
    const res = await seller.post(`/api/purchase-orders/${po.id}/accept`, {});
    expect(res.body).toMatchObject({ status: 'accepted' });
    expect(res.body.answered_at).not.toBeNull();
    const [told] = await notificationsOf(knex(), buyer.user.id, 'purchase_order.accepted');
    expect(told.params).toMatchObject({ number: po.number, company: 'مورد الشمال', purchase_order_id: po.id });
    const again = await seller.post(`/api/purchase-orders/${po.id}/decline`, {});
    expect([again.status, again.body.code]).toEqual([409, 'purchase_order_status_changed']);
  });

  it('is declined by the seller with a reason; a declined order cannot be cancelled', async () => {
    const { buyer, seller, po } = await issued();
    expect((await seller.post(`/api/purchase-orders/${po.id}/decline`, { reason: 'نفدت الكمية' })).body).toMatchObject({ status: 'declined', reason: 'نفدت الكمية' });
    expect(await notificationsOf(knex(), buyer.user.id, 'purchase_order.declined')).toHaveLength(1);
    expect((await buyer.post(`/api/purchase-orders/${po.id}/cancel`, {})).body.code).toBe('purchase_order_status_changed');
  });

  it('is cancelled by the buyer while issued or accepted, never by the seller; the seller is told', async () => {
    const { buyer, seller, po } = await issued();
    const bySeller = await seller.post(`/api/purchase-orders/${po.id}/cancel`, {});
    expect([bySeller.status, bySeller.body.code]).toEqual([403, 'not_the_buyer']);
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    expect((await buyer.post(`/api/purchase-orders/${po.id}/cancel`, {})).body.status).toBe('cancelled');
    const [told] = await notificationsOf(knex(), seller.user.id, 'purchase_order.cancelled');
    expect(told).toMatchObject({ title: 'Purchase order cancelled' });
  });

  it('goes accepted -> delivered (seller) -> closed (buyer)', async () => {
    const { buyer, seller, po } = await issued();
    expect((await seller.post(`/api/purchase-orders/${po.id}/deliver`, {})).body.code).toBe('purchase_order_status_changed');
    await seller.post(`/api/purchase-orders/${po.id}/accept`, {});
    expect((await seller.post(`/api/purchase-orders/${po.id}/deliver`, {})).body.status).toBe('delivered');
    expect(await notificationsOf(knex(), buyer.user.id, 'purchase_order.delivered')).toHaveLength(1);
    expect((await buyer.post(`/api/purchase-orders/${po.id}/cancel`, {})).body.code).toBe('purchase_order_status_changed');
    expect((await buyer.post(`/api/purchase-orders/${po.id}/close`, {})).body.status).toBe('closed');
  });

  describe('from an instant order', () => {
    it('makes an accepted offer a purchase order to its supplier, at the offered price, numbered in the buyer\'s sequence', async () => {
      const buyer = await as(server, 'contractor', { company_name: 'مقاولات الغرب' });
      const supplier = await as(server, 'supplier');
      const order = await postOrder(buyer, { quantity: 12.5, unit: 'طن' });
      const offer = (await postOffer(supplier, order.id, { offered_price: 45_000, delivery_time_hours: 30 })).body;
      expect((await buyer.post(`/api/instant-orders/${order.id}/accept`, { response_id: offer.id })).status).toBe(200);
      const [po] = (await supplier.get('/api/purchase-orders?as=seller')).body;
      expect(po).toMatchObject({
        number: `PO-${new Date().getUTCFullYear()}-000001`,
        instant_order_id: order.id,
        rfq_id: null,
        buyer_id: buyer.user.id,
        title: 'حديد تسليح 16 ملم',
        delivery_location: 'جدة',
        delivery_days: 2,
        status: 'issued',
        subtotal: 45_000,
        vat_total: 6750,
        total: 51_750,
        // The offer's notes are the supplier's word on the whole order, so they are the order's.
        notes: 'تسليم في الموقع',
        lines: [{ quantity: 12.5, unit: 'طن', unit_price: 3600, line_total: 45_000, vat_amount: 6750, note: null }],
      });
      expect((await notificationsOf(knex(), supplier.user.id, 'purchase_order.issued'))[0].params).toMatchObject({ number: po.number, amount: 51_750, company: 'مقاولات الغرب' });
    });

    it('prices a total that does not divide into halalas per unit as one lot, so the total stays the offered price', async () => {
      const buyer = await as(server, 'contractor');
      const supplier = await as(server, 'supplier');
      const order = await postOrder(buyer, { quantity: 3, unit: 'طن' });
      const offer = (await postOffer(supplier, order.id, { offered_price: 1000 })).body;
      await buyer.post(`/api/instant-orders/${order.id}/accept`, { response_id: offer.id });
      const [po] = (await buyer.get('/api/purchase-orders')).body;
      expect(po).toMatchObject({ subtotal: 1000, total: 1150, lines: [{ quantity: 1, unit: 'lot', unit_price: 1000, description: 'مطلوب بشكل عاجل (3 طن)' }] });
    });
  });

  /**
   * The buyer's cancel once money or goods moved on the order: a payment (409 order_paid), a
   * live invoice (order_invoiced), a goods receipt (order_has_receipts) or a delivery with
   * proof (order_not_cancellable, delivered in details) makes it not cancellable, REST and
   * sync push alike, and the order's row says so (cancel_blocker).
   */
  describe('cancelling once money or goods moved', () => {
    const cancel = (buyer: Client, id: string) => buyer.post(`/api/purchase-orders/${id}/cancel`, { reason: 'لم نعد نحتاجه' });
    const pushCancel = (buyer: Client, id: string) =>
      buyer.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'purchase_order.cancel', args: { id, reason: null } }] });
    const orderOf = async (c: Client, id: string) => (await c.get(`/api/purchase-orders/${id}`)).body;

    const CODES: Record<string, string> = { paid: 'order_paid', invoiced: 'order_invoiced', received: 'order_has_receipts', delivered: 'order_not_cancellable' };
    async function expectNotCancellable(buyer: Client, seller: Client, id: string, blocker: string, status = 'accepted') {
      const res = await cancel(buyer, id);
      expect([res.status, res.body.code]).toEqual([409, CODES[blocker]]);
      if (blocker === 'delivered') expect(res.body.details?.[0]?.code).toBe('delivered');
      const pushed = await pushCancel(buyer, id);
      expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', code: CODES[blocker] });
      expect(await orderOf(seller, id)).toMatchObject({ status, cancel_blocker: blocker, reason: null });
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
      // A problem the buyer reports on what arrived does not undo the delivery.
      const problem = await buyer.post(`/api/deliveries/${delivery.id}/problem`, answer({ kind: 'damaged', note: 'كيسان ممزقان' }));
      expect(problem.status, problem.text).toBe(200);
      await expectNotCancellable(buyer, seller, po.id, 'delivered');

      // An accepted order nothing moved on is cancelled as before.
      const plain = await order();
      const res = await cancel(buyer, plain.id);
      expect([res.status, res.body.status, res.body.cancel_blocker]).toEqual([200, 'cancelled', null]);
    });
  });
});
