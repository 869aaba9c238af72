/**
 * Invoices in the offline store: a pulled document and one the server answered to an
 * issue are the same row in the invoices table (version 6), found by its purchase order
 * and its original invoice, and kept through the generation a reset drops.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/schemas/invoice';
import type { Change } from '../../../shared/sync';
import { BinaaDb } from '../../data/db/database';
import { applyPulledPage } from '../../data/sync/store';
import { storeDocument } from './mutations';
import { newestFirst } from './queries';

const PO = '30000000-0000-4000-8000-000000000001';
const INV = '20000000-0000-4000-8000-000000000001';
const CN = '20000000-0000-4000-8000-000000000002';

const row = (id: string, over: Partial<Invoice> = {}) =>
  ({ id, kind: 'invoice', number: 'INV-2026-000001', purchase_order_id: PO, original_invoice_id: null, seller_id: 's', buyer_id: 'b', status: 'pending', issued_at: '2026-11-28T09:00:00.000Z', created_at: '2026-11-28T09:00:00.000Z', ...over }) as Invoice;

let db: BinaaDb;
afterEach(() => db?.close());

describe('invoices on the device', () => {
  it('keeps an issued document under the current generation, and the pulled row replaces it', async () => {
    db = new BinaaDb(`invoices-${Math.random()}`, { indexedDB, IDBKeyRange });
    await db.setMeta('generation', 3);
    await storeDocument(db, row(INV));
    expect(await db.invoices.get(INV)).toMatchObject({ status: 'pending', _gen: 3 });

    const cleared: Change = { entity: 'invoice', id: INV, op: 'upsert', data: row(INV, { status: 'cleared' }) };
    await applyPulledPage(db, [cleared], 0, 3, {});
    expect(await db.invoices.count()).toBe(1);
    expect(await db.invoices.get(INV)).toMatchObject({ status: 'cleared', _gen: 3 });
  });

  it('finds a purchase order’s documents and an invoice’s credit notes, newest first', async () => {
    db = new BinaaDb(`invoices-${Math.random()}`, { indexedDB, IDBKeyRange });
    await storeDocument(db, row(INV, { status: 'cleared' }));
    await storeDocument(db, row(CN, { kind: 'credit_note', number: 'CN-2026-000001', original_invoice_id: INV, issued_at: '2026-11-29T09:00:00.000Z' }));
    const ofOrder = (await db.invoices.where('purchase_order_id').equals(PO).toArray()).sort(newestFirst);
    expect(ofOrder.map((i) => i.number)).toEqual(['CN-2026-000001', 'INV-2026-000001']);
    expect((await db.invoices.where('original_invoice_id').equals(INV).toArray()).map((i) => i.id)).toEqual([CN]);
  });
});
