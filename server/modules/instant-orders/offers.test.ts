import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { as, audiences, changesOf, notificationsOf, postOffer, postOrder } from '../../test/factories';

describe('instant order offers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;

  describe('POST /api/instant-order-responses', () => {
    it('answers 401 when signed out', async () => {
      const res = await new TestClient(server.url).post('/api/instant-order-responses', {
        instant_order_id: crypto.randomUUID(),
        offered_price: 1,
      });
      expect(res.status).toBe(401);
    });

    it('creates a submitted offer (201), tells the contractor, and logs it for the supplier and the contractor', async () => {
      const contractor = await as(server, 'contractor', { language: 'en' });
      const order = await postOrder(contractor, { title: 'Rebar 16mm' });
      const supplier = await as(server, 'supplier', { company_name: 'حديد الوطنية', verification_tier: 'platinum' });
      const res = await postOffer(supplier, order.id, { offered_price: 44_999.99 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        instant_order_id: order.id,
        supplier_id: supplier.user.id,
        offered_price: 44_999.99,
        delivery_time_hours: 24,
        notes: 'تسليم في الموقع',
        status: 'submitted',
        supplier_name: 'حديد الوطنية',
        supplier_verification_tier: 'platinum',
      });
      const [told] = await notificationsOf(knex(), contractor.user.id, 'order_response.new');
      expect(told).toMatchObject({ type: 'instant_order', title: 'New offer on your order' });
      expect(told.message).toContain('Rebar 16mm');
      expect((await changesOf(knex(), 'instant_order_response', res.body.id)).audiences).toEqual(
        audiences(`user:${supplier.user.id}`, `user:${contractor.user.id}`),
      );
      expect((await contractor.get(`/api/instant-orders/${order.id}`)).body.response_count).toBe(1);
    });

    it('updates the first offer with a second one (200, same id, one row, one notification)', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      const supplier = await as(server, 'supplier');
      const first = await postOffer(supplier, order.id, { offered_price: 50_000 });
      const second = await postOffer(supplier, order.id, { offered_price: 47_500, delivery_time_hours: 12, notes: '' });
      expect([first.status, second.status]).toEqual([201, 200]);
      expect(second.body).toMatchObject({ id: first.body.id, offered_price: 47_500, delivery_time_hours: 12, notes: null });
      expect(await knex()('instant_order_responses').where({ instant_order_id: order.id })).toHaveLength(1);
      expect(await notificationsOf(knex(), contractor.user.id, 'order_response.new')).toHaveLength(1);
    });

    it('returns the offer unchanged (200) when the same client id and content arrive again after the order closed', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      const supplier = await as(server, 'supplier');
      const body = { id: crypto.randomUUID(), offered_price: 30_000 };
      await postOffer(supplier, order.id, body);
      await contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: body.id });
      const again = await postOffer(supplier, order.id, body);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: body.id, status: 'accepted' });
      const stolen = await postOffer(await as(server, 'supplier'), order.id, body);
      expect(stolen.status).toBe(409);
    });

    it.each([['contractor'], ['government'], ['transport'], ['admin']] as const)('answers 403 to a %s', async (role) => {
      const order = await postOrder(await as(server, 'contractor'));
      expect((await postOffer(await as(server, role), order.id)).status).toBe(403);
      expect(await knex()('instant_order_responses').where({ instant_order_id: order.id })).toEqual([]);
    });

    it('answers 409 order_not_active on a fulfilled, cancelled or expired order', async () => {
      const contractor = await as(server, 'contractor');
      const fulfilled = await postOrder(contractor);
      const cancelled = await postOrder(contractor);
      const overdue = await postOrder(contractor);
      const first = await postOffer(await as(server, 'supplier'), fulfilled.id);
      await contractor.post(`/api/instant-orders/${fulfilled.id}/accept`, { response_id: first.body.id });
      await contractor.post(`/api/instant-orders/${cancelled.id}/cancel`);
      // past its expiry but not yet swept: still refused
      await knex()('instant_orders').where({ id: overdue.id }).update({ expires_at: new Date(Date.now() - 1000) });
      const supplier = await as(server, 'supplier');
      for (const o of [fulfilled, cancelled, overdue]) {
        const res = await postOffer(supplier, o.id);
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ error: expect.any(String), code: 'order_not_active' });
      }
      expect(await knex()('instant_order_responses').where({ supplier_id: supplier.user.id })).toEqual([]);
    });

    it.each([
      ['offered_price', { offered_price: undefined }],
      ['offered_price', { offered_price: -1 }],
      ['delivery_time_hours', { delivery_time_hours: 0 }],
      ['status', { status: 'accepted' }],
      ['supplier_id', { supplier_id: crypto.randomUUID() }],
    ])('answers 400 for an invalid %s', async (_field, over) => {
      const order = await postOrder(await as(server, 'contractor'));
      expect((await postOffer(await as(server, 'supplier'), order.id, over)).status).toBe(400);
      expect(await knex()('instant_order_responses').where({ instant_order_id: order.id })).toEqual([]);
    });

    it('answers 404 for an order that does not exist', async () => {
      expect((await postOffer(await as(server, 'supplier'), crypto.randomUUID())).status).toBe(404);
    });
  });

  describe('GET /api/instant-orders/{id}/responses', () => {
    it('lists every offer to the contractor, newest first, with the suppliers', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      const a = await postOffer(await as(server, 'supplier', { company_name: 'أ' }), order.id);
      const b = await postOffer(await as(server, 'supplier', { company_name: 'ب' }), order.id);
      const res = await contractor.get(`/api/instant-orders/${order.id}/responses`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('2');
      expect(res.body.map((r: { id: string; supplier_name: string }) => [r.id, r.supplier_name])).toEqual([
        [b.body.id, 'ب'],
        [a.body.id, 'أ'],
      ]);
    });

    it('answers 403 to suppliers and admins, 404 to another contractor', async () => {
      const order = await postOrder(await as(server, 'contractor'));
      const supplier = await as(server, 'supplier');
      await postOffer(supplier, order.id);
      expect((await supplier.get(`/api/instant-orders/${order.id}/responses`)).status).toBe(403);
      expect((await (await as(server, 'admin')).get(`/api/instant-orders/${order.id}/responses`)).status).toBe(403);
      expect((await (await as(server, 'contractor')).get(`/api/instant-orders/${order.id}/responses`)).status).toBe(404);
    });
  });

  describe('POST /api/instant-orders/{id}/accept', () => {
    it('fulfils the order, accepts that offer, rejects the others and tells each supplier', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor, { title: 'خرسانة جاهزة' });
      const winner = await as(server, 'supplier', { language: 'en' });
      const loser = await as(server, 'supplier');
      const win = await postOffer(winner, order.id);
      const lose = await postOffer(loser, order.id);
      const res = await contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: win.body.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: order.id, status: 'fulfilled', accepted_response_id: win.body.id, response_count: 2 });
      const statuses = Object.fromEntries(
        (await knex()('instant_order_responses').where({ instant_order_id: order.id }).select('id', 'status')).map((r) => [
          r.id,
          r.status,
        ]),
      );
      expect(statuses).toEqual({ [win.body.id]: 'accepted', [lose.body.id]: 'rejected' });
      const [accepted] = await notificationsOf(knex(), winner.user.id, 'order_response.accepted');
      expect(accepted).toMatchObject({ type: 'instant_order', title: 'Your offer was accepted' });
      expect(accepted.message).toContain('خرسانة جاهزة');
      expect(await notificationsOf(knex(), loser.user.id, 'order_response.rejected')).toHaveLength(1);
      expect(await notificationsOf(knex(), loser.user.id, 'order_response.accepted')).toEqual([]);
      expect((await changesOf(knex(), 'instant_order_response', lose.body.id)).count).toBe(4);
    });

    it('answers 409 order_not_active when the order was already fulfilled, and changes nothing', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      const a = await postOffer(await as(server, 'supplier'), order.id);
      const b = await postOffer(await as(server, 'supplier'), order.id);
      await contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: a.body.id });
      const res = await contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: b.body.id });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('order_not_active');
      expect((await knex()('instant_orders').where({ id: order.id }).first()).accepted_response_id).toBe(a.body.id);
    });

    it('answers 409 order_not_active on an order past its expiry that was not swept yet', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      const offer = await postOffer(await as(server, 'supplier'), order.id);
      await knex()('instant_orders').where({ id: order.id }).update({ expires_at: new Date(Date.now() - 1000) });
      const res = await contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: offer.body.id });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('order_not_active');
      expect((await knex()('instant_order_responses').where({ id: offer.body.id }).first()).status).not.toBe('accepted');
    });

    it('answers 404 offer_not_found for an offer on another order', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      const other = await postOrder(contractor);
      const elsewhere = await postOffer(await as(server, 'supplier'), other.id);
      const res = await contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: elsewhere.body.id });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('offer_not_found');
      expect((await knex()('instant_orders').where({ id: order.id }).first()).status).toBe('active');
    });

    it('answers 403 to a supplier and 404 to another contractor', async () => {
      const order = await postOrder(await as(server, 'contractor'));
      const supplier = await as(server, 'supplier');
      const offer = await postOffer(supplier, order.id);
      expect((await supplier.post(`/api/instant-orders/${order.id}/accept`, { response_id: offer.body.id })).status).toBe(403);
      const outsider = await as(server, 'contractor');
      expect((await outsider.post(`/api/instant-orders/${order.id}/accept`, { response_id: offer.body.id })).status).toBe(404);
      expect((await knex()('instant_orders').where({ id: order.id }).first()).status).toBe('active');
    });
  });
});
