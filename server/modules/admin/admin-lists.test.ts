import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { acceptedOrder, clearInvoice, insertInvoice } from '../../test/invoice-rows';
import { createUser, signInAs, type TestUserSpec } from '../../test/sign-in';

const OWNER = 'owner@binaa.example.sa';

describe('admin lists and access', () => {
  let server: TestServer;
  let admin: TestClient & { user: { id: string } };
  beforeAll(async () => {
    server = await startTestServer({ env: { OWNER_EMAIL: OWNER } });
    admin = await signInAs(server, { role: null, is_admin: true });
  });
  afterAll(() => server.close());

  const as = (spec: TestUserSpec) => signInAs(server, spec);
  const knex = () => server.db.knex;
  const ids = (body: Array<{ id: string }>) => body.map((r) => r.id);

  describe('who may call the admin routes', () => {
    const id = crypto.randomUUID();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/products'],
      ['GET', '/api/admin/projects'],
      ['GET', '/api/admin/quick-signups'],
      ['GET', '/api/admin/purchase-orders'],
      ['GET', '/api/admin/invoices'],
      ['GET', '/api/admin/payments'],
      ['DELETE', `/api/admin/products/${id}`],
      ['DELETE', `/api/admin/projects/${id}`],
      ['DELETE', `/api/admin/users/${id}`],
      ['PATCH', `/api/admin/users/${id}`, { is_admin: true }],
    ];

    it.each(routes)('%s %s answers 401 when signed out', async (method, path, json) => {
      const res = await new TestClient(server.url).request(method, path, { json });
      expect(res.status).toBe(401);
    });

    it.each(routes)('%s %s answers 403 to every role that is not admin', async (method, path, json) => {
      for (const role of ['supplier', 'contractor', 'government', 'transport', null] as const) {
        const res = await (await as({ role })).request(method, path, { json });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('forbidden');
      }
    });
  });

  describe('GET /api/admin/users', () => {
    it('lists users newest first with role, tier, admin and owner flags, and X-Total-Count', async () => {
      const supplier = await createUser(knex(), { role: 'supplier', verification_tier: 'gold', company_name: 'حديد الخليج' });
      const fresh = await createUser(knex(), { role: null });
      await createUser(knex(), { email: OWNER, role: null, is_admin: true });
      const res = await admin.get('/api/admin/users?limit=100');
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('x-total-count'))).toBe(res.body.length);
      const byId = new Map(res.body.map((u: { id: string }) => [u.id, u]));
      expect(byId.get(supplier.id)).toEqual({
        id: supplier.id,
        email: supplier.email,
        name: expect.any(String),
        is_admin: false,
        is_owner: false,
        role: 'supplier',
        company_name: 'حديد الخليج',
        verification_tier: 'gold',
        created_at: expect.any(String),
        suspended_at: null,
        suspension_reason: null,
      });
      expect(byId.get(fresh.id)).toMatchObject({ role: null, verification_tier: null, company_name: null });
      expect(res.body.find((u: { email: string }) => u.email === OWNER)).toMatchObject({ is_admin: true, is_owner: true });
      const times = res.body.map((u: { created_at: string }) => Date.parse(u.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('searches by email, name and company name, Arabic spelling folded', async () => {
      const a = await createUser(knex(), { role: 'supplier', company_name: 'مؤسسة الإعمار الحديثة', email: `zeta-${Date.now()}@x.sa` });
      const b = await createUser(knex(), { role: 'contractor', name: 'Omar Unique-Name' });
      expect(ids((await admin.get('/api/admin/users?search=موسسه الاعمار')).body)).toEqual([a.id]);
      expect(ids((await admin.get(`/api/admin/users?search=${encodeURIComponent(a.email.slice(0, 12))}`)).body)).toEqual([a.id]);
      const byName = await admin.get('/api/admin/users?search=unique-name');
      expect(ids(byName.body)).toEqual([b.id]);
      expect(byName.headers.get('x-total-count')).toBe('1');
      // LIKE wildcards in the term are plain characters
      expect((await admin.get('/api/admin/users?search=%25')).body).toEqual([]);
    });

    it('hides deleted users and pages with limit and offset', async () => {
      const gone = await createUser(knex(), { role: 'supplier' });
      await knex()('users').where({ id: gone.id }).update({ deleted_at: new Date() });
      const all = await admin.get('/api/admin/users?limit=100');
      expect(ids(all.body)).not.toContain(gone.id);
      const second = await admin.get('/api/admin/users?limit=1&offset=1');
      expect(ids(second.body)).toEqual([all.body[1].id]);
      expect((await admin.get('/api/admin/users?limit=0')).status).toBe(400);
    });
  });

  describe('GET /api/admin/products and /projects', () => {
    it('lists live products with search, as the catalogue presents them', async () => {
      const supplier = await as({ role: 'supplier', company_name: 'مصنع الشرق' });
      const cement = (await supplier.post('/api/products', { name: 'أسمنت بورتلاندي', price: 18.5, unit: 'كيس' })).body;
      const steel = (await supplier.post('/api/products', { name: 'Rebar 12mm', price: 2900, unit: 'ton' })).body;
      const gone = (await supplier.post('/api/products', { name: 'أسمنت قديم', price: 1, unit: 'كيس' })).body;
      await knex()('products').where({ id: gone.id }).update({ deleted_at: new Date() });

      const res = await admin.get('/api/admin/products?search=اسمنت');
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([cement.id]);
      expect(res.body[0]).toMatchObject({ supplier_name: 'مصنع الشرق', price: 18.5, supplier_id: supplier.user.id });
      expect(ids((await admin.get('/api/admin/products?search=rebar')).body)).toEqual([steel.id]);
      // by supplier: the company name matches all of its products
      expect(ids((await admin.get('/api/admin/products?search=مصنع الشرق')).body)).toEqual([steel.id, cement.id]);
      const all = await admin.get('/api/admin/products?limit=100');
      expect(ids(all.body)).toEqual(expect.arrayContaining([cement.id, steel.id]));
      expect(ids(all.body)).not.toContain(gone.id);
      expect(Number(all.headers.get('x-total-count'))).toBe(all.body.length);
    });

    it('lists projects in every status with search', async () => {
      const government = await as({ role: 'government', company_name: 'أمانة جدة' });
      const open = (await government.post('/api/projects', { title: 'Bridge repair', description: 'd', location: 'Jeddah' })).body;
      const done = (await government.post('/api/projects', { title: 'School build', description: 'd', location: 'Jeddah' })).body;
      await knex()('projects').where({ id: done.id }).update({ status: 'completed' });
      const res = await admin.get('/api/admin/projects?search=jeddah');
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([done.id, open.id]);
      expect(res.body[0]).toMatchObject({ status: 'completed', government_name: 'أمانة جدة' });
      expect(ids((await admin.get('/api/admin/projects?search=أمانه جده')).body)).toEqual([done.id, open.id]);
    });
  });

  describe('GET /api/admin/quick-signups', () => {
    it('lists registration requests newest first with search, without the IP', async () => {
      const anon = new TestClient(server.url);
      const form = {
        company_name: 'نقليات الشرق',
        contact_person: 'سعد',
        phone: '0551234567',
        email: 'saad@east.example.sa',
        city: 'الخبر',
        service_description: 'نقل',
      };
      const first = (await anon.post('/api/quick-signup', form)).body;
      const second = (await anon.post('/api/quick-signup', { ...form, signupType: 'transport', company_name: 'Other Co', city: 'Tabuk' })).body;
      const res = await admin.get('/api/admin/quick-signups');
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([second.id, first.id]);
      expect(res.body[1]).toEqual({
        id: first.id,
        signup_type: 'supplier',
        ...form,
        phone: '+966551234567',
        experience_years: null,
        status: 'new',
        created_at: expect.any(String),
      });
      expect(res.headers.get('x-total-count')).toBe('2');
      expect(ids((await admin.get('/api/admin/quick-signups?search=tabuk')).body)).toEqual([second.id]);
    });
  });

  describe('the money on the platform: purchase orders, tax invoices and payments, read-only', () => {
    it('lists every order, invoice and payment with both parties, filtered by status and searched by number or party', async () => {
      const { buyer, po } = await acceptedOrder(server);
      const invoiceId = await insertInvoice(knex(), po);
      await clearInvoice(knex(), invoiceId);
      const number = (await knex()('invoices').where({ id: invoiceId }).first('number')).number as string;
      const paid = await buyer.post(`/api/invoices/${invoiceId}/payments`, { id: crypto.randomUUID(), amount: 100, paid_on: '2026-11-28', reference: 'RJHI-4471' });
      expect(paid.status).toBeLessThan(300);

      const orders = await admin.get(`/api/admin/purchase-orders?search=${encodeURIComponent('مورد الشمال')}`);
      expect(orders.status).toBe(200);
      expect(orders.body).toEqual([
        { id: po.id, number: expect.any(String), title: expect.any(String), buyer_name: 'مقاولات الشرق', seller_name: 'مورد الشمال', total: 212.75, status: 'accepted', issued_at: expect.any(String) },
      ]);
      expect(ids((await admin.get(`/api/admin/purchase-orders?status=accepted&limit=100`)).body)).toContain(po.id);
      expect(ids((await admin.get(`/api/admin/purchase-orders?status=cancelled&limit=100`)).body)).not.toContain(po.id);

      const invoices = await admin.get(`/api/admin/invoices?search=${number}`);
      expect(invoices.body).toEqual([
        { id: invoiceId, kind: 'invoice', number, seller_name: 'مؤسسة البناء الحديث للتجارة', buyer_name: 'شركة مقاولات الشرق', total: 212.75, status: 'cleared', issued_at: expect.any(String) },
      ]);
      expect(invoices.headers.get('x-total-count')).toBe('1');
      expect((await admin.get(`/api/admin/invoices?search=${number}&status=rejected`)).body).toEqual([]);

      const payments = await admin.get('/api/admin/payments?search=RJHI-4471');
      expect(payments.body).toEqual([
        {
          id: paid.body.id ?? expect.any(String),
          invoice_id: invoiceId,
          invoice_number: number,
          payer_name: 'مقاولات الشرق',
          payee_name: 'مورد الشمال',
          method: 'transfer',
          amount: 100,
          refunded: 0,
          status: 'recorded',
          paid_on: '2026-11-28',
          reference: 'RJHI-4471',
          created_at: expect.any(String),
        },
      ]);
      expect((await admin.get('/api/admin/payments?search=RJHI-4471&status=confirmed')).body).toEqual([]);
    });

    it('answers 400 to a status the list does not have', async () => {
      for (const path of ['/api/admin/purchase-orders?status=paid', '/api/admin/invoices?status=open', '/api/admin/payments?status=cleared']) {
        expect((await admin.get(path)).status).toBe(400);
      }
    });

    it('reads only: no write route under the money lists', async () => {
      const po = await knex()('purchase_orders').first('id');
      for (const [method, path] of [
        ['DELETE', `/api/admin/purchase-orders/${po.id}`],
        ['PATCH', `/api/admin/purchase-orders/${po.id}`],
        ['POST', '/api/admin/payments'],
      ] as const) {
        expect([404, 405]).toContain((await admin.request(method, path, { json: {} })).status);
      }
    });
  });
});
