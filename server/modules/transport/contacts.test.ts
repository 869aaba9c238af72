/**
 * Transport booked from an order knows where and whom: the purchase order gives its buyer
 * the seller's national address (from its tax profile), contact and phone to fill the
 * request from; the request carries a contact at each end, Saudi phones in E.164, shown to
 * the deal's parties only; the driver's delivery names whom to call at each end; and the
 * seller hears when a truck is booked for its order. REST and sync alike.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nationalAddressLine } from '../../../shared/schemas/tax-profile';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { as, driverOf, notificationsOf, type Client } from '../../test/factories';
import { PLATE, assignedDelivery, fulfilledOrder } from '../../test/deals';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';
import { taxProfile, VALID_TAX_PROFILE } from '../../test/tax-profile';

let server: TestServer;
let category: string;
beforeAll(async () => {
  server = await startTestServer();
  category = await categoryId(server.db.knex, 2);
});
afterAll(() => server.close());

const knex = () => server.db.knex;

async function pullAll(client: Client): Promise<Array<{ entity: string; id: string; data?: Record<string, unknown> }>> {
  const changes = [];
  let cursor = '';
  for (;;) {
    const res = await client.get(`/api/sync/pull?cursor=${cursor}&limit=100`);
    expect(res.status, res.text).toBe(200);
    changes.push(...res.body.changes);
    cursor = res.body.cursor;
    if (!res.body.has_more) return changes;
  }
}

let mutationId = 0;
const push = (client: Client, name: string, args: unknown) =>
  client.post('/api/sync/push', { client_id: `contacts-${client.user.id}`, mutations: [{ id: ++mutationId, name, args }] });

/** A purchase order the seller accepted; the seller has a tax profile and a phone unless `bare`. */
async function acceptedOrder({ bare = false } = {}) {
  const buyer = await as(server, 'contractor');
  const seller = await as(server, 'supplier', { name: 'Fahd Alharbi' });
  await sellIn(seller, category);
  if (!bare) {
    const saved = await seller.put('/api/company/tax-profile', taxProfile());
    expect(saved.status, saved.text).toBe(200);
    await knex()('profiles').where({ user_id: seller.user.id }).update({ phone: '+966551234567' });
  }
  const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
  const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5 }));
  const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })).body;
  expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
  return { buyer, seller, po };
}

const CONTACTS = {
  pickup_contact_name: 'Fahd Alharbi',
  pickup_contact_phone: '0551234567',
  delivery_contact_name: 'م. خالد',
  // Arabic-Indic digits, as a phone keyboard in Arabic types them.
  delivery_contact_phone: '٠٥٠١٢٣٤٥٦٧',
};
const body = (over: Record<string, unknown> = {}) => ({ pickup_location: 'ينبع', delivery_location: 'الرياض، حي الملقا', cargo_description: 'PO: 10 كيس إسمنت', ...over });

describe('where a truck picks up an order', () => {
  it("gives the buyer the seller's national address, contact and phone, over REST and the pull", async () => {
    const { buyer, seller, po } = await acceptedOrder();
    const res = await buyer.get(`/api/purchase-orders/${po.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ seller_national_address: VALID_TAX_PROFILE.address, seller_contact_name: 'Fahd Alharbi', seller_phone: '+966551234567' });
    // The whole address on one line, not the city alone.
    expect(nationalAddressLine(res.body.seller_national_address)).toBe('1234 طريق الملك فهد، العليا، الرياض 12345-5678');
    const pulled = (await pullAll(buyer)).find((c) => c.entity === 'purchase_order' && c.id === po.id);
    expect(pulled?.data).toMatchObject({ seller_national_address: VALID_TAX_PROFILE.address, seller_phone: '+966551234567' });
    // The seller reads its own order the same way.
    expect((await seller.get(`/api/purchase-orders/${po.id}`)).body.seller_national_address).toEqual(VALID_TAX_PROFILE.address);
  });

  it('answers null for a seller who saved no tax profile (the form falls back to its profile address)', async () => {
    const { buyer, po } = await acceptedOrder({ bare: true });
    const res = await buyer.get(`/api/purchase-orders/${po.id}`);
    expect(res.body).toMatchObject({ seller_national_address: null, seller_phone: null });
  });
});

describe('the contacts a booking carries', () => {
  it('answers 400 to a phone that is not Saudi, and to a name with no phone', async () => {
    const { buyer, po } = await acceptedOrder({ bare: true });
    for (const [over, path, message] of [
      [{ pickup_contact_phone: '12345' }, 'pickup_contact_phone', 'invalid_phone'],
      [{ delivery_contact_phone: '+44 20 7946 0958' }, 'delivery_contact_phone', 'invalid_phone'],
      [{ delivery_contact_name: 'م. خالد' }, 'delivery_contact_phone', 'contact_phone_required'],
    ] as const) {
      const res = await buyer.post('/api/transport-requests', body({ ...over, purchase_order_id: po.id }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
    }
    expect(await knex()('transport_requests').where({ purchase_order_id: po.id })).toHaveLength(0);
  });

  it('stores them in E.164 and shows them to the requester and the chosen company only', async () => {
    const { buyer, po } = await acceptedOrder({ bare: true });
    const created = await buyer.post('/api/transport-requests', body({ ...CONTACTS, purchase_order_id: po.id }));
    expect(created.status, created.text).toBe(201);
    const mine = { pickup_contact_name: 'Fahd Alharbi', pickup_contact_phone: '+966551234567', delivery_contact_name: 'م. خالد', delivery_contact_phone: '+966501234567' };
    expect(created.body).toMatchObject(mine);
    const hidden = { pickup_contact_name: null, pickup_contact_phone: null, delivery_contact_name: null, delivery_contact_phone: null };

    // A pending request is public: visitors and companies quoting read no one's phone.
    const carrier = await as(server, 'transport');
    const rival = await as(server, 'transport');
    const anon = new TestClient(server.url);
    expect((await carrier.get(`/api/transport-requests/${created.body.id}`)).body).toMatchObject(hidden);
    expect((await anon.get(`/api/transport-requests/${created.body.id}`)).body).toMatchObject(hidden);
    expect((await carrier.get('/api/transport-requests')).body.find((r: { id: string }) => r.id === created.body.id)).toMatchObject(hidden);

    const quote = (await carrier.post('/api/transport-offers', { transport_request_id: created.body.id, quoted_price: 900 })).body;
    expect((await buyer.post(`/api/transport-requests/${created.body.id}/accept`, { offer_id: quote.id })).status).toBe(200);
    expect((await carrier.get(`/api/transport-requests/${created.body.id}`)).body).toMatchObject(mine);
    expect((await rival.get(`/api/transport-requests/${created.body.id}`)).body).toMatchObject(hidden);
    // The pull says the same as REST to each.
    expect((await pullAll(carrier)).find((c) => c.entity === 'transport_request' && c.id === created.body.id)?.data).toMatchObject(mine);
    expect((await pullAll(rival)).find((c) => c.entity === 'transport_request' && c.id === created.body.id)?.data).toMatchObject(hidden);
  });

  it('runs the same rules through the sync push', async () => {
    const { buyer, po } = await acceptedOrder({ bare: true });
    const refused = await push(buyer, 'transport_request.create', { id: crypto.randomUUID(), ...body({ pickup_contact_phone: '0000', purchase_order_id: po.id }) });
    expect(refused.status, refused.text).toBe(200);
    expect(refused.body.results[0]).toMatchObject({ status: 'rejected', code: 'validation_failed' });
    const id = crypto.randomUUID();
    const ok = await push(buyer, 'transport_request.create', { id, ...body({ ...CONTACTS, purchase_order_id: po.id }) });
    expect(ok.body.results[0].status, JSON.stringify(ok.body)).toBe('applied');
    expect(await knex()('transport_requests').where({ id }).first('pickup_contact_phone', 'delivery_contact_phone')).toEqual({
      pickup_contact_phone: '+966551234567',
      delivery_contact_phone: '+966501234567',
    });
  });
});

describe('whom the driver calls', () => {
  it("names the request's contact at each end, with tap-to-call numbers, on REST and the driver's pull", async () => {
    const { buyer, po } = await acceptedOrder({ bare: true });
    const request = (await buyer.post('/api/transport-requests', body({ ...CONTACTS, purchase_order_id: po.id }))).body;
    const carrier = await as(server, 'transport');
    const quote = (await carrier.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 900 })).body;
    await buyer.post(`/api/transport-requests/${request.id}/accept`, { offer_id: quote.id });
    const driver = await driverOf(server, carrier);
    const assigned = await carrier.post(`/api/transport-requests/${request.id}/assign`, { driver_id: driver.user.id, vehicle_plate: PLATE });
    expect(assigned.status, assigned.text).toBe(200);
    const ends = { pickup_contact_name: 'Fahd Alharbi', pickup_contact_phone: '+966551234567', delivery_contact_name: 'م. خالد', delivery_contact_phone: '+966501234567' };
    expect((await driver.get(`/api/deliveries/${assigned.body.id}`)).body).toMatchObject(ends);
    expect((await pullAll(driver)).find((c) => c.entity === 'delivery')?.data).toMatchObject(ends);
  });

  it('falls back to the supplier at pickup and the requester at drop-off when the request names no one', async () => {
    const job = await assignedDelivery(server);
    await knex()('profiles').where({ user_id: job.contractor.user.id }).update({ phone: '+966501112222' });
    const res = await job.driver.get(`/api/deliveries/${job.delivery.id}`);
    expect(res.body).toMatchObject({
      pickup_contact_name: res.body.supplier_name,
      pickup_contact_phone: null,
      delivery_contact_name: res.body.requester_name,
      delivery_contact_phone: '+966501112222',
    });
    expect(res.body.pickup_contact_name).toEqual(expect.any(String));
  });
});

describe("the seller's word that a truck is coming", () => {
  it('tells the seller of a purchase order when its buyer books a truck (REST), naming the company and the order', async () => {
    const { buyer, seller, po } = await acceptedOrder({ bare: true });
    const request = (await buyer.post('/api/transport-requests', body({ purchase_order_id: po.id }))).body;
    const carrier = await as(server, 'transport', { company_name: 'ناقلات الخليج' });
    const quote = (await carrier.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 900 })).body;
    expect(await notificationsOf(knex(), seller.user.id, 'transport_request.booked')).toEqual([]);
    expect((await buyer.post(`/api/transport-requests/${request.id}/accept`, { offer_id: quote.id })).status).toBe(200);
    const told = await notificationsOf(knex(), seller.user.id, 'transport_request.booked');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'logistics',
      priority: 'high',
      params: { company: 'ناقلات الخليج', order: po.number, pickup: 'ينبع', delivery: 'الرياض، حي الملقا', transport_request_id: request.id, purchase_order_id: po.id },
    });
    expect(told[0].message).toContain(po.number);
    // The seller reads it on its notifications list.
    const list = (await seller.get('/api/notifications')).body as Array<{ kind: string }>;
    expect(list.map((n) => n.kind)).toContain('transport_request.booked');
  });

  it("tells the supplier of an instant order's accepted offer when the booking comes through the sync push", async () => {
    const deal = await fulfilledOrder(server);
    const request = (await deal.contractor.post('/api/transport-requests', body({ instant_order_id: deal.order.id }))).body;
    const carrier = await as(server, 'transport');
    const quote = (await carrier.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 900 })).body;
    const res = await push(deal.contractor, 'transport_request.accept', { id: request.id, offer_id: quote.id });
    expect(res.body.results[0].status, JSON.stringify(res.body)).toBe('applied');
    const told = await notificationsOf(knex(), deal.supplier.user.id, 'transport_request.booked');
    expect(told.map((n) => n.params)).toEqual([expect.objectContaining({ transport_request_id: request.id, order_id: deal.order.id })]);
    // Nobody else hears of it: the buyer booked it, the carrier has its own news.
    expect(await notificationsOf(knex(), deal.contractor.user.id, 'transport_request.booked')).toEqual([]);
    expect(await notificationsOf(knex(), carrier.user.id, 'transport_request.booked')).toEqual([]);
  });

  it('tells no one for transport of no sale (a request of its own)', async () => {
    const requester = await as(server, 'contractor');
    const request = (await requester.post('/api/transport-requests', body())).body;
    const carrier = await as(server, 'transport');
    const quote = (await carrier.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 900 })).body;
    await requester.post(`/api/transport-requests/${request.id}/accept`, { offer_id: quote.id });
    expect(await knex()('notifications').where({ kind: 'transport_request.booked' }).whereRaw("params->>'transport_request_id' = ?", [request.id])).toEqual([]);
  });
});
