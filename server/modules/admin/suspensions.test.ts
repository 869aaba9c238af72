/**
 * An admin's suspension of a company: set with a reason and lifted, admin only, audited,
 * told to the company; while it holds, every write that starts a new deal is refused 403
 * company_suspended through REST and the sync push alike, and what the company owes
 * (a delivery's steps) goes on. Removing a product or its photos is withdrawing, not dealing: allowed.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { createUser } from '../../test/sign-in';
import { TestClient } from '../../test/http-client';
import { as, joinCompany, notificationsOf, postBid, postOffer, postOrder, postProject, type Client } from '../../test/factories';
import { categoryId, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';
import { assignedDelivery, step } from '../../test/deals';

const OWNER = 'owner-suspend@binaa.example.sa';
const REASON = 'مستندات السجل التجاري منتهية';

describe('company suspensions', () => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer({ env: { OWNER_EMAIL: OWNER } });
    admin = await as(server, 'admin');
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const suspend = (companyId: string, body: unknown = { reason: REASON }) => admin.post(`/api/admin/companies/${companyId}/suspension`, body);
  const lift = (companyId: string) => admin.delete(`/api/admin/companies/${companyId}/suspension`);
  const suspended = async (c: Client) => {
    const res = await suspend(c.user.id);
    expect(res.status, res.text).toBe(200);
  };

  describe('POST and DELETE /api/admin/companies/{id}/suspension', () => {
    it('suspends with the reason, tells the company (its row and a notification) and audits; lifting undoes it', async () => {
      const supplier = await as(server, 'supplier', { company_name: 'مؤسسة الإسمنت' });
      const member = await as(server, 'supplier');
      await joinCompany(knex(), member.user.id, supplier.user.id, 'member');
      const res = await suspend(supplier.user.id, { reason: `  ${REASON}  ` });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ suspended_at: expect.any(String), reason: REASON, suspended_by: admin.user.id });

      // Every member holds the company's row, and it says so (also offline: it syncs).
      for (const c of [supplier, member]) {
        const me = (await c.get('/api/profiles/me')).body;
        expect(me).toMatchObject({ suspended_at: res.body.suspended_at, suspension_reason: REASON });
      }
      const change = await knex()('changes').where({ entity: 'profile', entity_id: supplier.user.id }).orderBy('pos', 'desc').first('audience_type', 'audience');
      expect(change).toEqual({ audience_type: 'user', audience: supplier.user.id });
      const told = await notificationsOf(knex(), supplier.user.id, 'company.suspended');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ type: 'system', priority: 'high', params: { company: 'مؤسسة الإسمنت', reason: REASON } });
      const audit = await knex()('audit_log').where({ record_id: supplier.user.id, action: 'admin.company_suspend' }).first();
      expect(audit).toMatchObject({ actor_id: admin.user.id, company_id: supplier.user.id, record_type: 'company' });
      expect(audit.changes).toMatchObject({ suspended: [false, true], suspension_reason: [null, REASON] });

      // Anyone sees that it is suspended, never why.
      const standing = await new TestClient(server.url).get(`/api/companies/${supplier.user.id}/suspension`);
      expect(standing.body).toEqual({ suspended: true });

      // Suspending again changes the reason and keeps when it began.
      const again = await suspend(supplier.user.id, { reason: 'سبب آخر' });
      expect(again.body).toMatchObject({ suspended_at: res.body.suspended_at, reason: 'سبب آخر' });

      expect((await lift(supplier.user.id)).status).toBe(204);
      expect((await member.get('/api/profiles/me')).body).toMatchObject({ suspended_at: null, suspension_reason: null });
      expect(await notificationsOf(knex(), supplier.user.id, 'company.suspension_lifted')).toHaveLength(1);
      expect(await knex()('audit_log').where({ record_id: supplier.user.id, action: 'admin.company_unsuspend' }).first()).toBeTruthy();
      expect((await supplier.post('/api/products', { name: 'أسمنت', price: 20, unit: 'كيس' })).status).toBe(201);

      // Lifting what is not suspended changes nothing and tells nobody.
      expect((await lift(supplier.user.id)).status).toBe(204);
      expect(await notificationsOf(knex(), supplier.user.id, 'company.suspension_lifted')).toHaveLength(1);
    });

    it('answers 400 to a missing, empty, blank or too long reason, or another field, suspending nothing', async () => {
      const supplier = await as(server, 'supplier');
      for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', until: '2027-01-01' }]) {
        const res = await suspend(supplier.user.id, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      expect((await suspend(supplier.user.id, { reason: 'x'.repeat(500) })).status).toBe(200);
      await lift(supplier.user.id);
      const row = await knex()('profiles').where({ user_id: supplier.user.id }).first('suspended_at');
      expect(row.suspended_at).toBeNull();
    });

    it('is for admins only: 403 to anyone else, 401 to nobody', async () => {
      const supplier = await as(server, 'supplier');
      const contractor = await as(server, 'contractor');
      expect((await contractor.post(`/api/admin/companies/${supplier.user.id}/suspension`, { reason: REASON })).status).toBe(403);
      expect((await contractor.delete(`/api/admin/companies/${supplier.user.id}/suspension`)).status).toBe(403);
      expect((await knex()('profiles').where({ user_id: supplier.user.id }).first('suspended_at')).suspended_at).toBeNull();
    });

    it("refuses the admin's own company (cannot_suspend_self), the site owner's (owner_protected) and an unknown one (404)", async () => {
      expect((await suspend(admin.user.id)).body.code).toBe('cannot_suspend_self');
      const owner = await createUser(knex(), { email: OWNER, is_admin: true, role: 'supplier' });
      const res = await suspend(owner.id);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('owner_protected');
      expect((await suspend(crypto.randomUUID())).status).toBe(404);
    });
  });

  describe('a suspended company', () => {
    const refused = (res: { status: number; body: { code?: string } }, what: string) => {
      expect(res.status, what).toBe(403);
      expect(res.body.code, what).toBe('company_suspended');
    };

    it('starts no new deal through REST: post, edit, quote, bid, offer, order, award or accept', async () => {
      const category = await categoryId(knex());
      const [supplier, rivalSupplier] = [await as(server, 'supplier'), await as(server, 'supplier')];
      const [contractor, rivalContractor] = [await as(server, 'contractor'), await as(server, 'contractor')];
      const [government, rivalGovernment] = [await as(server, 'government'), await as(server, 'government')];
      const [carrier, rivalCarrier] = [await as(server, 'transport'), await as(server, 'transport')];
      // What they would act on, made before the suspension.
      const product = await sellIn(supplier, category);
      await sellIn(rivalSupplier, category);
      const othersRfq = await postRfq(rivalContractor, rfqBody(category));
      const ownRfq = await postRfq(contractor, rfqBody(category));
      const quoted = await postRfq(contractor, rfqBody(category, {}, 1));
      const quote = (await rivalSupplier.post(`/api/rfqs/${quoted.id}/quotes`, quoteBody({ [quoted.lines[0].id]: 10 }))).body;
      const othersOrder = await postOrder(rivalContractor);
      const ownOrder = await postOrder(contractor);
      const offer = (await postOffer(rivalSupplier, ownOrder.id)).body;
      const othersProject = await postProject(rivalGovernment);
      const ownProject = await postProject(government);
      const bid = (await postBid(rivalContractor, ownProject.id)).body;
      await government.post(`/api/projects/${ownProject.id}/close-bidding`, {});
      const transportBody = { pickup_location: 'ينبع', delivery_location: 'الرياض', cargo_description: 'حديد 12 طن', budget: 4000 };
      const othersRequest = (await rivalContractor.post('/api/transport-requests', transportBody)).body;
      const ownRequest = (await contractor.post('/api/transport-requests', transportBody)).body;
      const transportQuote = (await rivalCarrier.post('/api/transport-offers', { transport_request_id: ownRequest.id, quoted_price: 2500 })).body;
      for (const c of [supplier, contractor, government, carrier]) await suspended(c);

      const rfqEdit = { title: 'مواد', location: 'أبها', closes_at: new Date(Date.now() + 86_400_000).toISOString(), lines: [{ id: crypto.randomUUID(), description: 'رمل', quantity: 5, unit: 'م³' }] };
      const cases: Array<[string, () => Promise<{ status: number; body: { code?: string } }>]> = [
        ['post a product', () => supplier.post('/api/products', { name: 'رمل', price: 5, unit: 'م³' })],
        ['edit a product', () => supplier.patch(`/api/products/${product}`, { price: 19 })],
        ["reorder a product's photos", () => supplier.put(`/api/products/${product}/photos`, { order: [crypto.randomUUID()] })],
        ['quote an RFQ', () => supplier.post(`/api/rfqs/${othersRfq.id}/quotes`, quoteBody({ [othersRfq.lines[0].id]: 9 }))],
        ['offer on an instant order', () => postOffer(supplier, othersOrder.id)],
        ['post an RFQ', () => contractor.post('/api/rfqs', rfqBody(category))],
        ['edit an RFQ', () => contractor.patch(`/api/rfqs/${ownRfq.id}`, rfqEdit)],
        ['award an RFQ (an order)', () => contractor.post(`/api/rfqs/${quoted.id}/award`, { awards: [{ rfq_line_id: quoted.lines[0].id, quote_id: quote.id }] })],
        ['post an instant order', () => contractor.post('/api/instant-orders', { title: 'حديد', description: 'عاجل', quantity: 1, unit: 'طن', location: 'جدة' })],
        ['accept an instant-order offer', () => contractor.post(`/api/instant-orders/${ownOrder.id}/accept`, { response_id: offer.id })],
        ['bid on a tender', () => postBid(contractor, othersProject.id)],
        ['post a transport request', () => contractor.post('/api/transport-requests', transportBody)],
        ['accept a transport quote', () => contractor.post(`/api/transport-requests/${ownRequest.id}/accept`, { offer_id: transportQuote.id })],
        ['post a project', () => government.post('/api/projects', { title: 'طريق', description: 'سفلتة', location: 'أبها' })],
        ['award a tender', () => government.post(`/api/projects/${ownProject.id}/award`, { bid_id: bid.id })],
        ['quote a transport request', () => carrier.post('/api/transport-offers', { transport_request_id: othersRequest.id, quoted_price: 2000 })],
      ];
      for (const [what, call] of cases) refused(await call(), what);
      // Reading goes on.
      expect((await supplier.get('/api/rfqs')).status).toBe(200);
      expect((await contractor.get('/api/instant-orders/my')).status).toBe(200);
    });

    it('is refused the same through the sync push', async () => {
      const supplier = await as(server, 'supplier');
      await suspended(supplier);
      const args = { id: crypto.randomUUID(), name: 'رمل', price: 5, unit: 'م³' };
      const res = await supplier.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'product.create', args }] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.results[0]).toMatchObject({ id: 1, status: 'rejected', code: 'company_suspended' });
      expect(await knex()('products').where({ id: args.id }).first()).toBeUndefined();
    });

    it('finishes what it owes: its driver goes on delivering', async () => {
      const job = await assignedDelivery(server);
      await suspended(job.carrier);
      await suspended(job.contractor);
      const res = await step(job.driver, job.delivery.id, 'picked_up');
      expect(res.status, res.text).toBe(200);
    });
  });
});
