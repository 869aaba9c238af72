/**
 * The notifications screen's filter on the device: by type (read from each row's kind, so
 * a row stored under an older type lands under its own) and by unread, and the types it
 * offers are those of the notifications there are.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notification } from '../../../shared/schemas/notification';
import type { Change } from '../../../shared/sync';
import { BinaaDb } from '../../data/db/database';
import { applyPulledPage } from '../../data/sync/store';
import { filteredNotifications, typesPresent } from './queries';

let seq = 0;
const row = (kind: string, type: string, over: Partial<Notification> = {}): Notification =>
  ({
    id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    kind,
    params: {},
    type,
    priority: 'normal',
    title: kind,
    message: kind,
    is_read: false,
    created_at: new Date(Date.UTC(2026, 11, 1, 9, seq)).toISOString(),
    ...over,
  }) as Notification;

let db: BinaaDb;
afterEach(() => db?.close());

async function deviceWith(rows: Notification[]) {
  db = new BinaaDb(`notifications-${Math.random()}`, { indexedDB, IDBKeyRange });
  const changes: Change[] = rows.map((data) => ({ entity: 'notification', id: data.id, op: 'upsert', data }));
  await applyPulledPage(db, changes, 0, 0, {});
  return db;
}

const kinds = (rows: Notification[]) => rows.map((n) => n.kind);

describe('the notifications filter', () => {
  it('keeps one type, newest first, each row under its kind type even when stored under an old one', async () => {
    await deviceWith([
      row('rfq.new', 'instant_order'),
      row('instant_order.new', 'instant_order'),
      row('invoice.issued', 'order_response'),
      row('payment.confirmed', 'order_response', { is_read: true }),
      row('payment.card_paid', 'payment'),
      row('rfq_quote.new', 'order_response'),
    ]);
    expect(kinds(await filteredNotifications(db, { onlyUnread: false, type: 'payment' }))).toEqual(['payment.card_paid', 'payment.confirmed']);
    expect(kinds(await filteredNotifications(db, { onlyUnread: false, type: 'instant_order' }))).toEqual(['instant_order.new']);
    expect(kinds(await filteredNotifications(db, { onlyUnread: false, type: 'rfq' }))).toEqual(['rfq.new']);
    expect(kinds(await filteredNotifications(db, { onlyUnread: false, type: 'quote' }))).toEqual(['rfq_quote.new']);
    expect(kinds(await filteredNotifications(db, { onlyUnread: false, type: 'invoice' }))).toEqual(['invoice.issued']);
    // Unread and a type together; every type when none is chosen.
    expect(kinds(await filteredNotifications(db, { onlyUnread: true, type: 'payment' }))).toEqual(['payment.card_paid']);
    expect(await filteredNotifications(db, { onlyUnread: false, type: null })).toHaveLength(6);
    expect(await filteredNotifications(db, { onlyUnread: true, type: null })).toHaveLength(5);
  });

  it('offers the types there are, in the screen order, and a newer server type last', async () => {
    await deviceWith([row('payment.recorded', 'order_response'), row('rfq.new', 'instant_order'), row('tender.opened', 'system'), row('contract.signed', 'contract')]);
    expect(await typesPresent(db)).toEqual(['tender', 'rfq', 'payment', 'contract']);
    expect(kinds(await filteredNotifications(db, { onlyUnread: false, type: 'contract' }))).toEqual(['contract.signed']);
  });
});
