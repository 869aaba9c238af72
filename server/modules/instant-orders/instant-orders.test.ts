import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { as, audiences, changesOf, notificationsOf, postOffer, postOrder } from '../../test/factories';

const DAY_MS = 86_400_000;

describe('instant orders', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

  describe('POST /api/instant-orders', () => {
    it('answers 401 when signed out', async () => {
      expect((await new TestClient(server.url).post('/api/instant-orders', {})).status).toBe(401);
    });

    it('creates an active order that expires 7 days after creation, tells every supplier in their language at its urgency, and logs it for suppliers and the owner', async () => {
      const supplierEn = await as(server, 'supplier', { language: 'en' });
      const supplierAr = await as(server, 'supplier');
      const contractor = await as(server, 'contractor', { company_name: 'مؤسسة الإعمار' });
      const order = await postOrder(contractor, { urgency_level: 'urgent', budget_range_min: 40_000, budget_range_max: 50_000 });
      expect(order).toMatchObject({
        contractor_id: contractor.user.id,
        quantity: 12.5,
        unit: 'طن',
        urgency_level: 'urgent',
        budget_range_min: 40_000,
        budget_range_max: 50_000,
        delivery_deadline: null,
        status: 'active',
        accepted_response_id: null,
        contractor_name: 'مؤسسة الإعمار',
        response_count: 0,
        my_response: null,
      });
      expect(new Date(order.expires_at).getTime() - new Date(order.created_at).getTime()).toBe(7 * DAY_MS);

      const [en] = await notificationsOf(knex(), supplierEn.user.id, 'instant_order.new');
      expect(en).toMatchObject({ type: 'instant_order', priority: 'urgent', title: 'New instant order' });
      expect(en.message).toContain('حديد تسليح 16 ملم');
      expect((await notificationsOf(knex(), supplierAr.user.id, 'instant_order.new'))[0].title).toBe('طلب فوري جديد');
      expect(await notificationsOf(knex(), contractor.user.id)).toEqual([]);
      expect((await changesOf(knex(), 'instant_order', order.id)).audiences).toEqual(
        audiences('role:supplier', `user:${contractor.user.id}`),
      );
    });

    it('expires at the delivery deadline when there is one', async () => {
      const deadline = new Date(Date.now() + 2 * DAY_MS).toISOString();
      const order = await postOrder(await as(server, 'contractor'), { delivery_deadline: deadline });
      expect(new Date(order.delivery_deadline).getTime()).toBe(new Date(deadline).getTime());
      expect(order.expires_at).toBe(order.delivery_deadline);
    });

    it('answers 400 for a delivery deadline in the past, and for an inverted budget range', async () => {
      const contractor = await as(server, 'contractor');
      const past = await contractor.post('/api/instant-orders', {
        title: 'x', description: 'y', unit: 'طن', location: 'z', delivery_deadline: '2020-01-01T00:00:00Z',
      });
      expect(past.status).toBe(400);
      expect(past.body.details[0].path).toBe('delivery_deadline');
      const inverted = await contractor.post('/api/instant-orders', {
        title: 'x', description: 'y', unit: 'طن', location: 'z', budget_range_min: 10, budget_range_max: 5,
      });
      expect(inverted.status).toBe(400);
      expect(await knex()('instant_orders').where({ contractor_id: contractor.user.id })).toEqual([]);
    });

    it.each([['supplier'], ['government'], ['transport']] as const)('answers 403 to a %s', async (role) => {
      const client = await as(server, role);
      const res = await client.post('/api/instant-orders', { title: 'x', description: 'y', unit: 'u', location: 'z' });
      expect(res.status).toBe(403);
      expect(await knex()('instant_orders').where({ contractor_id: client.user.id })).toEqual([]);
    });

    it('answers 409 plan_limit_reached past the free plan’s 3 active orders, and an overdue order no longer counts', async () => {
      const contractor = await as(server, 'contractor');
      const made = [await postOrder(contractor), await postOrder(contractor), await postOrder(contractor)];
      const refused = await contractor.post('/api/instant-orders', { title: 'x', description: 'y', unit: 'u', location: 'z' });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('plan_limit_reached');
      expect(await knex()('instant_orders').where({ contractor_id: contractor.user.id })).toHaveLength(3);
      await knex()('instant_orders').where({ id: made[0].id }).update({ expires_at: new Date(Date.now() - 1000) });
      await postOrder(contractor);
    });

    it('returns the existing order with 200 when the same client id is created twice, telling suppliers once', async () => {
      const supplier = await as(server, 'supplier');
      const contractor = await as(server, 'contractor');
      const body = { id: crypto.randomUUID(), title: 'إسمنت', description: 'd', unit: 'كيس', location: 'مكة' };
      const first = await contractor.post('/api/instant-orders', body);
      const second = await contractor.post('/api/instant-orders', body);
      expect([first.status, second.status]).toEqual([201, 200]);
      expect(second.body).toEqual(first.body);
      expect(await knex()('instant_orders').where({ id: body.id })).toHaveLength(1);
      const told = (await notificationsOf(knex(), supplier.user.id, 'instant_order.new')).filter(
        (n) => n.params.order_id === body.id,
      );
      expect(told).toHaveLength(1);
      const stolen = await (await as(server, 'contractor')).post('/api/instant-orders', body);
      expect(stolen.status).toBe(409);
    });
  });

  describe('GET /api/instant-orders', () => {
    it('lists active orders newest first to a supplier with response_count and their own offer', async () => {
      const contractor = await as(server, 'contractor');
      const older = await postOrder(contractor);
      const newer = await postOrder(contractor);
      const supplier = await as(server, 'supplier');
      const mine = await postOffer(supplier, older.id, { offered_price: 1_000 });
      await postOffer(await as(server, 'supplier'), older.id);
      const res = await supplier.get('/api/instant-orders?limit=100');
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
      expect(ids(res.body).slice(0, 2)).toEqual([newer.id, older.id]);
      expect(res.body[0]).toMatchObject({ response_count: 0, my_response: null });
      expect(res.body[1]).toMatchObject({ response_count: 2, my_response: { id: mine.body.id, offered_price: 1_000 } });
      expect(res.body.every((o: { status: string }) => o.status === 'active')).toBe(true);
    });

    it('filters by status and shows admins every order', async () => {
      const contractor = await as(server, 'contractor');
      const cancelled = await postOrder(contractor);
      await contractor.post(`/api/instant-orders/${cancelled.id}/cancel`);
      const supplier = await as(server, 'supplier');
      expect(ids((await supplier.get('/api/instant-orders?limit=100')).body)).not.toContain(cancelled.id);
      expect(ids((await supplier.get('/api/instant-orders?status=cancelled&limit=100')).body)).toContain(cancelled.id);
      const admin = await as(server, 'admin');
      const res = await admin.get('/api/instant-orders?status=cancelled&limit=100');
      expect(res.status).toBe(200);
      expect(res.body.find((o: { id: string }) => o.id === cancelled.id).my_response).toBeNull();
    });

    it.each([['contractor'], ['government'], ['transport']] as const)('answers 403 to a %s', async (role) => {
      expect((await (await as(server, role)).get('/api/instant-orders')).status).toBe(403);
    });
  });

  describe('GET /api/instant-orders/my', () => {
    it("lists only the contractor's own orders in every status, newest first", async () => {
      const contractor = await as(server, 'contractor');
      const a = await postOrder(contractor);
      const b = await postOrder(contractor);
      await contractor.post(`/api/instant-orders/${a.id}/cancel`);
      await postOrder(await as(server, 'contractor'));
      const res = await contractor.get('/api/instant-orders/my');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('2');
      expect(res.body.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
        [b.id, 'active'],
        [a.id, 'cancelled'],
      ]);
      expect(ids((await contractor.get('/api/instant-orders/my?status=cancelled')).body)).toEqual([a.id]);
    });

    it('answers 403 to a supplier', async () => {
      expect((await (await as(server, 'supplier')).get('/api/instant-orders/my')).status).toBe(403);
    });
  });

  describe('GET /api/instant-orders/{id}', () => {
    it('shows the order to its contractor, suppliers and admins, and 404 to anyone else', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      for (const c of [contractor, await as(server, 'supplier'), await as(server, 'admin')]) {
        const res = await c.get(`/api/instant-orders/${order.id}`);
        expect(res.status).toBe(200);
        expect(res.body.id).toBe(order.id);
      }
      for (const role of ['contractor', 'government', 'transport'] as const) {
        expect((await (await as(server, role)).get(`/api/instant-orders/${order.id}`)).status, role).toBe(404);
      }
      expect((await contractor.get('/api/instant-orders/nope')).status).toBe(404);
    });

    it('hides a deleted order everywhere', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      await knex()('instant_orders').where({ id: order.id }).update({ deleted_at: knex().fn.now() });
      const supplier = await as(server, 'supplier');
      expect((await supplier.get(`/api/instant-orders/${order.id}`)).status).toBe(404);
      expect(ids((await supplier.get('/api/instant-orders?limit=100')).body)).not.toContain(order.id);
      expect((await contractor.get('/api/instant-orders/my')).body).toEqual([]);
      expect((await postOffer(supplier, order.id)).status).toBe(404);
    });
  });

  describe('POST /api/instant-orders/{id}/cancel', () => {
    it('cancels an active order and rejects its offers', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      const supplier = await as(server, 'supplier');
      const offer = await postOffer(supplier, order.id);
      const res = await contractor.post(`/api/instant-orders/${order.id}/cancel`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('cancelled');
      expect((await knex()('instant_order_responses').where({ id: offer.body.id }).first()).status).toBe('rejected');
      expect((await changesOf(knex(), 'instant_order_response', offer.body.id)).audiences).toEqual(
        audiences(`user:${supplier.user.id}`, `user:${contractor.user.id}`),
      );
    });

    it('answers 409 order_not_active for an order that is no longer active', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      await contractor.post(`/api/instant-orders/${order.id}/cancel`);
      const res = await contractor.post(`/api/instant-orders/${order.id}/cancel`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('order_not_active');
    });

    it('answers 403 to a supplier and 404 to another contractor', async () => {
      const order = await postOrder(await as(server, 'contractor'));
      expect((await (await as(server, 'supplier')).post(`/api/instant-orders/${order.id}/cancel`)).status).toBe(403);
      expect((await (await as(server, 'contractor')).post(`/api/instant-orders/${order.id}/cancel`)).status).toBe(404);
      expect((await knex()('instant_orders').where({ id: order.id }).first()).status).toBe('active');
    });
  });
});
