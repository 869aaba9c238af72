/**
 * Concurrent requests on one instant order, through HTTP on Postgres (PGlite has one
 * connection, so nothing there runs concurrently). Exactly one accept wins; an offer
 * racing an accept is either in before it (and rejected by it) or refused; the expiry
 * sweep running alongside never blocks or breaks either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { as, notificationsOf, postOffer, postOrder, type Client } from '../../test/factories';
import { expireOverdueOrders } from './expiry';

const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 150));

describe.runIf(onPostgres)('instant order races (Postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const offersOf = (orderId: string) =>
    knex()('instant_order_responses').where({ instant_order_id: orderId }).select('id', 'supplier_id', 'status', 'offered_price');

  it('lets exactly one of two concurrent accepts win; the other gets 409 order_not_active', async () => {
    for (let round = 0; round < 10; round++) {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      const a = await postOffer(await as(server, 'supplier'), order.id);
      const b = await postOffer(await as(server, 'supplier'), order.id);

      const results = await Promise.all([
        contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: a.body.id }),
        contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: b.body.id }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.code).toBe('order_not_active');
      const won = results.find((r) => r.status === 200)!;

      const rows = await offersOf(order.id);
      expect(rows.filter((r) => r.status === 'accepted').map((r) => r.id)).toEqual([won.body.accepted_response_id]);
      expect(rows.filter((r) => r.status === 'rejected')).toHaveLength(1);
      expect(await knex()('instant_orders').where({ id: order.id }).first()).toMatchObject({
        status: 'fulfilled',
        accepted_response_id: won.body.accepted_response_id,
      });
    }
  });

  it('orders offers racing an accept: every offer that got 2xx is rejected by the accept, every other got 409 and left nothing', async () => {
    const seen = new Set<number>();
    for (let round = 0; round < 15; round++) {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      const winner = await postOffer(await as(server, 'supplier'), order.id);
      const racers: Client[] = [];
      for (let i = 0; i < 6; i++) racers.push(await as(server, 'supplier'));

      // Spread over 150 ms, so the accept lands among the offers; the sweep may run at any time.
      const [accept, ...offers] = await Promise.all([
        jitter().then(() => contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: winner.body.id })),
        ...racers.map((s) => jitter().then(() => postOffer(s, order.id))),
        jitter().then(() => expireOverdueOrders(knex(), new Date()).then(() => ({ status: 0, body: null }))),
      ]);
      offers.pop();
      expect(accept.status).toBe(200);

      const rows = await offersOf(order.id);
      expect(rows.filter((r) => r.status === 'submitted')).toEqual([]);
      expect(rows.filter((r) => r.status === 'accepted').map((r) => r.id)).toEqual([winner.body.id]);
      for (const [i, res] of offers.entries()) {
        const row = rows.find((r) => r.supplier_id === racers[i].user.id);
        if (res.status === 409) {
          expect(res.body.code).toBe('order_not_active');
          expect(row).toBeUndefined();
        } else {
          expect(res.status).toBe(201);
          expect(row).toMatchObject({ id: res.body.id, status: 'rejected' });
          expect(await notificationsOf(knex(), racers[i].user.id, 'order_response.rejected')).toHaveLength(1);
        }
      }
      const inBefore = offers.filter((r) => r.status === 201).length;
      expect(await notificationsOf(knex(), contractor.user.id, 'order_response.new')).toHaveLength(1 + inBefore);
      for (const r of offers) seen.add(r.status);
    }
    // The rounds really raced: some offers got in before an accept and some came too late.
    expect([...seen].sort()).toEqual([201, 409]);
  });

  it('never accepts an order that expires while the accept and the sweep race', async () => {
    for (let round = 0; round < 10; round++) {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      const offer = await postOffer(await as(server, 'supplier'), order.id);
      await knex()('instant_orders').where({ id: order.id }).update({ expires_at: new Date(Date.now() - 1000) });
      const [accept] = await Promise.all([
        contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: offer.body.id }),
        expireOverdueOrders(knex(), new Date()),
        expireOverdueOrders(knex(), new Date()),
      ]);
      expect(accept.status).toBe(409);
      expect(accept.body.code).toBe('order_not_active');
      await expireOverdueOrders(knex(), new Date());
      expect((await knex()('instant_orders').where({ id: order.id }).first()).status).toBe('expired');
      expect((await knex()('instant_order_responses').where({ id: offer.body.id }).first()).status).toBe('rejected');
    }
  });
});
