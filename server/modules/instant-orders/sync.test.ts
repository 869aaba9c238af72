/**
 * What instant orders and offers give the sync endpoints: mutations that enforce the REST
 * rules (one rule, two doors), and loaders that present rows as REST does and show an
 * offer only to its supplier and the order's contractor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/harness';
import { refusal, runMutation } from '../../test/mutations';
import { loadSessionUser } from '../../auth/session-user';
import type { SessionUser } from '../../auth/session-user';
import { mutations } from './mutations';
import { loaders } from './sync';
import { as, postOffer, postOrder, type Client } from '../../test/factories';

describe('instant orders and offers for sync', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const sessionOf = async (c: Client) => (await loadSessionUser(knex(), server.config, c.user.id)) as SessionUser;
  const run = async (name: string, c: Client, args: unknown) => runMutation(knex(), server, mutations, name, await sessionOf(c), args);
  const load = async (entity: 'instant_order' | 'instant_order_response', c: Client, ids: string[]) =>
    loaders[entity]!(knex(), await sessionOf(c), ids, new Date());

  it('exports the instant order and offer mutations', () => {
    expect(Object.keys(mutations).sort()).toEqual([
      'instant_order.accept',
      'instant_order.cancel',
      'instant_order.create',
      'instant_order_response.create',
      'purchase_request.instant_order',
    ]);
  });

  it('creates an order and an offer with client ids, replays them without a second row, and accepts', async () => {
    const contractor = await as(server, 'contractor');
    const supplier = await as(server, 'supplier');
    const orderId = crypto.randomUUID();
    const offerId = crypto.randomUUID();
    const order = { id: orderId, title: 'رمل', description: 'd', unit: 'م3', location: 'أبها' };
    const offer = { id: offerId, instant_order_id: orderId, offered_price: 800 };
    await run('instant_order.create', contractor, order);
    await run('instant_order.create', contractor, order);
    await run('instant_order_response.create', supplier, offer);
    await run('instant_order_response.create', supplier, offer);
    expect(await knex()('instant_orders').where({ id: orderId })).toHaveLength(1);
    expect(await knex()('instant_order_responses').where({ id: offerId })).toHaveLength(1);
    expect(await run('instant_order.accept', contractor, { id: orderId, response_id: offerId })).toMatchObject({
      status: 'fulfilled',
      accepted_response_id: offerId,
    });
  });

  it('refuses through the mutations exactly what the routes refuse', async () => {
    const contractor = await as(server, 'contractor');
    const order = await postOrder(contractor);
    const supplier = await as(server, 'supplier');
    const offer = await postOffer(supplier, order.id);
    expect(await refusal(run('instant_order.create', supplier, { id: crypto.randomUUID(), title: 'x', description: 'y', unit: 'u', location: 'z' }))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    expect(await refusal(run('instant_order_response.create', contractor, { id: crypto.randomUUID(), instant_order_id: order.id, offered_price: 1 }))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    expect(await refusal(run('instant_order.accept', supplier, { id: order.id, response_id: offer.body.id }))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    expect(await refusal(run('instant_order.cancel', await as(server, 'contractor'), { id: order.id }))).toEqual({
      status: 404,
      code: 'not_found',
    });
    await run('instant_order.cancel', contractor, { id: order.id });
    expect(await refusal(run('instant_order_response.create', await as(server, 'supplier'), { id: crypto.randomUUID(), instant_order_id: order.id, offered_price: 1 }))).toEqual({
      status: 409,
      code: 'order_not_active',
    });
  });

  it('loads an order as GET /api/instant-orders/{id} presents it, with the supplier’s own offer, and not for other contractors', async () => {
    const contractor = await as(server, 'contractor');
    const order = await postOrder(contractor);
    const supplier = await as(server, 'supplier');
    const offer = await postOffer(supplier, order.id);
    const [forSupplier] = await load('instant_order', supplier, [order.id]);
    expect(JSON.parse(JSON.stringify(forSupplier))).toEqual((await supplier.get(`/api/instant-orders/${order.id}`)).body);
    expect(forSupplier.my_response).toMatchObject({ id: offer.body.id });
    const [forOwner] = await load('instant_order', contractor, [order.id]);
    expect(forOwner).toMatchObject({ response_count: 1, my_response: null });
    expect(await load('instant_order', await as(server, 'contractor'), [order.id])).toEqual([]);
    expect(await load('instant_order', await as(server, 'government'), [order.id])).toEqual([]);
  });

  it('loads an offer only for its supplier and the order’s contractor', async () => {
    const contractor = await as(server, 'contractor');
    const order = await postOrder(contractor);
    const supplier = await as(server, 'supplier');
    const offer = await postOffer(supplier, order.id);
    const [mine] = await load('instant_order_response', supplier, [offer.body.id]);
    expect(JSON.parse(JSON.stringify(mine))).toEqual((await contractor.get(`/api/instant-orders/${order.id}/responses`)).body[0]);
    expect(await load('instant_order_response', contractor, [offer.body.id])).toHaveLength(1);
    for (const role of ['supplier', 'contractor', 'admin'] as const) {
      expect(await load('instant_order_response', await as(server, role), [offer.body.id]), role).toEqual([]);
    }
  });
});
