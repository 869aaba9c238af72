/**
 * A notification's type is its kind's (shared notificationTypeOf), whoever sends it: the
 * reader's tag names the event, and the rows stored before the types were split get
 * their kind's type too.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as notificationTypes from '../../../migrations/20261201000810_notification_types';
import { startTestServer, type TestServer } from '../../test/harness';
import { signInAs } from '../../test/sign-in';
import { notify } from './notify';

describe('notification types', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  it('tags each event of the issue with its own type, as the recipient reads it', async () => {
    const me = await signInAs(server, { language: 'en' });
    const to = [me.user.id];
    const id = () => crypto.randomUUID();
    const money = { number: 'INV-2026-000001', company: 'Alpha', amount: 115, invoice_id: id() };
    await knex().transaction(async (trx) => {
      await notify(trx, { to, kind: 'rfq.new', params: { title: 'Cement', location: 'Riyadh', rfq_id: id() } });
      await notify(trx, { to, kind: 'invoice.issued', params: money });
      await notify(trx, { to, kind: 'payment.confirmed', params: { ...money, payment_id: id() } });
      await notify(trx, { to, kind: 'purchase_order.accepted', params: { number: 'PO-1', company: 'Alpha', purchase_order_id: id() } });
      await notify(trx, { to, kind: 'payment.card_paid', params: { ...money, payment_id: id() } });
      await notify(trx, { to, kind: 'payment.recorded', params: { ...money, payment_id: id() } });
      await notify(trx, { to, kind: 'rfq.awarded', params: { rfq_title: 'Cement', rfq_id: id(), number: 'PO-2', amount: 115, purchase_order_id: id() } });
      await notify(trx, { to, kind: 'instant_order.new', params: { title: 'Rebar', location: 'Riyadh', order_id: id(), urgency_level: 'urgent' } });
    });
    const res = await me.get('/api/notifications?limit=100');
    expect(res.status).toBe(200);
    const typeOf = Object.fromEntries(res.body.map((n: { kind: string; type: string }) => [n.kind, n.type]));
    expect(typeOf).toEqual({
      'rfq.new': 'rfq',
      'invoice.issued': 'invoice',
      'payment.confirmed': 'payment',
      'purchase_order.accepted': 'purchase_order',
      'payment.card_paid': 'payment',
      'payment.recorded': 'payment',
      'rfq.awarded': 'purchase_order',
      'instant_order.new': 'instant_order',
    });
  });

  it('gives the rows stored under the old types their kind type, and takes them back on the way down', async () => {
    const me = await signInAs(server, { language: 'en' });
    const stored = {
      'rfq.new': ['instant_order', 'rfq'],
      'rfq_quote.new': ['order_response', 'quote'],
      'rfq.awarded': ['order_response', 'purchase_order'],
      'invoice.issued': ['order_response', 'invoice'],
      'credit_note.issued': ['order_response', 'invoice'],
      'payment.recorded': ['order_response', 'payment'],
      'purchase_order.accepted': ['order_response', 'purchase_order'],
      'order_response.new': ['order_response', 'instant_order'],
      'instant_order.new': ['instant_order', 'instant_order'],
      'tender.opened': ['system', 'tender'],
      'delivery.picked_up': ['logistics', 'logistics'],
      'subscription.subscribed': ['payment', 'subscription'],
      'sync.rejected': ['system', 'system'],
      'welcome': ['system', 'system'],
    } as const;
    const typesNow = async () =>
      Object.fromEntries((await knex()('notifications').where({ user_id: me.user.id }).select('kind', 'type')).map((r: { kind: string; type: string }) => [r.kind, r.type]));

    await notificationTypes.down(knex());
    try {
      await knex()('notifications').insert(Object.entries(stored).map(([kind, [type]]) => ({ user_id: me.user.id, kind, type, title: 't', message: 'm' })));
    } finally {
      await notificationTypes.up(knex());
    }
    expect(await typesNow()).toEqual(Object.fromEntries(Object.entries(stored).map(([kind, [, type]]) => [kind, type])));
    // The check holds the new types only.
    await expect(knex()('notifications').insert({ user_id: me.user.id, kind: 'rfq.new', type: 'order_response', title: 't', message: 'm' })).rejects.toThrow(
      /notifications_type_check/,
    );

    await notificationTypes.down(knex());
    try {
      expect(await typesNow()).toEqual(Object.fromEntries(Object.entries(stored).map(([kind, [type]]) => [kind, type])));
    } finally {
      await notificationTypes.up(knex());
    }
  });
});
