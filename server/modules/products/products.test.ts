import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productSchema } from '../../../shared/schemas/product';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs, type TestUserSpec } from '../../test/sign-in';

const CEMENT = 'ca7e0000-0000-4000-8000-000000000001';
const STEEL = 'ca7e0000-0000-4000-8000-000000000002';

const body = (over: Record<string, unknown> = {}) => ({ name: 'أسمنت بورتلاندي', price: 18.5, unit: 'كيس', ...over });

describe('products', () => {
  let server: TestServer;
  let anon: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    anon = new TestClient(server.url);
  });
  afterAll(() => server.close());

  const supplier = (spec: TestUserSpec = {}) => signInAs(server, { role: 'supplier', ...spec });
  const changes = (id: string) => server.db.knex('changes').where({ entity: 'product', entity_id: id }).orderBy('pos');
  const productRow = (id: string) => server.db.knex('products').where({ id }).first();

  async function create(client: TestClient, over: Record<string, unknown> = {}) {
    const res = await client.post('/api/products', body(over));
    expect(res.status).toBe(201);
    return res.body as z.infer<typeof productSchema>;
  }

  describe('POST /api/products', () => {
    it('answers 401 when signed out', async () => {
      expect((await anon.post('/api/products', body())).status).toBe(401);
    });

    it('answers 403 to a contractor and writes nothing', async () => {
      const contractor = await signInAs(server, { role: 'contractor' });
      const res = await contractor.post('/api/products', body());
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
      expect(await server.db.knex('products').where({ supplier_id: contractor.user.id })).toEqual([]);
    });

    it('answers 403 profile_required before setup', async () => {
      const res = await (await signInAs(server, { role: null })).post('/api/products', body());
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('profile_required');
    });

    it('creates the product with its computed fields and records it for everyone in the change log', async () => {
      const s = await supplier({ company_name: 'شركة الركن المتين', verification_tier: 'gold' });
      const res = await s.post('/api/products', {
        ...body({ category_id: CEMENT, description: 'مقاوم للأملاح', min_quantity: 10 }),
        image_url: 'https://img.binaa.sa/cement.jpg',
        specifications: { 'الوزن': '50 كجم' },
      });
      expect(res.status).toBe(201);
      expect(() => productSchema.parse(res.body)).not.toThrow();
      expect(res.body).toMatchObject({
        supplier_id: s.user.id,
        name: 'أسمنت بورتلاندي',
        description: 'مقاوم للأملاح',
        price: 18.5,
        unit: 'كيس',
        min_quantity: 10,
        stock_quantity: null,
        category_id: CEMENT,
        category_name: 'الأسمنت والخرسانة',
        specifications: { 'الوزن': '50 كجم' },
        availability_status: 'available',
        average_rating: 0,
        total_reviews: 0,
        supplier_name: 'شركة الركن المتين',
        supplier_verification_tier: 'gold',
      });
      const row = await productRow(res.body.id);
      expect(row).toMatchObject({ supplier_id: s.user.id, price: 18.5, deleted_at: null });
      expect(await changes(res.body.id)).toEqual([
        expect.objectContaining({ op: 'upsert', audience_type: 'all', audience: null }),
      ]);
    });

    it("names the supplier by the user's name when the profile has no company name", async () => {
      const s = await supplier({ name: 'عبدالله القحطاني' });
      await server.db.knex('profiles').where({ user_id: s.user.id }).update({ company_name: null });
      expect((await create(s)).supplier_name).toBe('عبدالله القحطاني');
    });

    it('defaults min_quantity to 1 and leaves optional fields null', async () => {
      const p = await create(await supplier());
      expect(p).toMatchObject({ min_quantity: 1, description: null, category_id: null, category_name: null, image_url: null, specifications: null });
    });

    it.each([
      ['supplier_id', randomUUID()],
      ['average_rating', 5],
      ['total_reviews', 9],
      ['availability_status', 'available'],
      ['created_at', '2026-01-01T00:00:00Z'],
    ])('answers 400 to the field %s, which a create may not set', async (field, value) => {
      const s = await supplier();
      const res = await s.post('/api/products', body({ [field]: value }));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(await server.db.knex('products').where({ supplier_id: s.user.id })).toEqual([]);
    });

    it.each([
      ['name', { name: undefined }],
      ['name', { name: '   ' }],
      ['unit', { unit: undefined }],
      ['price', { price: undefined }],
      ['price', { price: -1 }],
      ['price', { price: 1.234 }],
      ['price', { price: '18.5' }],
      ['min_quantity', { min_quantity: 0 }],
      ['image_url', { image_url: 'javascript:alert(1)' }],
    ])('answers 400 naming %s when it is missing or invalid', async (field, over) => {
      const res = await (await supplier()).post('/api/products', body(over));
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
    });

    it('answers 400 naming category_id when the category does not exist', async () => {
      const res = await (await supplier()).post('/api/products', body({ category_id: randomUUID() }));
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['category_id']);
    });

    it('returns the existing product with 200 when the same client id is created again', async () => {
      const s = await supplier();
      const id = randomUUID();
      const first = await s.post('/api/products', body({ id }));
      const again = await s.post('/api/products', body({ id, name: 'changed on the way' }));
      expect(first.status).toBe(201);
      expect(first.body.id).toBe(id);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await server.db.knex('products').where({ id })).toHaveLength(1);
      expect(await changes(id)).toHaveLength(1);
    });

    it("answers 409 when the client id is another supplier's product", async () => {
      const id = (await create(await supplier())).id;
      const res = await (await supplier()).post('/api/products', body({ id }));
      expect(res.status).toBe(409);
      expect((await productRow(id)).name).toBe('أسمنت بورتلاندي');
    });

    it('answers 409 plan_limit_reached on the free plan past its 10 products, and creates nothing', async () => {
      const s = await supplier();
      const plan = await server.db.knex('subscription_plans').where({ id: 'free' }).first('max_products');
      expect(plan.max_products).toBe(10);
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) ids.push((await create(s, { id: randomUUID(), name: `منتج ${i}` })).id);
      const res = await s.post('/api/products', body({ name: 'الحادي عشر' }));
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('plan_limit_reached');
      expect(await server.db.knex('products').where({ supplier_id: s.user.id })).toHaveLength(10);
      // A retried create of a product it already made is not a new product.
      expect((await s.post('/api/products', body({ id: ids[3] }))).status).toBe(200);
      // A deleted product frees its place.
      expect((await s.delete(`/api/products/${ids[0]}`)).status).toBe(204);
      expect((await s.post('/api/products', body({ name: 'بعد الحذف' }))).status).toBe(201);
    });

    it('creates several at once all or none (createProducts, the path of creations in a row in a push)', async () => {
      const { createProducts } = await import('./service');
      const { loadSessionUser } = await import('../../auth/session-user');
      const s = await supplier();
      const user = (await loadSessionUser(server.db.knex, server.config, s.user.id))!;
      const args = (n: number, over: Record<string, unknown> = {}) =>
        Array.from({ length: n }, (_, i) => ({ id: randomUUID(), name: `منتج ${i}`, price: 5, unit: 'حبة', min_quantity: 1, ...over }));
      const mine = () => server.db.knex('products').where({ supplier_id: s.user.id }).pluck('id');
      // Past the free plan's 10 at once: refused, nothing written.
      const eleven = args(11);
      await expect(server.db.knex.transaction((trx) => createProducts(trx, user, eleven, new Date()))).rejects.toMatchObject({ code: 'plan_limit_reached' });
      // An unknown category anywhere in the run: refused, nothing written.
      const unknownCategory = args(2, { category_id: randomUUID() });
      await expect(server.db.knex.transaction((trx) => createProducts(trx, user, [...args(1), ...unknownCategory], new Date()))).rejects.toMatchObject({ code: 'validation_failed' });
      expect(await mine()).toEqual([]);
      // Up to the limit, with an id given twice and one left to the server.
      const [first, ...rest] = args(8, { category_id: CEMENT });
      const { id: _omitted, ...serverId } = args(1)[0];
      const made = await server.db.knex.transaction((trx) => createProducts(trx, user, [first, ...rest, first, serverId], new Date()));
      expect(made.map((m) => m.created)).toEqual([true, true, true, true, true, true, true, true, false, true]);
      expect(made[8].id).toBe(first.id);
      expect((await mine()).sort()).toEqual(made.filter((m) => m.created).map((m) => m.id).sort());
      expect(await server.db.knex('changes').where({ entity: 'product' }).whereIn('entity_id', await mine())).toHaveLength(9);
      // One more fits the limit of 10, two do not; a replayed id is not a new product.
      await expect(server.db.knex.transaction((trx) => createProducts(trx, user, args(2), new Date()))).rejects.toMatchObject({ code: 'plan_limit_reached' });
      const last = await server.db.knex.transaction((trx) => createProducts(trx, user, [rest[0], ...args(1)], new Date()));
      expect(last.map((m) => m.created)).toEqual([false, true]);
      expect(await mine()).toHaveLength(10);
    });

    it('lets a supplier on an unlimited plan pass 10 products', async () => {
      const s = await supplier();
      await server.db.knex('subscriptions').insert({
        user_id: s.user.id,
        plan_id: 'premium',
        status: 'active',
        billing_cycle: 'monthly',
        current_period_end: new Date(Date.now() + 86_400_000),
      });
      for (let i = 0; i < 11; i++) await create(s, { name: `منتج ${i}` });
      expect(await server.db.knex('products').where({ supplier_id: s.user.id })).toHaveLength(11);
    });
  });

  describe('PATCH /api/products/{id}', () => {
    it('updates price, stock and availability of an own product and records the change', async () => {
      const s = await supplier();
      const p = await create(s);
      const res = await s.patch(`/api/products/${p.id}`, { price: 21.75, stock_quantity: 0, availability_status: 'available' });
      expect(res.status).toBe(200);
      // Tracked stock decides availability: 0 is out of stock whatever was asked.
      expect(res.body).toMatchObject({ id: p.id, price: 21.75, stock_quantity: 0, availability_status: 'out_of_stock', name: p.name });
      expect(await productRow(p.id)).toMatchObject({ price: 21.75, stock_quantity: 0, availability_status: 'out_of_stock' });
      expect((await changes(p.id)).map((c) => c.op)).toEqual(['upsert', 'upsert']);
    });

    it('updates the other fields and clears optional ones with null', async () => {
      const s = await supplier({ language: 'en' });
      const p = await create(s, { description: 'old', category_id: CEMENT, specifications: { a: 'b' } });
      const res = await s.patch(`/api/products/${p.id}`, {
        name: 'Steel rebar 12 mm',
        unit: 'ton',
        min_quantity: 2,
        description: null,
        category_id: STEEL,
        specifications: null,
        image_url: '',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'Steel rebar 12 mm',
        unit: 'ton',
        min_quantity: 2,
        description: null,
        category_id: STEEL,
        category_name: 'Steel & Rebar',
        specifications: null,
        image_url: null,
      });
    });

    it("answers 404 to another supplier and changes nothing", async () => {
      const p = await create(await supplier());
      const before = await productRow(p.id);
      const res = await (await supplier()).patch(`/api/products/${p.id}`, { price: 1 });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
      expect(await productRow(p.id)).toEqual(before);
      expect(await changes(p.id)).toHaveLength(1);
    });

    it('answers 403 to a contractor', async () => {
      const p = await create(await supplier());
      expect((await (await signInAs(server, { role: 'contractor' })).patch(`/api/products/${p.id}`, { price: 1 })).status).toBe(403);
    });

    it('answers 400 to an empty body or an unknown field', async () => {
      const s = await supplier();
      const p = await create(s);
      expect((await s.patch(`/api/products/${p.id}`, {})).status).toBe(400);
      expect((await s.patch(`/api/products/${p.id}`, { supplier_id: randomUUID() })).status).toBe(400);
      expect((await s.patch(`/api/products/${p.id}`, { average_rating: 5 })).status).toBe(400);
      expect((await s.patch(`/api/products/${p.id}`, { availability_status: 'sold' })).status).toBe(400);
      expect((await s.patch(`/api/products/${p.id}`, { category_id: randomUUID() })).status).toBe(400);
    });

    it('answers 404 to a malformed or unknown id', async () => {
      const s = await supplier();
      expect((await s.patch('/api/products/not-a-uuid', { price: 1 })).status).toBe(404);
      expect((await s.patch(`/api/products/${randomUUID()}`, { price: 1 })).status).toBe(404);
    });
  });

  describe('DELETE /api/products/{id}', () => {
    it('soft-deletes an own product, records a delete, and hides it from the item, the lists and search', async () => {
      const s = await supplier();
      const p = await create(s, { name: 'Fiberglass insulation roll' });
      const res = await s.delete(`/api/products/${p.id}`);
      expect(res.status).toBe(204);
      expect((await productRow(p.id)).deleted_at).toBeInstanceOf(Date);
      expect((await changes(p.id)).map((c) => c.op)).toEqual(['upsert', 'delete']);

      expect((await anon.get(`/api/products/${p.id}`)).status).toBe(404);
      expect((await anon.get(`/api/products?supplier_id=${s.user.id}`)).body).toEqual([]);
      expect((await anon.get('/api/products?search=fiberglass')).body).toEqual([]);
      const mine = await s.get('/api/products/my');
      expect(mine.body).toEqual([]);
      expect(mine.headers.get('x-total-count')).toBe('0');
      expect((await s.patch(`/api/products/${p.id}`, { price: 1 })).status).toBe(404);
      expect((await s.delete(`/api/products/${p.id}`)).status).toBe(404);
    });

    it('answers 404 to another supplier and keeps the product', async () => {
      const p = await create(await supplier());
      expect((await (await supplier()).delete(`/api/products/${p.id}`)).status).toBe(404);
      expect((await productRow(p.id)).deleted_at).toBeNull();
    });
  });

  describe('GET /api/products', () => {
    it('lists newest first with limit, offset and X-Total-Count', async () => {
      const s = await supplier();
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await create(s, { name: `Block ${i}` }));
      const newest = made.map((p) => p.id).reverse();
      const all = await anon.get(`/api/products?supplier_id=${s.user.id}`);
      expect(all.status).toBe(200);
      expect(all.body.map((p: { id: string }) => p.id)).toEqual(newest);
      expect(all.headers.get('x-total-count')).toBe('5');
      const page = await anon.get(`/api/products?supplier_id=${s.user.id}&limit=2&offset=2`);
      expect(page.body.map((p: { id: string }) => p.id)).toEqual(newest.slice(2, 4));
      expect(page.headers.get('x-total-count')).toBe('5');
      const beyond = await anon.get(`/api/products?supplier_id=${s.user.id}&offset=10`);
      expect(beyond.body).toEqual([]);
      expect(beyond.headers.get('x-total-count')).toBe('5');
    });

    it('returns 20 by default and counts the whole catalogue', async () => {
      const res = await anon.get('/api/products');
      const total = Number(res.headers.get('x-total-count'));
      expect(total).toBe(Number((await server.db.knex('products').whereNull('deleted_at').count('* as n').first())!.n));
      expect(res.body).toHaveLength(Math.min(20, total));
      for (const p of res.body) expect(() => productSchema.parse(p)).not.toThrow();
    });

    it('keeps the whole catalogue\'s total exact through writes by the API and by SQL, savepoints, rollbacks and a deleted supplier', async () => {
      const knex = server.db.knex;
      const s = await supplier();
      const row = (name: string, extra: Record<string, unknown> = {}) => ({ supplier_id: s.user.id, name, price: 1, unit: 'bag', ...extra });
      const shown = async () =>
        Number(
          (await knex('products as p').join('users as u', 'u.id', 'p.supplier_id').whereNull('p.deleted_at').whereNull('u.deleted_at').count('* as n').first())!.n,
        );
      const total = async () => Number((await anon.get('/api/products?limit=1')).headers.get('x-total-count'));
      const start = await shown();
      const expectTotal = async (change: number) => {
        expect(await shown()).toBe(start + change);
        expect(await total()).toBe(start + change);
      };

      const made = await create(s);
      await expectTotal(1);
      await knex('products').insert([row('Direct A'), row('Direct B'), row('Born deleted', { deleted_at: new Date() })]);
      await expectTotal(3);
      expect((await s.delete(`/api/products/${made.id}`)).status).toBe(204);
      await expectTotal(2);
      await knex('products').where({ id: made.id }).update({ deleted_at: null });
      await expectTotal(3);
      await knex('products').where({ supplier_id: s.user.id, name: 'Direct A' }).delete();
      await expectTotal(2);
      await knex.transaction(async (trx) => {
        await trx('products').insert(row('Kept'));
        await trx
          .transaction(async (savepoint) => {
            await savepoint('products').insert([row('Undone 1'), row('Undone 2')]);
            throw new Error('roll back to the savepoint');
          })
          .catch(() => undefined);
      });
      await expectTotal(3);
      await knex
        .transaction(async (trx) => {
          await trx('products').insert(row('Never'));
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await expectTotal(3);
      // Hidden with their supplier, though their rows stay live.
      await knex('users').where({ id: s.user.id }).update({ deleted_at: new Date() });
      await expectTotal(0);
      expect(Number((await knex('catalogue_state').first('live_products')).live_products)).toBe(await shown());
    });

    it.each([['limit=0'], ['limit=101'], ['offset=-1'], ['limit=abc'], ['sort=price'], ['category=Not A Slug']])(
      'answers 400 to %s',
      async (q) => {
        expect((await anon.get(`/api/products?${q}`)).status).toBe(400);
      },
    );

    it('filters by category id or slug, and an unknown category has no products', async () => {
      const s = await supplier();
      const cement = await create(s, { category_id: CEMENT });
      await create(s, { category_id: STEEL });
      for (const ref of [CEMENT, 'cement-concrete']) {
        const res = await anon.get(`/api/products?supplier_id=${s.user.id}&category=${ref}`);
        expect(res.body.map((p: { id: string }) => p.id)).toEqual([cement.id]);
        expect(res.headers.get('x-total-count')).toBe('1');
      }
      const none = await anon.get('/api/products?category=no-such-category');
      expect(none.status).toBe(200);
      expect(none.body).toEqual([]);
      expect(none.headers.get('x-total-count')).toBe('0');
    });

    it("hides a deleted supplier's products from the lists, the item and search", async () => {
      const s = await supplier();
      const p = await create(s, { name: 'Gypsum board premium' });
      await server.db.knex('users').where({ id: s.user.id }).update({ deleted_at: new Date() });
      expect((await anon.get(`/api/products/${p.id}`)).status).toBe(404);
      const list = await anon.get(`/api/products?supplier_id=${s.user.id}`);
      expect(list.body).toEqual([]);
      expect(list.headers.get('x-total-count')).toBe('0');
      expect((await anon.get('/api/products?search=gypsum')).body).toEqual([]);
      const all = await anon.get('/api/products?limit=100');
      expect(all.body.map((x: { id: string }) => x.id)).not.toContain(p.id);
    });

    it("names the category in the reader's language: Accept-Language, then the profile, then Arabic", async () => {
      const p = await create(await supplier(), { category_id: CEMENT });
      const path = `/api/products/${p.id}`;
      expect((await anon.get(path)).body.category_name).toBe('الأسمنت والخرسانة');
      expect((await anon.get(path, { 'Accept-Language': 'en-US,en;q=0.9' })).body.category_name).toBe('Cement & Concrete');
      expect((await anon.get(path, { 'Accept-Language': 'fr' })).body.category_name).toBe('الأسمنت والخرسانة');
      const reader = await signInAs(server, { role: 'contractor', language: 'zh' });
      expect((await reader.get(path)).body.category_name).toBe('水泥和混凝土');
      expect((await reader.get(path, { 'Accept-Language': 'fr' })).body.category_name).toBe('水泥和混凝土');
      expect((await reader.get(path, { 'Accept-Language': 'en' })).body.category_name).toBe('Cement & Concrete');
      const list = await anon.get(`/api/products?category=cement-concrete`, { 'Accept-Language': 'zh' });
      expect(list.body[0].category_name).toBe('水泥和混凝土');
      expect(list.headers.get('vary')).toMatch(/Accept-Language/);
    });

    it('hides the category name of a deleted category', async () => {
      const [cat] = await server.db
        .knex('categories')
        .insert({ slug: `temp-${Date.now()}`, name_ar: 'مؤقت', name_en: 'Temp', name_zh: '临时', sort: 999 })
        .returning('id');
      const p = await create(await supplier(), { category_id: cat.id });
      await server.db.knex('categories').where({ id: cat.id }).update({ deleted_at: new Date() });
      expect((await anon.get(`/api/products/${p.id}`)).body.category_name).toBeNull();
    });
  });

  describe('GET /api/products/{id} and /my', () => {
    it('returns one product to anyone, money as a JSON number', async () => {
      const p = await create(await supplier(), { price: 1250.05 });
      const res = await anon.get(`/api/products/${p.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(p);
      expect(res.text).toContain('"price":1250.05');
    });

    it('answers 404 to an unknown or malformed id', async () => {
      expect((await anon.get(`/api/products/${randomUUID()}`)).status).toBe(404);
      expect((await anon.get('/api/products/123')).status).toBe(404);
    });

    it("lists only the supplier's own products, newest first", async () => {
      const s = await supplier();
      const a = await create(s);
      const b = await create(s);
      await create(await supplier());
      const res = await s.get('/api/products/my');
      expect(res.status).toBe(200);
      expect(res.body.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
      expect(res.headers.get('x-total-count')).toBe('2');
    });

    it('answers 401 signed out and 403 to a contractor on /my', async () => {
      expect((await anon.get('/api/products/my')).status).toBe(401);
      expect((await (await signInAs(server, { role: 'contractor' })).get('/api/products/my')).status).toBe(403);
    });
  });
});
