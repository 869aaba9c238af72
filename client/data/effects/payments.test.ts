/**
 * A seller on a site with no signal answers a recorded transfer: the answer is queued (the
 * invoice waits to send, shown confirmed at once), sent once, and a refusal puts the
 * server's row back and keeps its reason for the sync centre. A buyer's receipt photo is
 * queued with the transfer it belongs to and sent after it.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Change } from '../../../shared/sync';
import { BinaaDb } from '../db/database';
import type { EffectContext } from '../db/schema';
import { QueueStore } from '../local/queueStore';
import { receiptUploadRow } from '../photos/queue';
import { uploadMetadata, waitsForOutbox } from '../photos/uploader';
import { applyPulledPage, applyPushResults, writeLocalRows } from '../sync/store';

const U = '00000000-0000-4000-8000-00000000000a';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ctx: EffectContext = { user_id: U, company_name: 'مورد', verification_tier: 'gold', language: 'ar', now: '2026-11-23T10:00:00.000Z' };
const then = '2026-11-20T10:00:00.000Z';
const recorded = {
  id: id(2), invoice_id: id(1), invoice_number: 'INV-2026-000001', payer_id: id(3), payee_id: U, method: 'transfer', amount: 40, currency: 'SAR',
  paid_on: '2026-11-20', reference: 'TRX-9', receipt_id: null, receipt_stored: false, transfer_id: null, status: 'recorded', dispute_reason: null, decided_at: null, refunded: 0, refunded_at: null, created_at: then,
};
const invoice = {
  id: id(1), kind: 'invoice', number: 'INV-2026-000001', seller_id: U, buyer_id: id(3), status: 'cleared', total: 115, issued_at: then, created_at: then, updated_at: then,
  payment: { terms_days: 30, due_date: '2026-12-20', iban: null, credited: 0, paid: 0, pending: 40, balance: 115, status: 'unpaid', payments: [recorded] },
};

let db: BinaaDb;
afterEach(() => db?.close());
const open = async () => {
  db = new BinaaDb(`payments-${Math.random()}`, { indexedDB, IDBKeyRange });
  await applyPulledPage(db, [{ entity: 'invoice', id: id(1), op: 'upsert', data: invoice } as unknown as Change], 0, 0, {});
};
const pendingKeys = async () => {
  const store = new QueueStore();
  store.setOutbox(await db.outbox.toArray());
  return store.pendingKeys;
};

describe('payment answers queued offline', () => {
  it('shows a confirmation at once, marks the invoice waiting to send, and queues it once', async () => {
    await open();
    const write = await writeLocalRows(db, 'payment.confirm', { id: id(2), invoice_id: id(1) }, ctx);
    const row = await db.invoices.get(id(1));
    expect(row!.payment).toMatchObject({ paid: 40, pending: 0, balance: 75, status: 'partially_paid', payments: [expect.objectContaining({ id: id(2), status: 'confirmed' })] });
    expect((await db.outbox.toArray()).map((m) => [m.id, m.name, m.status])).toEqual([[write.id, 'payment.confirm', 'pending']]);
    expect(await pendingKeys()).toContain(`invoice:${id(1)}`);
  });

  it('puts the recorded payment back when the server refuses, with the reason kept', async () => {
    await open();
    const write = await writeLocalRows(db, 'payment.dispute', { id: id(2), invoice_id: id(1), reason: 'لم يصل المبلغ' }, ctx);
    expect((await db.invoices.get(id(1)))!.payment).toMatchObject({ pending: 0, payments: [expect.objectContaining({ status: 'disputed', dispute_reason: 'لم يصل المبلغ' })] });
    await applyPushResults(db, [{ id: write.id, status: 'rejected', code: 'invalid_transition', error: 'A confirmed payment cannot be disputed' }], ctx.now);
    expect((await db.invoices.get(id(1)))!.payment).toMatchObject({ pending: 40, payments: [expect.objectContaining({ status: 'recorded', dispute_reason: null })] });
    expect((await db.rejections.toArray()).map((r) => [r.name, r.code])).toEqual([['payment.dispute', 'invalid_transition']]);
    expect((await pendingKeys()).size).toBe(0);
  });

  it('stores a receipt photo with the transfer naming it, in one write, and sends it only after the transfer', async () => {
    await open();
    const receipt = receiptUploadRow(id(1), id(5), { id: id(6), blob: new Blob(['jpg'], { type: 'image/webp' }), name: 'receipt.jpg', width: 1200, height: 900 });
    await writeLocalRows(db, 'payment.record', { id: id(5), invoice_id: id(1), amount: 10, paid_on: '2026-11-23', reference: 'TRX-10', receipt_id: id(6) }, ctx, [receipt]);
    const [row] = await db.uploads.toArray();
    expect(row).toMatchObject({ id: id(6), kind: 'payment_receipt', payment_id: id(5), invoice_id: id(1), status: 'queued' });
    expect((await db.invoices.get(id(1)))!.payment!.payments.at(-1)).toMatchObject({ id: id(5), receipt_id: id(6), receipt_stored: false });
    expect(waitsForOutbox(row, await db.outbox.toArray())).toBe(true);
    await db.outbox.toCollection().modify({ status: 'acked' });
    expect(waitsForOutbox(row, await db.outbox.toArray())).toBe(false);
    expect(uploadMetadata(row)).toEqual({ kind: 'payment_receipt', payment_id: id(5), photo_id: id(6), filename: 'receipt.jpg', filetype: 'image/webp' });
  });
});
