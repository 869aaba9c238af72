import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { loadSessionUser } from '../../auth/session-user';
import { as, changesOf, postOffer, postOrder } from '../../test/factories';
import { expireAllOverdueOrders, expireOverdueOrders } from './expiry';
import { loaders } from './sync';

describe('instant order expiry', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const makeOverdue = (id: string) =>
    knex()('instant_orders').where({ id }).update({ expires_at: new Date(Date.now() - 60_000) });
  const stored = async (id: string) => (await knex()('instant_orders').where({ id }).first()).status;

  it('flips overdue active orders to expired, rejects their submitted offers and logs both', async () => {
    const contractor = await as(server, 'contractor');
    const overdue = await postOrder(contractor);
    const fresh = await postOrder(contractor);
    const offer = await postOffer(await as(server, 'supplier'), overdue.id);
    await makeOverdue(overdue.id);
    const before = (await changesOf(knex(), 'instant_order', overdue.id)).count;

    expect(await expireAllOverdueOrders(knex(), new Date())).toBeGreaterThanOrEqual(1);
    expect(await stored(overdue.id)).toBe('expired');
    expect(await stored(fresh.id)).toBe('active');
    expect((await knex()('instant_order_responses').where({ id: offer.body.id }).first()).status).toBe('rejected');
    expect((await changesOf(knex(), 'instant_order', overdue.id)).count).toBe(before + 2);
    expect((await changesOf(knex(), 'instant_order_response', offer.body.id)).count).toBe(4);
    expect(await expireOverdueOrders(knex(), new Date())).toBe(0);
  });

  it('leaves fulfilled, cancelled and deleted orders alone', async () => {
    const contractor = await as(server, 'contractor');
    const cancelled = await postOrder(contractor);
    await contractor.post(`/api/instant-orders/${cancelled.id}/cancel`);
    const deleted = await postOrder(contractor);
    await knex()('instant_orders').where({ id: deleted.id }).update({ deleted_at: knex().fn.now() });
    await makeOverdue(cancelled.id);
    await makeOverdue(deleted.id);
    await expireAllOverdueOrders(knex(), new Date());
    expect(await stored(cancelled.id)).toBe('cancelled');
    expect(await stored(deleted.id)).toBe('active');
  });

  it('sweeps before every order read, so lists show an overdue order as expired, never as active', async () => {
    const contractor = await as(server, 'contractor');
    const order = await postOrder(contractor);
    await makeOverdue(order.id);
    const supplier = await as(server, 'supplier');
    const active = await supplier.get('/api/instant-orders?limit=100');
    expect(active.body.map((o: { id: string }) => o.id)).not.toContain(order.id);
    expect(await stored(order.id)).toBe('expired');
    const expired = await supplier.get('/api/instant-orders?status=expired&limit=100');
    expect(expired.body.find((o: { id: string }) => o.id === order.id).status).toBe('expired');
    expect((await contractor.get(`/api/instant-orders/${order.id}`)).body.status).toBe('expired');
  });

  it('presents an overdue order as expired even where nothing has swept it (the sync loader)', async () => {
    const contractor = await as(server, 'contractor');
    const order = await postOrder(contractor);
    await makeOverdue(order.id);
    const user = (await loadSessionUser(knex(), server.config, contractor.user.id))!;
    const [row] = await loaders.instant_order!(knex(), user, [order.id], new Date());
    expect(row.status).toBe('expired');
    expect(await stored(order.id)).toBe('active');
  });
});
