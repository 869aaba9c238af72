import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs, type TestUserSpec } from '../../test/sign-in';

type Client = TestClient & { user: { id: string } };

describe('transport request lifecycle', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const as = (spec: TestUserSpec) => signInAs(server, spec) as Promise<Client>;
  const knex = () => server.db.knex;
  const notificationsOf = (userId: string, kind?: string) =>
    knex()('notifications').where({ user_id: userId, ...(kind ? { kind } : {}) });
  const offerStatuses = async (requestId: string) =>
    Object.fromEntries(
      (await knex()('transport_offers').where({ transport_request_id: requestId }).select('id', 'status')).map((o) => [o.id, o.status]),
    );

  /** A pending request by a contractor with a quote from each of two companies. */
  async function quoted() {
    const requester = await as({ role: 'contractor', language: 'en' });
    const request = (await requester.post('/api/transport-requests', {
      pickup_location: 'Dammam port',
      delivery_location: 'Riyadh',
      cargo_description: 'Cement 30t',
    })).body;
    const t1 = await as({ role: 'transport', language: 'ar' });
    const t2 = await as({ role: 'transport', language: 'zh' });
    const o1 = (await t1.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 3000 })).body;
    const o2 = (await t2.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 2800 })).body;
    return { requester, request, t1, t2, o1, o2 };
  }

  async function assigned() {
    const q = await quoted();
    const res = await q.requester.post(`/api/transport-requests/${q.request.id}/accept`, { offer_id: q.o1.id });
    expect(res.status).toBe(200);
    return q;
  }

  describe('accept', () => {
    it('assigns the request, accepts that offer, rejects the others and notifies the company', async () => {
      const { requester, request, t1, t2, o1, o2 } = await quoted();
      const res = await requester.post(`/api/transport-requests/${request.id}/accept`, { offer_id: o1.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: request.id, status: 'assigned', assigned_offer_id: o1.id });
      expect(await offerStatuses(request.id)).toEqual({ [o1.id]: 'accepted', [o2.id]: 'rejected' });

      const [n] = await notificationsOf(t1.user.id, 'transport_request.assigned');
      expect(n).toMatchObject({ type: 'logistics', priority: 'high', title: 'تم إسناد طلب نقل إليك' });
      expect(await notificationsOf(t2.user.id, 'transport_request.assigned')).toHaveLength(0);

      const logged = await knex()('changes').whereNotNull('pos').whereIn('entity_id', [request.id, o1.id, o2.id]).select('entity', 'entity_id', 'audience');
      expect(logged).toEqual(
        expect.arrayContaining([
          { entity: 'transport_request', entity_id: request.id, audience: 'transport' },
          { entity: 'transport_offer', entity_id: o2.id, audience: t2.user.id },
          { entity: 'transport_offer', entity_id: o2.id, audience: requester.user.id },
        ]),
      );
      // The company sees its job on the request; the losers' quotes stay readable to the requester.
      expect((await t1.get(`/api/transport-requests/${request.id}`)).body.status).toBe('assigned');
      expect((await requester.get(`/api/transport-requests/${request.id}/offers`)).body.map((o: { status: string }) => o.status).sort()).toEqual([
        'accepted',
        'rejected',
      ]);
    });

    it('answers 409 request_not_pending when the request was already assigned', async () => {
      const { requester, request, o1, o2 } = await assigned();
      const res = await requester.post(`/api/transport-requests/${request.id}/accept`, { offer_id: o2.id });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('request_not_pending');
      expect(await offerStatuses(request.id)).toEqual({ [o1.id]: 'accepted', [o2.id]: 'rejected' });
    });

    it('answers 403 to anyone but the requester while the request is public', async () => {
      const { request, t1, o1 } = await quoted();
      for (const client of [t1, await as({ role: 'contractor' })]) {
        const res = await client.post(`/api/transport-requests/${request.id}/accept`, { offer_id: o1.id });
        expect(res.status).toBe(403);
      }
      expect((await new TestClient(server.url).post(`/api/transport-requests/${request.id}/accept`, { offer_id: o1.id })).status).toBe(401);
      expect((await knex()('transport_requests').where({ id: request.id }).first()).status).toBe('pending');
    });

    it('answers 404 offer_not_found for an offer on another request', async () => {
      const a = await quoted();
      const b = await quoted();
      const res = await a.requester.post(`/api/transport-requests/${a.request.id}/accept`, { offer_id: b.o1.id });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('offer_not_found');
      const unknown = await a.requester.post(`/api/transport-requests/${a.request.id}/accept`, { offer_id: crypto.randomUUID() });
      expect(unknown.body.code).toBe('offer_not_found');
    });

    it('answers 404 for an unknown request and 400 without offer_id', async () => {
      const requester = await as({ role: 'contractor' });
      expect((await requester.post(`/api/transport-requests/${crypto.randomUUID()}/accept`, { offer_id: crypto.randomUUID() })).status).toBe(404);
      const { request } = await quoted();
      expect((await requester.post(`/api/transport-requests/${request.id}/accept`, {})).status).toBe(400);
    });
  });

  describe('status', () => {
    it('lets the assigned company move the cargo to in_transit then delivered, telling the requester', async () => {
      const { requester, request, t1 } = await assigned();
      const moving = await t1.post(`/api/transport-requests/${request.id}/status`, { status: 'in_transit' });
      expect(moving.status).toBe(200);
      expect(moving.body.status).toBe('in_transit');
      const done = await t1.post(`/api/transport-requests/${request.id}/status`, { status: 'delivered' });
      expect(done.body.status).toBe('delivered');

      const notes = await notificationsOf(requester.user.id, 'transport_request.status').orderBy('created_at');
      expect(notes.map((n) => n.params.status)).toEqual(['in_transit', 'delivered']);
      expect(notes[0]).toMatchObject({ type: 'logistics', title: 'Transport status update' });
      expect(await notificationsOf(t1.user.id, 'transport_request.status')).toHaveLength(0);
    });

    it('answers 409 invalid_transition for a skipped or repeated step', async () => {
      const { request, t1 } = await assigned();
      const skip = await t1.post(`/api/transport-requests/${request.id}/status`, { status: 'delivered' });
      expect(skip.status).toBe(409);
      expect(skip.body.code).toBe('invalid_transition');
      await t1.post(`/api/transport-requests/${request.id}/status`, { status: 'in_transit' });
      const again = await t1.post(`/api/transport-requests/${request.id}/status`, { status: 'in_transit' });
      expect(again.body.code).toBe('invalid_transition');
      expect((await knex()('transport_requests').where({ id: request.id }).first()).status).toBe('in_transit');
    });

    it('answers 409 invalid_transition when the requester tries to move the cargo', async () => {
      const { requester, request } = await assigned();
      const res = await requester.post(`/api/transport-requests/${request.id}/status`, { status: 'in_transit' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('invalid_transition');
    });

    it('answers 403 to a transport company that was not assigned', async () => {
      const { request, t2 } = await assigned();
      const res = await t2.post(`/api/transport-requests/${request.id}/status`, { status: 'in_transit' });
      expect(res.status).toBe(403);
      expect((await knex()('transport_requests').where({ id: request.id }).first()).status).toBe('assigned');
    });

    it("answers 404 to another contractor once the request is no longer public", async () => {
      const { request } = await assigned();
      const res = await (await as({ role: 'contractor' })).post(`/api/transport-requests/${request.id}/status`, { status: 'cancelled' });
      expect(res.status).toBe(404);
    });

    it('lets the requester cancel a pending request, voiding the quotes and telling their companies', async () => {
      const { requester, request, t1, t2, o1, o2 } = await quoted();
      const res = await requester.post(`/api/transport-requests/${request.id}/status`, { status: 'cancelled' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('cancelled');
      expect(await offerStatuses(request.id)).toEqual({ [o1.id]: 'rejected', [o2.id]: 'rejected' });
      for (const t of [t1, t2]) expect(await notificationsOf(t.user.id, 'transport_request.status')).toHaveLength(1);
      expect(await notificationsOf(requester.user.id, 'transport_request.status')).toHaveLength(0);
    });

    it('lets the requester cancel an assigned request, telling the assigned company only', async () => {
      const { requester, request, t1, t2, o1 } = await assigned();
      const res = await requester.post(`/api/transport-requests/${request.id}/status`, { status: 'cancelled' });
      expect(res.status).toBe(200);
      expect((await offerStatuses(request.id))[o1.id]).toBe('accepted');
      const [n] = await notificationsOf(t1.user.id, 'transport_request.status');
      expect(n.params.status).toBe('cancelled');
      expect(await notificationsOf(t2.user.id, 'transport_request.status')).toHaveLength(0);
      // The company, not yet told, moves it: the cancel stands.
      expect((await t1.post(`/api/transport-requests/${request.id}/status`, { status: 'in_transit' })).body.code).toBe('transport_cancelled');
    });

    it('answers 409 invalid_transition when the company cancels, transport_under_way when the cargo is already moving', async () => {
      const { requester, request, t1 } = await assigned();
      expect((await t1.post(`/api/transport-requests/${request.id}/status`, { status: 'cancelled' })).body.code).toBe('invalid_transition');
      await t1.post(`/api/transport-requests/${request.id}/status`, { status: 'in_transit' });
      const res = await requester.post(`/api/transport-requests/${request.id}/status`, { status: 'cancelled' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('transport_under_way');
    });

    it('answers 400 to a status that is not an action', async () => {
      const { requester, request } = await quoted();
      for (const status of ['assigned', 'pending', 'lost']) {
        expect((await requester.post(`/api/transport-requests/${request.id}/status`, { status })).status).toBe(400);
      }
    });
  });

  describe.runIf(onPostgres)('races (Postgres)', () => {
    it('lets exactly one of two concurrent accepts of different offers win', async () => {
      for (let round = 0; round < 5; round++) {
        const { requester, request, o1, o2 } = await quoted();
        const results = await Promise.all(
          [o1, o2].map((o) => requester.post(`/api/transport-requests/${request.id}/accept`, { offer_id: o.id })),
        );
        const statuses = results.map((r) => r.status).sort();
        expect(statuses).toEqual([200, 409]);
        expect(results.find((r) => r.status === 409)!.body.code).toBe('request_not_pending');
        const winner = results.find((r) => r.status === 200)!.body.assigned_offer_id;
        const offers = await offerStatuses(request.id);
        expect(Object.values(offers).sort()).toEqual(['accepted', 'rejected']);
        expect(offers[winner]).toBe('accepted');
        expect((await knex()('transport_requests').where({ id: request.id }).first()).assigned_offer_id).toBe(winner);
        expect(await knex()('notifications').where({ kind: 'transport_request.assigned' }).whereRaw(`params->>'transport_request_id' = ?`, [request.id])).toHaveLength(1);
      }
    });

    it('refuses a quote that races an accept once the accept has won', async () => {
      const { requester, request, o1 } = await quoted();
      const late = await as({ role: 'transport' });
      const [accept, offer] = await Promise.all([
        requester.post(`/api/transport-requests/${request.id}/accept`, { offer_id: o1.id }),
        late.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 1 }),
      ]);
      expect(accept.status).toBe(200);
      // Either the quote landed first (and was rejected by the accept) or it was refused.
      if (offer.status === 201) {
        expect((await knex()('transport_offers').where({ id: offer.body.id }).first()).status).toBe('rejected');
      } else {
        expect(offer.body.code).toBe('request_not_pending');
      }
    });
  });
});
