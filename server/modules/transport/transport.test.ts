import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs, type TestUserSpec } from '../../test/sign-in';

const REQUEST = {
  pickup_location: 'الرياض - حي السلي',
  delivery_location: 'جدة - المنطقة الصناعية',
  cargo_description: 'حديد تسليح 20 طن',
  cargo_weight: 20000,
  budget: 4500,
};

describe('transport requests and offers', () => {
  let server: TestServer;
  let anon: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    anon = new TestClient(server.url);
  });
  afterAll(() => server.close());

  const as = (spec: TestUserSpec) => signInAs(server, spec);
  const create = async (client: TestClient, body: Record<string, unknown> = {}) => {
    const res = await client.post('/api/transport-requests', { ...REQUEST, ...body });
    expect(res.status).toBe(201);
    return res.body;
  };
  const changes = (entity: string, id: string) =>
    server.db.knex('changes').where({ entity, entity_id: id }).orderBy('pos').select('op', 'audience_type', 'audience');
  const notificationsOf = (userId: string) => server.db.knex('notifications').where({ user_id: userId }).orderBy('created_at');
  const setStatus = (id: string, status: string) => server.db.knex('transport_requests').where({ id }).update({ status });

  describe('POST /api/transport-requests', () => {
    it('answers 401 when signed out', async () => {
      expect((await anon.post('/api/transport-requests', REQUEST)).status).toBe(401);
    });

    it('answers 403 profile_required before setup', async () => {
      const res = await (await as({ role: null })).post('/api/transport-requests', REQUEST);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('profile_required');
    });

    it('answers 403 to a transport company', async () => {
      const transport = await as({ role: 'transport' });
      const res = await transport.post('/api/transport-requests', REQUEST);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
      expect(await server.db.knex('transport_requests').where({ requester_id: transport.user.id })).toHaveLength(0);
    });

    it.each([['contractor'], ['supplier'], ['government']] as const)('creates a pending request for a %s', async (role) => {
      const client = await as({ role, company_name: 'شركة الإعمار' });
      const res = await client.post('/api/transport-requests', REQUEST);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        ...REQUEST,
        status: 'pending',
        requester_id: client.user.id,
        requester_name: 'شركة الإعمار',
        offer_count: 0,
        assigned_offer_id: null,
        cargo_volume: null,
      });
      expect(typeof res.body.budget).toBe('number');
      expect(await changes('transport_request', res.body.id)).toEqual([
        { op: 'upsert', audience_type: 'role', audience: 'transport' },
        { op: 'upsert', audience_type: 'user', audience: client.user.id },
      ]);
    });

    it('answers 400 naming the missing required fields', async () => {
      const client = await as({ role: 'contractor' });
      const res = await client.post('/api/transport-requests', { budget: 100 });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
        'cargo_description',
        'delivery_location',
        'pickup_location',
      ]);
    });

    it('answers 400 to a status or requester set by the client', async () => {
      const client = await as({ role: 'contractor' });
      for (const extra of [{ status: 'assigned' }, { requester_id: client.user.id }]) {
        expect((await client.post('/api/transport-requests', { ...REQUEST, ...extra })).status).toBe(400);
      }
      expect(await server.db.knex('transport_requests').where({ requester_id: client.user.id })).toHaveLength(0);
    });

    it('returns the existing request when the same client id is created twice', async () => {
      const client = await as({ role: 'contractor' });
      const id = crypto.randomUUID();
      const first = await create(client, { id });
      const second = await client.post('/api/transport-requests', { ...REQUEST, id, cargo_description: 'changed' });
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first);
      expect(await server.db.knex('transport_requests').where({ id })).toHaveLength(1);
      expect(await changes('transport_request', id)).toHaveLength(2); // one write, two audiences
    });

    it("answers 409 when the client id is another user's request", async () => {
      const id = crypto.randomUUID();
      await create(await as({ role: 'contractor' }), { id });
      const res = await (await as({ role: 'supplier' })).post('/api/transport-requests', { ...REQUEST, id });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('conflict');
    });
  });

  describe('reading requests', () => {
    it('lists pending requests publicly, newest first, with X-Total-Count and offer counts', async () => {
      const requester = await as({ role: 'government', company_name: 'أمانة الرياض' });
      const older = await create(requester, { pickup_location: 'older' });
      const newer = await create(requester, { pickup_location: 'newer' });
      const assigned = await create(requester);
      await setStatus(assigned.id, 'assigned');
      await (await as({ role: 'transport' })).post('/api/transport-offers', { transport_request_id: newer.id, quoted_price: 10 });

      const res = await anon.get('/api/transport-requests?limit=100');
      expect(res.status).toBe(200);
      const ids = res.body.map((r: { id: string }) => r.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(ids).not.toContain(assigned.id);
      expect(res.body.every((r: { status: string }) => r.status === 'pending')).toBe(true);
      expect(Number(res.headers.get('x-total-count'))).toBe(res.body.length);
      expect(res.body.find((r: { id: string }) => r.id === newer.id)).toMatchObject({ offer_count: 1, requester_name: 'أمانة الرياض' });

      const firstPage = await anon.get('/api/transport-requests?limit=1&offset=1');
      expect(firstPage.body).toHaveLength(1);
      expect(firstPage.body[0].id).toBe(ids[1]);
      expect(firstPage.headers.get('x-total-count')).toBe(res.headers.get('x-total-count'));
    });

    it('answers 400 to a limit above 100', async () => {
      expect((await anon.get('/api/transport-requests?limit=101')).status).toBe(400);
    });

    it('lets a transport company list another status, and nobody else', async () => {
      const requester = await as({ role: 'contractor' });
      const request = await create(requester);
      await setStatus(request.id, 'delivered');
      const transport = await as({ role: 'transport' });
      const res = await transport.get('/api/transport-requests?status=delivered');
      expect(res.status).toBe(200);
      expect(res.body.map((r: { id: string }) => r.id)).toContain(request.id);
      expect((await requester.get('/api/transport-requests?status=delivered')).status).toBe(403);
      expect((await anon.get('/api/transport-requests?status=delivered')).status).toBe(401);
      expect((await requester.get('/api/transport-requests?status=pending')).status).toBe(200);
    });

    it("lists the requester's own requests in every status", async () => {
      const requester = await as({ role: 'supplier' });
      const a = await create(requester);
      const b = await create(requester);
      await setStatus(a.id, 'cancelled');
      await create(await as({ role: 'supplier' }));
      const res = await requester.get('/api/transport-requests/my');
      expect(res.status).toBe(200);
      expect(res.body.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
      expect(res.headers.get('x-total-count')).toBe('2');
      expect((await anon.get('/api/transport-requests/my')).status).toBe(401);
    });

    it('shows a pending request to anyone, and a later one only to its parties, transport companies and admins', async () => {
      const requester = await as({ role: 'contractor' });
      const request = await create(requester);
      const other = await as({ role: 'contractor' });
      expect((await anon.get(`/api/transport-requests/${request.id}`)).body).toMatchObject({ id: request.id });

      await setStatus(request.id, 'in_transit');
      expect((await anon.get(`/api/transport-requests/${request.id}`)).status).toBe(404);
      expect((await other.get(`/api/transport-requests/${request.id}`)).status).toBe(404);
      for (const viewer of [requester, await as({ role: 'transport' }), await as({ role: 'supplier', is_admin: true })]) {
        const res = await viewer.get(`/api/transport-requests/${request.id}`);
        expect(res.status).toBe(200);
        expect(res.body.status).toBe('in_transit');
      }
    });

    it('answers 404 to a malformed or unknown id', async () => {
      expect((await anon.get('/api/transport-requests/not-a-uuid')).status).toBe(404);
      expect((await anon.get(`/api/transport-requests/${crypto.randomUUID()}`)).status).toBe(404);
    });

    it('hides a soft-deleted request from lists and by id', async () => {
      const requester = await as({ role: 'contractor' });
      const request = await create(requester);
      await server.db.knex('transport_requests').where({ id: request.id }).update({ deleted_at: new Date() });
      expect((await anon.get(`/api/transport-requests/${request.id}`)).status).toBe(404);
      expect((await anon.get('/api/transport-requests?limit=100')).body.map((r: { id: string }) => r.id)).not.toContain(request.id);
      expect((await requester.get('/api/transport-requests/my')).body).toEqual([]);
    });
  });

  describe('POST /api/transport-offers', () => {
    it('answers 403 to anyone but a transport company', async () => {
      const request = await create(await as({ role: 'contractor' }));
      for (const role of ['contractor', 'supplier', 'government'] as const) {
        const res = await (await as({ role })).post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 100 });
        expect(res.status).toBe(403);
      }
      const noProfile = await (await as({ role: null })).post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 1 });
      expect(noProfile.body.code).toBe('profile_required');
      expect(await server.db.knex('transport_offers').where({ transport_request_id: request.id })).toHaveLength(0);
    });

    it('creates the quote, notifies the requester in their language and logs both rows', async () => {
      const requester = await as({ role: 'contractor', language: 'en' });
      const request = await create(requester);
      const transport = await as({ role: 'transport', company_name: 'Fast Haul', verification_tier: 'gold' });
      const res = await transport.post('/api/transport-offers', {
        transport_request_id: request.id,
        quoted_price: 4200.5,
        vehicle_details: 'Flatbed 25t',
        estimated_pickup_time: '2026-12-01T06:00:00Z',
        estimated_delivery_time: '2026-12-01T18:00:00Z',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        transport_request_id: request.id,
        transport_company_id: transport.user.id,
        quoted_price: 4200.5,
        status: 'submitted',
        transport_company_name: 'Fast Haul',
        transport_company_verification_tier: 'gold',
        notes: null,
      });
      expect(Date.parse(res.body.estimated_pickup_time)).toBe(Date.parse('2026-12-01T06:00:00Z'));

      const [n] = await notificationsOf(requester.user.id);
      expect(n).toMatchObject({ kind: 'transport_offer.new', type: 'logistics', is_read: false, title: 'New transport quote' });
      expect(n.message).toContain('Fast Haul');
      expect(n.params).toMatchObject({ company: 'Fast Haul', price: 4200.5, transport_request_id: request.id });
      expect(await changes('transport_offer', res.body.id)).toEqual([
        { op: 'upsert', audience_type: 'user', audience: transport.user.id },
        { op: 'upsert', audience_type: 'user', audience: requester.user.id },
      ]);
      expect(await changes('transport_request', request.id)).toHaveLength(4); // created, then offer_count
      expect((await anon.get(`/api/transport-requests/${request.id}`)).body.offer_count).toBe(1);
    });

    it("replaces the company's first quote with its second, answering 200", async () => {
      const request = await create(await as({ role: 'contractor' }));
      const transport = await as({ role: 'transport' });
      const first = await transport.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 5000, notes: 'first' });
      const second = await transport.post('/api/transport-offers', {
        id: crypto.randomUUID(),
        transport_request_id: request.id,
        quoted_price: 4800,
      });
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ id: first.body.id, quoted_price: 4800, notes: null });
      const rows = await server.db.knex('transport_offers').where({ transport_request_id: request.id });
      expect(rows).toHaveLength(1);
      expect(rows[0].quoted_price).toBe(4800);
    });

    it('returns the existing quote, writing nothing, when the same client id is sent again', async () => {
      const requester = await as({ role: 'contractor' });
      const request = await create(requester);
      const transport = await as({ role: 'transport' });
      const body = { id: crypto.randomUUID(), transport_request_id: request.id, quoted_price: 900 };
      const first = await transport.post('/api/transport-offers', body);
      const again = await transport.post('/api/transport-offers', body);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await notificationsOf(requester.user.id)).toHaveLength(1);
      expect(await changes('transport_offer', body.id)).toHaveLength(2);

      // The same id with a new price is an edit of that quote.
      const edited = await transport.post('/api/transport-offers', { ...body, quoted_price: 850 });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id: body.id, quoted_price: 850 });
      expect(await notificationsOf(requester.user.id)).toHaveLength(2);
    });

    it("answers 409 when the client id is another company's quote", async () => {
      const request = await create(await as({ role: 'contractor' }));
      const body = { id: crypto.randomUUID(), transport_request_id: request.id, quoted_price: 900 };
      await (await as({ role: 'transport' })).post('/api/transport-offers', body);
      const res = await (await as({ role: 'transport' })).post('/api/transport-offers', body);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('conflict');
    });

    it.each([['assigned'], ['in_transit'], ['delivered'], ['cancelled']])(
      'answers 409 request_not_pending when the request is %s',
      async (status) => {
        const request = await create(await as({ role: 'contractor' }));
        await setStatus(request.id, status);
        const res = await (await as({ role: 'transport' })).post('/api/transport-offers', {
          transport_request_id: request.id,
          quoted_price: 100,
        });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('request_not_pending');
        expect(await server.db.knex('transport_offers').where({ transport_request_id: request.id })).toHaveLength(0);
      },
    );

    it('answers 404 for an unknown or deleted request', async () => {
      const transport = await as({ role: 'transport' });
      const unknown = await transport.post('/api/transport-offers', { transport_request_id: crypto.randomUUID(), quoted_price: 1 });
      expect(unknown.status).toBe(404);
      const request = await create(await as({ role: 'contractor' }));
      await server.db.knex('transport_requests').where({ id: request.id }).update({ deleted_at: new Date() });
      expect((await transport.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 1 })).status).toBe(404);
    });

    it('answers 400 to a missing or negative price', async () => {
      const request = await create(await as({ role: 'contractor' }));
      const transport = await as({ role: 'transport' });
      expect((await transport.post('/api/transport-offers', { transport_request_id: request.id })).status).toBe(400);
      expect((await transport.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: -1 })).status).toBe(400);
    });
  });

  describe('GET /api/transport-requests/{id}/offers', () => {
    it('lists the offers, newest first, to the requester only', async () => {
      const requester = await as({ role: 'contractor' });
      const request = await create(requester);
      const t1 = await as({ role: 'transport' });
      const t2 = await as({ role: 'transport' });
      await t1.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 100 });
      const later = await t2.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 90 });

      const res = await requester.get(`/api/transport-requests/${request.id}/offers`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(2);
      expect(res.body[0].id).toBe(later.body.id);
      expect(res.headers.get('x-total-count')).toBe('2');

      expect((await anon.get(`/api/transport-requests/${request.id}/offers`)).status).toBe(401);
      // They can see the pending request, but its quotes are the requester's.
      expect((await t1.get(`/api/transport-requests/${request.id}/offers`)).status).toBe(403);
      const other = await as({ role: 'contractor' });
      expect((await other.get(`/api/transport-requests/${request.id}/offers`)).status).toBe(403);
      await setStatus(request.id, 'cancelled');
      expect((await other.get(`/api/transport-requests/${request.id}/offers`)).status).toBe(404);
    });
  });
});
