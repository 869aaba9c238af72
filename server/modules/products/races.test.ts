/**
 * Concurrent writes to the catalogue, with real parallel HTTP requests on Postgres (PGlite
 * has one connection and cannot race). Each must come out as if the requests ran one
 * after another.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { signInAs } from '../../test/sign-in';
import { orderDeal } from '../../test/review-steps';

describe.runIf(onPostgres)('catalogue races on Postgres', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const body = (over: Record<string, unknown> = {}) => ({ name: 'Red bricks', price: 0.85, unit: 'brick', ...over });
  const statuses = (results: Array<{ status: number }>) => results.map((r) => r.status).sort();

  it('lets exactly 2 of 6 simultaneous creates through for a free supplier holding 8 products', async () => {
    const s = await signInAs(server, { role: 'supplier' });
    for (let i = 0; i < 8; i++) expect((await s.post('/api/products', body())).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 6 }, () => s.post('/api/products', body())));
    expect(statuses(results)).toEqual([201, 201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('plan_limit_reached');
    expect(await server.db.knex('products').where({ supplier_id: s.user.id }).whereNull('deleted_at')).toHaveLength(10);
  });

  it('makes one product of the same client id sent 6 times at once', async () => {
    const s = await signInAs(server, { role: 'supplier' });
    const id = randomUUID();
    const results = await Promise.all(Array.from({ length: 6 }, () => s.post('/api/products', body({ id }))));
    expect(statuses(results)).toEqual([200, 200, 200, 200, 200, 201]);
    for (const r of results) expect(r.body.id).toBe(id);
    expect(await server.db.knex('products').where({ id })).toHaveLength(1);
    expect(await server.db.knex('changes').where({ entity: 'product', entity_id: id })).toHaveLength(1);
  });

  it('never updates a product after the delete that races it', async () => {
    const s = await signInAs(server, { role: 'supplier' });
    const id = (await s.post('/api/products', body())).body.id;
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => s.patch(`/api/products/${id}`, { price: i + 1 })),
      s.delete(`/api/products/${id}`),
      ...Array.from({ length: 4 }, (_, i) => s.patch(`/api/products/${id}`, { stock_quantity: i })),
    ]);
    expect(results[4].status).toBe(204);
    for (const r of [...results.slice(0, 4), ...results.slice(5)]) expect([200, 404]).toContain(r.status);
    const ops = (await server.db.knex('changes').where({ entity: 'product', entity_id: id }).orderBy('pos')).map((c) => c.op);
    expect(ops.at(-1)).toBe('delete');
    expect(ops.filter((op) => op === 'upsert')).toHaveLength(1 + results.filter((r) => r.status === 200).length);
  });

  it('lets product writes, published reviews and supplier profile edits run at once without a deadlock, each moving the catalogue version', async () => {
    const suppliers = await Promise.all(Array.from({ length: 6 }, () => signInAs(server, { role: 'supplier' })));
    // Six received orders whose buyers reviewed the product they bought: each seller's review publishes both (double-blind).
    const deals = [];
    for (let i = 0; i < 6; i++) {
      const deal = await orderDeal(server);
      expect((await deal.buyer.post('/api/reviews', { purchase_order_id: deal.po.id, rating: (i % 5) + 1, product_id: deal.product })).status).toBe(201);
      deals.push(deal);
    }
    const target = (await suppliers[0].post('/api/products', body())).body.id;
    const version = async () => Number((await server.db.knex('catalogue_state').first('version')).version);
    const before = await version();
    const results = await Promise.all([
      ...suppliers.map((s) => s.post('/api/products', body({ name: 'Gravel 3/4' }))),
      ...deals.map((d) => d.seller.post('/api/reviews', { purchase_order_id: d.po.id, rating: 5 })),
      ...suppliers.map((s, i) => s.post('/api/profiles', { role: 'supplier', company_name: `مؤسسة ${i}` })),
      ...suppliers.map((s) => s.patch(`/api/products/${target}`, { price: 2 })),
    ]);
    // The last six are other suppliers' PATCHes of suppliers[0]'s product: only the owner's lands.
    expect(results.map((r) => r.status)).toEqual([...Array(6).fill(201), ...Array(6).fill(201), ...Array(6).fill(200), 200, ...Array(5).fill(404)]);
    // 6 creates, 6 publications (one catalogue write each: the bought product's and its seller's ratings), 6 company names, 1 price change.
    expect(await version()).toBe(before + 6 + 6 + 6 + 1);
  });

  it("keeps the catalogue's total exact while a supplier's products are written as the supplier is deleted and restored", async () => {
    const knex = server.db.knex;
    const admin = await signInAs(server, { role: 'admin', is_admin: true });
    const shown = async () =>
      Number(
        (await knex('products as p').join('users as u', 'u.id', 'p.supplier_id').whereNull('p.deleted_at').whereNull('u.deleted_at').count('* as n').first())!.n,
      );
    const counted = async () => Number((await knex('catalogue_state').first('live_products')).live_products);
    const insert = (supplierId: string) => knex('products').insert({ supplier_id: supplierId, name: 'Race block', price: 1, unit: 'block' });
    const setDeleted = (supplierId: string, deleted: boolean) => knex('users').where({ id: supplierId }).update({ deleted_at: deleted ? new Date() : null });
    for (let round = 0; round < 5; round++) {
      const supplier = await signInAs(server, { role: 'supplier' });
      const id = supplier.user.id;
      // Through the services: creates racing the admin's deletion (which deletes the products it sees).
      await Promise.all([
        ...Array.from({ length: 3 }, () => supplier.post('/api/products', body())),
        admin.delete(`/api/admin/users/${id}`),
        ...Array.from({ length: 3 }, () => supplier.post('/api/products', body())),
      ]);
      expect(await counted()).toBe(await shown());
      // By SQL: inserts and soft deletes racing the supplier's deletion being undone and redone.
      await Promise.all([...Array.from({ length: 4 }, () => insert(id)), setDeleted(id, false), ...Array.from({ length: 4 }, () => insert(id))]);
      expect(await counted()).toBe(await shown());
      await Promise.all([
        knex('products').where({ supplier_id: id }).whereNull('deleted_at').limit(1).update({ deleted_at: new Date() }),
        ...Array.from({ length: 3 }, () => insert(id)),
        setDeleted(id, true),
        ...Array.from({ length: 3 }, () => insert(id)),
      ]);
      expect(await counted()).toBe(await shown());
    }
  });

  it('deletes a supplier while their deal is being reviewed, without a deadlock', async () => {
    const admin = await signInAs(server, { role: 'admin', is_admin: true });
    for (let round = 0; round < 4; round++) {
      const { buyer, seller, po, product } = await orderDeal(server);
      const results = await Promise.all([
        buyer.post('/api/reviews', { purchase_order_id: po.id, rating: 4, product_id: product }),
        admin.delete(`/api/admin/users/${seller.user.id}`),
        seller.post('/api/reviews', { purchase_order_id: po.id, rating: 2 }),
      ]);
      // A review may find the seller or the product already gone (401 for the deleted seller's session, 404, or 409 product_not_in_deal).
      for (const r of results) expect([200, 201, 204, 401, 404, 409], JSON.stringify(r.body)).toContain(r.status);
      expect(results[1].status).toBe(204);
      expect(await server.db.knex('products').where({ supplier_id: seller.user.id }).whereNull('deleted_at')).toEqual([]);
    }
  });
});
