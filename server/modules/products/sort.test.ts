import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '../../../shared/schemas/product';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs } from '../../test/sign-in';
import { orderDeal } from '../../test/review-steps';

describe('GET /api/products?sort', () => {
  let server: TestServer;
  const anon = () => new TestClient(server.url);
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** A supplier in `city` with these products (name, price, optional rating), created in order. */
  async function supplierWith(city: string | null, products: Array<{ name: string; price: number; rating?: [number, number] }>) {
    const s = await signInAs(server, { role: 'supplier' });
    await server.db.knex('subscriptions').insert({ user_id: s.user.id, plan_id: 'enterprise', status: 'active' });
    await server.db.knex('profiles').where({ user_id: s.user.id }).update({ city });
    const ids = new Map<string, string>();
    for (const p of products) {
      const res = await s.post('/api/products', { name: p.name, price: p.price, unit: 'كيس' });
      expect(res.status).toBe(201);
      ids.set(p.name, res.body.id);
      if (p.rating) await server.db.knex('products').where({ id: res.body.id }).update({ average_rating: p.rating[0], total_reviews: p.rating[1] });
    }
    return { supplier: s, ids };
  }

  const names = (body: Array<{ name: string }>) => body.map((p) => p.name);

  it('answers 400 validation_failed for an unknown sort, naming the parameter', async () => {
    const res = await anon().get('/api/products?sort=cheapest');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(JSON.stringify(res.body.details)).toContain('sort');
  });

  it('keeps the newest-first order, byte for byte, when no sort or sort=relevance is given', async () => {
    const { supplier } = await supplierWith('الرياض', [
      { name: 'Order A', price: 30 },
      { name: 'Order B', price: 10 },
      { name: 'Order C', price: 20 },
    ]);
    const plain = await anon().get(`/api/products?supplier_id=${supplier.user.id}`);
    const relevance = await anon().get(`/api/products?supplier_id=${supplier.user.id}&sort=relevance`);
    expect(plain.status).toBe(200);
    expect(names(plain.body)).toEqual(['Order C', 'Order B', 'Order A']);
    expect(plain.text).toBe(relevance.text);
  });

  it('sorts the whole filtered list by price either way, paged, with the full total', async () => {
    const { supplier } = await supplierWith('جدة', [
      { name: 'Price 25', price: 25 },
      { name: 'Price 5', price: 5 },
      { name: 'Price 15 b', price: 15 },
      { name: 'Price 15 a', price: 15 },
    ]);
    const list = (q: string) => anon().get(`/api/products?supplier_id=${supplier.user.id}&${q}`);
    const asc = await list('sort=price_asc');
    expect(asc.status).toBe(200);
    expect(asc.body.map((p: { price: number }) => p.price)).toEqual([5, 15, 15, 25]);
    // Equal prices in id order, the same on every page.
    const fifteen = asc.body.filter((p: { price: number }) => p.price === 15).map((p: { id: string }) => p.id);
    expect(fifteen).toEqual([...fifteen].sort());
    const second = await list('sort=price_asc&limit=2&offset=2');
    expect(second.headers.get('x-total-count')).toBe('4');
    expect(second.body.map((p: { id: string }) => p.id)).toEqual(asc.body.slice(2).map((p: { id: string }) => p.id));
    expect((await list('sort=price_desc')).body.map((p: { price: number }) => p.price)).toEqual([25, 15, 15, 5]);
    for (const row of asc.body) expect(() => productSchema.parse(row)).not.toThrow();
  });

  it('sorts by rating, more reviews first at the same average', async () => {
    const { supplier } = await supplierWith(null, [
      { name: 'Rated 4 of 9', price: 1, rating: [4, 9] },
      { name: 'Unrated', price: 1 },
      { name: 'Rated 5 of 1', price: 1, rating: [5, 1] },
      { name: 'Rated 4 of 2', price: 1, rating: [4, 2] },
    ]);
    const res = await anon().get(`/api/products?supplier_id=${supplier.user.id}&sort=rating`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Rated 5 of 1', 'Rated 4 of 9', 'Rated 4 of 2', 'Unrated']);
  });

  describe('nearest', () => {
    const term = 'Zephyrblock';
    beforeAll(async () => {
      await supplierWith('جدة', [{ name: `${term} Jeddah`, price: 9 }]);
      await supplierWith('الدمام', [{ name: `${term} Dammam`, price: 9 }]);
      await supplierWith('Atlantis', [{ name: `${term} Atlantis`, price: 1 }]);
      await supplierWith('الرياض', [{ name: `${term} Riyadh`, price: 9 }]);
      await supplierWith(null, [{ name: `${term} Nowhere`, price: 2 }]);
    });

    it('sorts search matches by distance from `near`, unknown cities last (cheaper first), and shows each supplier city', async () => {
      const res = await anon().get(`/api/products?search=${term}&sort=nearest&near=${encodeURIComponent('Riyadh')}`);
      expect(res.status).toBe(200);
      expect(names(res.body)).toEqual([`${term} Riyadh`, `${term} Dammam`, `${term} Jeddah`, `${term} Atlantis`, `${term} Nowhere`]);
      expect(res.body.map((p: { supplier_city: string | null }) => p.supplier_city)).toEqual(['الرياض', 'الدمام', 'جدة', 'Atlantis', null]);
    });

    it("measures from the signed-in reader's profile city when `near` is not given", async () => {
      const contractor = await signInAs(server, { role: 'contractor' });
      await server.db.knex('profiles').where({ user_id: contractor.user.id }).update({ city: 'مكة المكرمة' });
      const res = await contractor.get(`/api/products?search=${term}&sort=nearest`);
      expect(res.status).toBe(200);
      expect(names(res.body).slice(0, 3)).toEqual([`${term} Jeddah`, `${term} Riyadh`, `${term} Dammam`]);
    });

    it('answers 400 when there is no city to measure from (a visitor without near, a reader without a city)', async () => {
      const res = await anon().get(`/api/products?search=${term}&sort=nearest`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      const cityless = await signInAs(server, { role: 'contractor' });
      expect((await cityless.get(`/api/products?search=${term}&sort=nearest`)).status).toBe(400);
    });
  });

  it("shows the supplier's own rating on their products and sends the products again when it changes", async () => {
    const { buyer, seller, po, product: id } = await orderDeal(server);
    const count = async () => Number((await server.db.knex('changes').where({ entity: 'product', entity_id: id }).count('* as n').first())!.n);
    const before = await count();
    // The buyer's review waits for the seller's (double-blind): nothing a product shows has moved.
    expect((await buyer.post('/api/reviews', { purchase_order_id: po.id, rating: 4 })).status).toBe(201);
    expect(await count()).toBe(before);
    expect((await seller.post('/api/reviews', { purchase_order_id: po.id, rating: 5 })).status).toBe(201);
    expect(await count()).toBe(before + 1);
    const res = await anon().get(`/api/products/${id}`);
    expect(res.body).toMatchObject({ supplier_average_rating: 4, supplier_total_reviews: 1 });
  });
});
