/**
 * What the catalogue gives the sync endpoints: mutations that run the REST rules (one
 * rule, two doors), and loaders that present products and categories as REST does and
 * leave out what is deleted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '../../../shared/schemas/product';
import { categorySchema } from '../../../shared/schemas/category';
import { startTestServer, type TestServer } from '../../test/harness';
import { refusal, runMutation } from '../../test/mutations';
import { signInAs, type TestUserSpec } from '../../test/sign-in';
import { loadSessionUser } from '../../auth/session-user';
import type { SessionUser } from '../../auth/session-user';
import { PRODUCT_DELETION } from '../../registry/product-deletion';
import { productMutations } from './mutations';
import { loaders as productLoaders } from './sync';
import { loaders as categoryLoaders } from '../categories/sync';

const mutations = productMutations(PRODUCT_DELETION.inTransaction);
const CEMENT = 'ca7e0000-0000-4000-8000-000000000001';

describe('the catalogue for sync', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const user = async (spec: TestUserSpec) => {
    const client = await signInAs(server, spec);
    return { client, session: (await loadSessionUser(knex(), server.config, client.user.id)) as SessionUser };
  };
  const run = (name: string, u: SessionUser, args: unknown) => runMutation(knex(), server, mutations, name, u, args);

  it('exports product.create, product.update and product.delete', () => {
    expect(Object.keys(productMutations(PRODUCT_DELETION.inTransaction)).sort()).toEqual(['product.create', 'product.delete', 'product.update']);
    expect(Object.keys(productLoaders)).toEqual(['product']);
    expect(Object.keys(categoryLoaders)).toEqual(['category']);
  });

  it('creates with a client id, replays without a second row, updates and deletes through the mutations', async () => {
    const { session } = await user({ role: 'supplier' });
    const id = randomUUID();
    const args = { id, name: 'بلوك أسمنتي', price: 3.25, unit: 'حبة' };
    expect(await run('product.create', session, args)).toEqual({ id, created: true });
    expect(await run('product.create', session, args)).toEqual({ id, created: false });
    expect(await knex()('products').where({ id }).select('name')).toEqual([{ name: 'بلوك أسمنتي' }]);

    await run('product.update', session, { id, stock_quantity: 0, availability_status: 'available' });
    expect(await knex()('products').where({ id }).first('stock_quantity', 'availability_status')).toEqual({
      stock_quantity: 0,
      availability_status: 'out_of_stock',
    });
    await run('product.delete', session, { id });
    expect((await knex()('products').where({ id }).first()).deleted_at).toBeInstanceOf(Date);
    expect((await knex()('changes').where({ entity: 'product', entity_id: id }).orderBy('pos')).map((c) => c.op)).toEqual([
      'upsert',
      'upsert',
      'delete',
    ]);
  });

  it('refuses through the mutations exactly what the routes refuse', async () => {
    const { session: owner } = await user({ role: 'supplier' });
    const { session: otherSupplier } = await user({ role: 'supplier' });
    const { session: contractor } = await user({ role: 'contractor' });
    const id = randomUUID();
    await run('product.create', owner, { id, name: 'Rebar', price: 1, unit: 't' });

    expect(await refusal(run('product.create', contractor, { id: crypto.randomUUID(), name: 'x', price: 1, unit: 'u' }))).toEqual({ status: 403, code: 'forbidden' });
    expect(await refusal(run('product.update', otherSupplier, { id, price: 2 }))).toEqual({ status: 404, code: 'not_found' });
    expect(await refusal(run('product.delete', otherSupplier, { id }))).toEqual({ status: 404, code: 'not_found' });
    expect((await knex()('products').where({ id }).first()).price).toBe(1);
  });

  it('checks the args with the shared schemas: product.update needs an id and one field, unknown fields fail', () => {
    const { schema } = mutations['product.update'];
    expect(schema.safeParse({ id: randomUUID() }).success).toBe(false);
    expect(schema.safeParse({ price: 2 }).success).toBe(false);
    expect(schema.safeParse({ id: randomUUID(), price: 2, supplier_id: randomUUID() }).success).toBe(false);
    expect(schema.safeParse({ id: randomUUID(), price: 2 }).success).toBe(true);
    expect(mutations['product.delete'].schema.safeParse({ id: 'nope' }).success).toBe(false);
  });

  it("loads products as GET /api/products/{id} presents them, in the reader's language, leaving out deleted ones", async () => {
    const { client, session: supplier } = await user({ role: 'supplier', company_name: 'مصنع الجزيرة' });
    const { session: reader } = await user({ role: 'contractor', language: 'en' });
    const live = (await run('product.create', supplier, { id: crypto.randomUUID(), name: 'Cement', price: 19, unit: 'bag', category_id: CEMENT })) as { id: string };
    const gone = (await run('product.create', supplier, { id: crypto.randomUUID(), name: 'Old', price: 1, unit: 'bag' })) as { id: string };
    await run('product.delete', supplier, { id: gone.id });

    const rows = await productLoaders.product!(knex(), reader, [live.id, gone.id, randomUUID()], new Date());
    expect(rows).toHaveLength(1);
    const rest = (await client.get(`/api/products/${live.id}`, { 'Accept-Language': 'en' })).body;
    expect(JSON.parse(JSON.stringify(rows[0]))).toEqual(rest);
    expect(() => productSchema.parse(JSON.parse(JSON.stringify(rows[0])))).not.toThrow();
    expect(rows[0]).toMatchObject({ category_name: 'Cement & Concrete', supplier_name: 'مصنع الجزيرة' });
  });

  it("leaves out a deleted supplier's products, so they reach clients as deletes", async () => {
    const { client, session: supplier } = await user({ role: 'supplier' });
    const { session: reader } = await user({ role: 'contractor' });
    const p = (await run('product.create', supplier, { id: crypto.randomUUID(), name: 'Tiles', price: 5, unit: 'm2' })) as { id: string };
    await knex()('users').where({ id: client.user.id }).update({ deleted_at: new Date() });
    expect(await productLoaders.product!(knex(), reader, [p.id], new Date())).toEqual([]);
  });

  it('loads live categories as GET /api/categories presents them', async () => {
    const { client, session } = await user({ role: 'contractor' });
    const [temp] = await knex()('categories')
      .insert({ slug: 'temp-sync', name_ar: 'مؤقت', name_en: 'Temp', name_zh: '临时', deleted_at: new Date() })
      .returning('id');
    const rows = await categoryLoaders.category!(knex(), session, [CEMENT, temp.id], new Date());
    expect(rows).toHaveLength(1);
    expect(() => categorySchema.parse(rows[0])).not.toThrow();
    const rest = (await client.get('/api/categories')).body.find((c: { id: string }) => c.id === CEMENT);
    expect(rows[0]).toEqual(rest);
  });
});
