/**
 * A purchase request's local effects with the people of one company: the requester and
 * the approvers are people (the context's person_id), not the company's account the rows
 * belong to; a request raised within 24 hours of another on the same budget line is summed
 * with it for its levels, as the server does; each approval moves the request on a level.
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
const MANAGER = id(2);
const ENGINEER = id(3);
const SITE = id(10);
const BUDGET = id(11);
const NOW = '2026-11-23T10:00:00.000Z';
const ctxOf = (person: string, name: string, now = NOW): EffectContext => ({ user_id: COMPANY, person_id: person, person_name: name, company_name: 'شركة', verification_tier: 'gold', language: 'ar', now });

const levels = [
  { up_to_amount: 5000, approver_ids: [] },
  { up_to_amount: 50000, approver_ids: [MANAGER] },
  { up_to_amount: null, approver_ids: [COMPANY] },
];
const earlier = (n: number, createdAt: string, budgetLineId: string | null, amount: number) => ({
  entity: 'purchase_request',
  id: id(n),
  op: 'upsert',
  data: {
    id: id(n), site_id: SITE, status: 'pending', amount, level_amount: amount, approvals: [], required_levels: [2], next_level: 2, waiting_for: [MANAGER], created_at: createdAt, updated_at: createdAt,
    lines: [{ id: id(n + 1), position: 1, budget_line_id: budgetLineId, description: 'حديد', quantity: 1, unit: 'طن', estimated_unit_price: amount / 1.15 }],
  },
});
const seed = [
  { entity: 'site', id: SITE, op: 'upsert', data: { id: SITE, company_id: COMPANY, name: 'برج الياسمين السكني', status: 'active', levels, budget_lines: [], created_at: NOW, updated_at: NOW } },
  // 30,000 on the same budget line two hours before: summed.
  earlier(20, '2026-11-23T08:00:00.000Z', BUDGET, 30000),
  // 40,000 on the same line but 25 hours before, and 40,000 on no budget line an hour before: neither summed.
  earlier(30, '2026-11-22T09:00:00.000Z', BUDGET, 40000),
  earlier(40, '2026-11-23T09:00:00.000Z', null, 40000),
] as unknown as Change[];

let db: BinaaDb;
afterEach(() => db?.close());

describe('purchase request effects among a company’s people', () => {
  it('raises as the person, sums a split buy, and moves level by level with each approver', async () => {
    db = new BinaaDb(`effects-pr-${Math.random()}`, { indexedDB, IDBKeyRange });
    await applyPulledPage(db, seed, 0, 0, {});
    const request = id(50);
    // 20 tonnes at 1,000 SAR: 23,000 with VAT, under the manager's 50,000 alone, but 53,000 with the earlier one.
    await writeLocal(db, 'purchase_request.create', { id: request, site_id: SITE, lines: [{ id: id(51), budget_line_id: BUDGET, description: 'حديد', quantity: 20, unit: 'طن', estimated_unit_price: 1000 }] }, ctxOf(ENGINEER, 'سارة'));
    expect(await db.purchase_requests.get(request)).toMatchObject({
      requested_by: ENGINEER, requested_by_name: 'سارة', status: 'pending', amount: 23000, level_amount: 53000, required_levels: [2, 3], next_level: 2, waiting_for: [MANAGER],
    });

    await writeLocal(db, 'purchase_request.approve', { id: request }, ctxOf(MANAGER, 'خالد', '2026-11-23T10:05:00.000Z'));
    expect(await db.purchase_requests.get(request)).toMatchObject({
      status: 'pending', next_level: 3, waiting_for: [COMPANY], decided_at: null,
      approvals: [{ level: 2, decision: 'approved', decided_by: MANAGER, decided_by_name: 'خالد', reason: null, decided_at: '2026-11-23T10:05:00.000Z' }],
    });

    await writeLocal(db, 'purchase_request.approve', { id: request }, ctxOf(COMPANY, 'المالك', '2026-11-23T10:06:00.000Z'));
    expect(await db.purchase_requests.get(request)).toMatchObject({ status: 'approved', next_level: null, waiting_for: [], decided_at: '2026-11-23T10:06:00.000Z' });
    expect((await db.purchase_requests.get(request))!.approvals.map((a) => [a.level, a.decided_by])).toEqual([[2, MANAGER], [3, COMPANY]]);
  });

  it('approves at once a request its amount needs no level for', async () => {
    db = new BinaaDb(`effects-pr-none-${Math.random()}`, { indexedDB, IDBKeyRange });
    await applyPulledPage(db, seed.slice(0, 1), 0, 0, {});
    await writeLocal(db, 'purchase_request.create', { id: id(60), site_id: SITE, lines: [{ id: id(61), description: 'مسامير', quantity: 10, unit: 'كيس', estimated_unit_price: 20 }] }, ctxOf(ENGINEER, 'سارة'));
    expect(await db.purchase_requests.get(id(60))).toMatchObject({ status: 'approved', amount: 230, required_levels: [], next_level: null, waiting_for: [], decided_at: NOW });
  });
});
