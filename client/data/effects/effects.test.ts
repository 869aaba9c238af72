/**
 * Every mutation of the shared contract has a local effect that runs inside the tables its
 * write transaction spans (EFFECT_ENTITIES): a write of each, on a store holding the rows
 * it reads, shows its optimistic result and queues exactly one outbox row.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { MUTATIONS, type MutationInput, type MutationName } from '../../../shared/mutations';
import type { Change } from '../../../shared/sync';
import { BinaaDb } from '../db/database';
import type { EffectContext } from '../db/schema';
import { applyPulledPage } from '../sync/store';
import { writeLocal } from '../sync/testing/local';

const U = '00000000-0000-4000-8000-00000000000a';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ctx: EffectContext = { user_id: U, company_name: 'شركة', verification_tier: 'gold', language: 'ar', now: '2026-11-23T10:00:00.000Z' };

const SAMPLES: { [N in MutationName]: MutationInput<N> } = {
  'product.create': { id: id(1), name: 'أسمنت', price: 18, unit: 'كيس', category_id: id(90) },
  'product.update': { id: id(2), price: 20, category_id: id(90) },
  'product.delete': { id: id(2) },
  'review.create': { id: id(21), target_type: 'product', target_id: id(2), rating: 4 },
  'project.create': { id: id(3), title: 'مدرسة', description: 'بناء', location: 'الرياض' },
  'project.award': { id: id(4), bid_id: id(5) },
  'project.status': { id: id(4), status: 'cancelled' },
  'bid.create': { id: id(6), project_id: id(4), amount: 1000, proposal: 'عرض' },
  'bid.withdraw': { id: id(5) },
  'instant_order.create': { id: id(7), title: 'طلب', description: 'حديد', quantity: 1.5, unit: 'طن', location: 'جدة' },
  'instant_order.accept': { id: id(8), response_id: id(9) },
  'instant_order.cancel': { id: id(8) },
  'instant_order_response.create': { id: id(10), instant_order_id: id(8), offered_price: 500 },
  'transport_request.create': { id: id(11), pickup_location: 'الدمام', delivery_location: 'الرياض', cargo_description: 'حديد' },
  'transport_request.accept': { id: id(12), offer_id: id(13) },
  'transport_request.status': { id: id(12), status: 'cancelled' },
  'transport_offer.create': { id: id(14), transport_request_id: id(12), quoted_price: 700 },
  'notification.read': { id: id(15) },
  'notification.read_all': {},
  'subscription.subscribe': { planId: 'premium', billingCycle: 'yearly' },
  'subscription.free_trial': {},
  'profile.save': { role: 'supplier', company_name: 'مؤسسة جديدة', phone: '0501234567', website: null },
};

const now = '2026-11-20T10:00:00.000Z';
const rows = [
  { entity: 'category', id: id(90), data: { slug: 'cement', name_ar: 'أسمنت', name_en: 'Cement', name_zh: '水泥', sort: 1 } },
  { entity: 'product', id: id(2), data: { name: 'حديد', supplier_id: U, price: 10, total_reviews: 0, average_rating: 0, created_at: now } },
  { entity: 'project', id: id(4), data: { title: 'جسر', status: 'open', bid_count: 1, government_id: U, created_at: now } },
  { entity: 'bid', id: id(5), data: { project_id: id(4), status: 'submitted', amount: 1, created_at: now } },
  { entity: 'instant_order', id: id(8), data: { status: 'active', contractor_id: U, response_count: 1, created_at: now } },
  { entity: 'instant_order_response', id: id(9), data: { instant_order_id: id(8), status: 'submitted', created_at: now } },
  { entity: 'transport_request', id: id(12), data: { status: 'pending', requester_id: U, created_at: now } },
  { entity: 'transport_offer', id: id(13), data: { transport_request_id: id(12), status: 'submitted', created_at: now } },
  { entity: 'notification', id: id(15), data: { is_read: false, created_at: now } },
  { entity: 'plan', id: 'premium', data: { name: 'premium' } },
  { entity: 'plan', id: 'basic', data: { name: 'basic' } },
  { entity: 'subscription', id: U, data: { subscription_plan: 'free', free_trial_used: false, status: 'active' } },
  { entity: 'profile', id: U, data: { user_id: U, role: 'supplier', company_name: 'مؤسسة قديمة', phone: null, website: 'https://old.example.sa' } },
] as const;

/** Upserts of these rows; each holds only the fields the effects read, so it is typed as a change by a cast. */
const pulled = (list: ReadonlyArray<{ entity: string; id: string; data: object }>) => list.map((r) => ({ ...r, op: 'upsert', data: { ...r.data } })) as unknown as Change[];

const MUTATION_NAMES = Object.keys(MUTATIONS) as MutationName[];

let db: BinaaDb;
afterEach(() => db?.close());

describe('local effects', () => {
  it('profile.save: the fields sent change (phone as the server stores it, null clears), the rest and the role stay', async () => {
    db = new BinaaDb(`effects-profile-${Math.random()}`, { indexedDB, IDBKeyRange });
    await applyPulledPage(db, pulled(rows), 0, 0, {});
    await writeLocal(db, 'profile.save', { role: 'supplier', phone: '0501234567', website: null }, ctx);
    expect(await db.table('profile').get(U)).toMatchObject({ role: 'supplier', company_name: 'مؤسسة قديمة', phone: '+966501234567', website: null });
  });

  it('subscription.free_trial before the store has a subscription row: starts the trial from the free plan', async () => {
    db = new BinaaDb(`effects-trial-${Math.random()}`, { indexedDB, IDBKeyRange });
    const withoutRow = rows.filter((r) => r.entity !== 'subscription');
    const free = { entity: 'plan', id: 'free', data: { name: 'free' } };
    await applyPulledPage(db, pulled([...withoutRow, free]), 0, 0, {});
    await writeLocal(db, 'subscription.free_trial', {}, ctx);
    expect(await db.subscription.get(U)).toMatchObject({ subscription_plan: 'basic', status: 'trialing', free_trial_used: true, billing_cycle: null, plan: { id: 'basic' } });
  });

  it('covers every mutation name of the contract', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...MUTATION_NAMES].sort());
  });

  for (const name of MUTATION_NAMES) {
    it(`${name}: writes inside its tables and queues one outbox row`, async () => {
      db = new BinaaDb(`effects-${name}-${Math.random()}`, { indexedDB, IDBKeyRange });
      await applyPulledPage(db, pulled(rows), 0, 0, {});
      const before = JSON.stringify(await Promise.all(db.syncTables().slice(4).map((t) => t.toArray())));
      await writeLocal(db, name, SAMPLES[name] as never, ctx);
      expect(await db.outbox.count()).toBe(1);
      const after = JSON.stringify(await Promise.all(db.syncTables().slice(4).map((t) => t.toArray())));
      expect(after, 'the optimistic state differs from the server copy').not.toBe(before);
    });
  }
});
