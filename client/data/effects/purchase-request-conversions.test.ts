/**
 * An approved purchase request becomes an RFQ or an instant order on the device as the
 * server makes it: once, from a request of kind request that is approved, an instant
 * order from one line only. Everything else writes nothing locally (the server refuses
 * it: approval_required, request_converted), so the device never shows an RFQ that will
 * not exist.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Change } from '../../../shared/sync';
import { BinaaDb } from '../db/database';
import type { EffectContext } from '../db/schema';
import { applyPulledPage } from '../sync/store';
import { writeLocal } from '../sync/testing/local';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const COMPANY = id(1);
const SITE = id(10);
const [STEEL, CONCRETE] = [id(11), id(12)];
const CATEGORY = id(13);
const NOW = '2026-11-23T10:00:00.000Z';
const ctx: EffectContext = { user_id: COMPANY, person_id: id(2), person_name: 'خالد', company_name: 'شركة', verification_tier: 'gold', language: 'ar', now: NOW };
const CLOSES = '2026-11-30T10:00:00.000Z';

const line = (n: number, position: number, budgetLineId: string | null, description: string) => ({
  id: id(n), position, budget_line_id: budgetLineId, description, quantity: position * 2, unit: 'طن', estimated_unit_price: 1000,
});
const request = (n: number, fields: Record<string, unknown>) => ({
  entity: 'purchase_request',
  id: id(n),
  op: 'upsert',
  data: {
    id: id(n), number: `PR-2026-0000${n}`, site_id: SITE, site_name: 'برج الياسمين', status: 'approved', kind: 'request', rfq_id: null, instant_order_id: null, needed_by: null,
    approvals: [], required_levels: [], next_level: null, waiting_for: [], created_at: NOW, updated_at: NOW, lines: [line(n + 1, 1, STEEL, 'حديد')], ...fields,
  },
});
const seed = [
  {
    entity: 'site', id: SITE, op: 'upsert',
    data: {
      id: SITE, company_id: COMPANY, name: 'برج الياسمين', location: 'الرياض، حي الياسمين', status: 'active', levels: [], created_at: NOW, updated_at: NOW,
      budget_lines: [
        { id: STEEL, position: 1, code: '1', description: 'حديد', quantity: 40, unit: 'طن', category_id: CATEGORY, budget_amount: 100000 },
        { id: CONCRETE, position: 2, code: '2', description: 'خرسانة', quantity: 100, unit: 'م3', category_id: null, budget_amount: 50000 },
      ],
    },
  },
  // Two lines, the second first in the list and one free of the budget.
  request(20, { lines: [line(23, 2, null, 'أسلاك ربط'), line(21, 1, STEEL, 'حديد')] }),
  request(30, {}),
  request(40, { status: 'pending', required_levels: [1], next_level: 1 }),
  request(50, { kind: 'order' }),
] as unknown as Change[];

let db: BinaaDb;
afterEach(() => db?.close());
const open = async () => {
  db = new BinaaDb(`effects-pr-convert-${Math.random()}`, { indexedDB, IDBKeyRange });
  await applyPulledPage(db, seed, 0, 0, {});
};

describe('an approved purchase request bought on the device', () => {
  it('becomes an RFQ of its lines in their order, each with its budget line and that line’s category, on its site', async () => {
    await open();
    await writeLocal(db, 'purchase_request.rfq', { id: id(60), purchase_request_id: id(20), title: 'حديد البرج', closes_at: CLOSES, audience: 'market', needed_by: '2026-12-20' }, ctx);
    expect(await db.rfqs.get(id(60))).toMatchObject({
      title: 'حديد البرج', location: 'الرياض، حي الياسمين', needed_by: '2026-12-20', site_id: SITE, purchase_request_id: id(20), status: 'open',
      lines: [
        { id: id(21), position: 1, description: 'حديد', quantity: 2, budget_line_id: STEEL, category_id: CATEGORY },
        { id: id(23), position: 2, description: 'أسلاك ربط', quantity: 4, budget_line_id: null, category_id: null },
      ],
    });
    expect(await db.purchase_requests.get(id(20))).toMatchObject({ rfq_id: id(60), instant_order_id: null });
  });

  it('is bought once: a second RFQ or an instant order after it writes nothing', async () => {
    await open();
    await writeLocal(db, 'purchase_request.rfq', { id: id(60), purchase_request_id: id(30), closes_at: CLOSES, audience: 'market' }, ctx);
    await writeLocal(db, 'purchase_request.rfq', { id: id(61), purchase_request_id: id(30), closes_at: CLOSES, audience: 'market' }, ctx);
    await writeLocal(db, 'purchase_request.instant_order', { id: id(62), purchase_request_id: id(30) }, ctx);
    expect(await db.rfqs.get(id(61))).toBeUndefined();
    expect(await db.instant_orders.get(id(62))).toBeUndefined();
    expect(await db.purchase_requests.get(id(30))).toMatchObject({ rfq_id: id(60), instant_order_id: null });
  });

  it('of one line becomes an instant order of that line; of two lines it does not', async () => {
    await open();
    await writeLocal(db, 'purchase_request.instant_order', { id: id(70), purchase_request_id: id(30), budget_range_max: 9000 }, ctx);
    expect(await db.instant_orders.get(id(70))).toMatchObject({
      title: 'PR-2026-000030 · برج الياسمين', description: 'حديد', quantity: 2, unit: 'طن', category_id: CATEGORY, location: 'الرياض، حي الياسمين', budget_range_max: 9000,
      site_id: SITE, budget_line_id: STEEL, purchase_request_id: id(30), status: 'active',
    });
    expect(await db.purchase_requests.get(id(30))).toMatchObject({ instant_order_id: id(70), rfq_id: null });
    await writeLocal(db, 'purchase_request.instant_order', { id: id(71), purchase_request_id: id(20) }, ctx);
    expect(await db.instant_orders.get(id(71))).toBeUndefined();
    expect(await db.purchase_requests.get(id(20))).toMatchObject({ instant_order_id: null });
  });

  it('waiting for approval, or of kind order, becomes nothing', async () => {
    await open();
    await writeLocal(db, 'purchase_request.rfq', { id: id(80), purchase_request_id: id(40), closes_at: CLOSES, audience: 'market' }, ctx);
    await writeLocal(db, 'purchase_request.rfq', { id: id(81), purchase_request_id: id(50), closes_at: CLOSES, audience: 'market' }, ctx);
    expect(await db.rfqs.get(id(80))).toBeUndefined();
    expect(await db.rfqs.get(id(81))).toBeUndefined();
    expect(await db.purchase_requests.get(id(40))).toMatchObject({ rfq_id: null });
  });
});
