/**
 * A local write shown from the rows a screen holds (predictLocalRows) is the write as it is
 * then stored: the same effect over the same rows; it needs every row the effect reads and
 * never changes the screen's own objects.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Change } from '../../../shared/sync';
import { BinaaDb } from '../db/database';
import { rowKey, type AnyRow, type EffectContext } from '../db/schema';
import type { RowMap } from '../effects/types';
import { applyPulledPage, predictLocalRows, writeLocalRows } from './store';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const COMPANY = id(1);
const MANAGER = id(2);
const SITE = id(10);
const REQUEST = id(20);
const NOW = '2026-11-23T10:00:00.000Z';
const ctx: EffectContext = { user_id: COMPANY, person_id: MANAGER, person_name: 'مدير', company_name: 'شركة', verification_tier: 'gold', language: 'ar', now: NOW };
const levels = [
  { up_to_amount: 50000, approver_ids: [MANAGER] },
  { up_to_amount: null, approver_ids: [COMPANY] },
];
const site = { id: SITE, company_id: COMPANY, name: 'برج', status: 'active', levels, budget_lines: [], created_at: NOW, updated_at: NOW };
const request = {
  id: REQUEST, site_id: SITE, status: 'pending', amount: 23000, level_amount: 23000, approvals: [], required_levels: [1], next_level: 1, waiting_for: [MANAGER], created_at: NOW, updated_at: NOW,
  lines: [{ id: id(21), position: 1, budget_line_id: null, description: 'حديد', quantity: 20, unit: 'طن', estimated_unit_price: 1000 }],
};
/** The rows as a screen's live queries read them (stamped with the generation that stored them). */
const held = (): RowMap => new Map([[rowKey('purchase_request', REQUEST), { ...structuredClone(request), _gen: 0 } as unknown as AnyRow], [rowKey('site', SITE), { ...structuredClone(site), _gen: 0 } as unknown as AnyRow]]);

let db: BinaaDb;
afterEach(() => db?.close());

describe('a local write shown before it is stored', () => {
  it('is the write as stored, computed from the rows the screen holds', async () => {
    db = new BinaaDb(`predict-${Math.random()}`, { indexedDB, IDBKeyRange });
    await applyPulledPage(db, [{ entity: 'site', id: SITE, op: 'upsert', data: site }, { entity: 'purchase_request', id: REQUEST, op: 'upsert', data: request }] as unknown as Change[], 0, 0, {});
    const rows = held();
    const shown = await predictLocalRows('purchase_request.approve', { id: REQUEST }, ctx, rows);
    expect(shown?.rows.get(rowKey('purchase_request', REQUEST))).toMatchObject({ status: 'approved', next_level: null, approvals: [{ level: 1, decided_by: MANAGER }] });
    // The screen's own rows are as they were.
    expect(rows.get(rowKey('purchase_request', REQUEST))).toMatchObject({ status: 'pending', approvals: [] });
    expect(await db.outbox.count()).toBe(0);

    const stored = await writeLocalRows(db, 'purchase_request.approve', { id: REQUEST }, ctx);
    expect(shown?.keys).toEqual(stored.keys);
    expect([...shown!.rows]).toEqual([...stored.rows]);
    expect(await db.purchase_requests.get(REQUEST)).toMatchObject({ status: 'approved' });
  });

  it('is not made without every row the effect reads (it is then shown once stored)', async () => {
    const rows = held();
    rows.delete(rowKey('site', SITE));
    expect(await predictLocalRows('purchase_request.approve', { id: REQUEST }, ctx, rows)).toBeNull();
    // An effect that looks rows up by an index cannot run on a screen's rows.
    expect(await predictLocalRows('purchase_request.create', { id: id(30), site_id: SITE, lines: [{ id: id(31), description: 'إسمنت', quantity: 1, unit: 'كيس' }] }, ctx, held())).toBeNull();
  });

  it('refuses input its shared schema refuses, as the write does', async () => {
    await expect(predictLocalRows('purchase_request.approve', { id: 'not-a-uuid' }, ctx, held())).rejects.toMatchObject({ message: 'validation_failed' });
  });
});
