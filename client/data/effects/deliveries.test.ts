/**
 * The delivery effects over a real (fake-indexeddb) store: the delivered step with its
 * proof and files in one write, a replay that never shows an event twice, a
 * reassignment; and a delivery's files in the upload queue.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Change } from '../../../shared/sync';
import { BinaaDb } from '../db/database';
import type { EffectContext } from '../db/schema';
import { deliveryUploadRows } from '../photos/queue';
import { PhotoUploader, waitsForOutbox, uploadMetadata } from '../photos/uploader';
import { applyPulledPage, applyPushResults, confirmThrough, writeLocalRows } from '../sync/store';

const U = '00000000-0000-4000-8000-00000000000a';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ctx: EffectContext = { user_id: U, company_name: 'سائق', verification_tier: 'unverified', language: 'ar', now: '2026-11-23T10:00:00.000Z' };
const then = '2026-11-20T10:00:00.000Z';

const delivery = (over: Record<string, unknown> = {}) => ({
  id: id(1), transport_request_id: id(2), company_id: id(3), company_name: 'نقل', driver_id: U, driver_name: 'سائق', vehicle_plate: 'ABC 123',
  stage: 'on_the_way', pickup_location: 'الدمام', delivery_location: 'الرياض', cargo_description: 'حديد', cargo_weight: null,
  requester_id: id(4), requester_name: 'مقاول', requester_phone: '+966500000000', supplier_name: null, supplier_phone: null,
  recipient_name: null, proof_note: null, events: [], files: [], assigned_at: then, delivered_at: null, confirmed_at: null,
  created_at: then, updated_at: then, ...over,
});
const request = { id: id(2), requester_id: id(4), pickup_location: 'الدمام', delivery_location: 'الرياض', cargo_description: 'حديد', cargo_weight: 2000, requester_name: 'مقاول', status: 'assigned', delivery_id: null, created_at: then };
const upsert = (entity: string, data: { id: string } & Record<string, unknown>) => ({ entity, id: data.id, op: 'upsert', data }) as unknown as Change;

let db: BinaaDb;
afterEach(() => db?.close());
const open = async (changes: Change[]) => {
  db = new BinaaDb(`deliveries-${Math.random()}`, { indexedDB, IDBKeyRange });
  await applyPulledPage(db, changes, 0, 0, {});
};

describe('delivery effects', () => {
  it('delivered: stage, recipient, note and the event with the proof, and the files stored in the same write', async () => {
    await open([upsert('delivery', delivery())]);
    const files = deliveryUploadRows(id(1), [
      { id: id(10), purpose: 'signature', blob: new Blob(['sig'], { type: 'image/png' }), name: 'signature.png', width: 600, height: 200 },
      { id: id(11), purpose: 'proof', blob: new Blob(['jpg'], { type: 'image/webp' }), name: 'a.jpg', width: 1200, height: 900 },
    ]);
    const proof = { recipient_name: 'خالد', signature_id: id(10), photo_ids: [id(11)], note: 'عند البوابة' };
    await writeLocalRows(db, 'delivery.step', { id: id(1), event_id: id(20), step: 'delivered', at: '2026-11-23T09:59:00.000Z', proof }, ctx, files);
    const row = await db.deliveries.get(id(1));
    expect(row).toMatchObject({ stage: 'delivered', recipient_name: 'خالد', proof_note: 'عند البوابة', delivered_at: '2026-11-23T09:59:00.000Z' });
    expect(row!.events).toEqual([expect.objectContaining({ id: id(20), step: 'delivered', at: '2026-11-23T09:59:00.000Z', note: 'عند البوابة' })]);
    expect((await db.uploads.toArray()).map((u) => [u.id, u.kind, u.status])).toEqual([
      [id(10), 'delivery_file', 'queued'],
      [id(11), 'delivery_file', 'queued'],
    ]);
  });

  it('refuses a delivered step without proof and stores neither the step nor its files', async () => {
    await open([upsert('delivery', delivery())]);
    const files = deliveryUploadRows(id(1), [{ id: id(10), purpose: 'signature', blob: new Blob(['x']), name: 's.png', width: 1, height: 1 }]);
    await expect(writeLocalRows(db, 'delivery.step', { id: id(1), event_id: id(20), step: 'delivered', at: ctx.now }, ctx, files)).rejects.toThrow('validation_failed');
    expect(await db.uploads.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows each step once when the server row with the same event arrives before the mutation leaves the outbox', async () => {
    await open([upsert('delivery', delivery({ stage: 'assigned' }))]);
    const { id: m } = await writeLocalRows(db, 'delivery.step', { id: id(1), event_id: id(20), step: 'picked_up', at: '2026-11-23T09:59:00.000Z' }, ctx);
    await applyPushResults(db, [{ id: m, status: 'applied' }], ctx.now);
    const served = { id: id(20), step: 'picked_up', at: '2026-11-23T09:59:00.000Z', recorded_at: '2026-11-23T10:00:05.000Z', actor_name: 'سائق', location: null, note: null, problem_kind: null };
    // A pull that does not yet reflect the mutation (as_of 0) but already holds the event: replayed, it is not added again.
    await applyPulledPage(db, [upsert('delivery', delivery({ stage: 'picked_up', events: [served] }))], 0, 0, {});
    expect((await db.deliveries.get(id(1)))!.events.map((e) => e.id)).toEqual([id(20)]);
    await confirmThrough(db, m);
    expect((await db.deliveries.get(id(1)))!.events).toEqual([served]);
  });

  it('assign again before pickup: the request\'s delivery gets the new driver and plate; a first assignment waits for the server\'s row', async () => {
    await open([upsert('transport_request', { ...request, delivery_id: id(1) }), upsert('delivery', delivery({ stage: 'assigned' }))]);
    await writeLocalRows(db, 'delivery.assign', { id: id(2), driver_id: id(5), vehicle_plate: 'XYZ 9' }, ctx);
    expect(await db.deliveries.get(id(1))).toMatchObject({ driver_id: id(5), driver_name: null, vehicle_plate: 'XYZ 9' });
    await writeLocalRows(db, 'delivery.assign', { id: id(6), driver_id: id(5), vehicle_plate: 'XYZ 9' }, ctx);
    expect(await db.deliveries.count()).toBe(1);
    expect((await db.outbox.toArray()).map((m) => m.name)).toEqual(['delivery.assign', 'delivery.assign']);
  });
});

describe('delivery files in the upload queue', () => {
  const [file] = deliveryUploadRows(id(1), [{ id: id(10), purpose: 'proof', blob: new Blob(['x'], { type: 'image/webp' }), name: 'p.webp', width: 1, height: 1 }]);
  const photo = { kind: 'product_photo' as const, id: id(12), product_id: id(7), blob: new Blob(['x']), name: 'p', type: 'image/webp', width: 1, height: 1, bytes: 1, status: 'queued' as const, url: null, code: null, error: null, created_at: then };

  it('waits while the outbox holds a pending mutation on its delivery, not on another row nor an acked one', () => {
    expect(waitsForOutbox(file, [{ status: 'pending', keys: [`delivery:${id(1)}`] }])).toBe(true);
    expect(waitsForOutbox(file, [{ status: 'acked', keys: [`delivery:${id(1)}`] }])).toBe(false);
    expect(waitsForOutbox(file, [{ status: 'pending', keys: [`delivery:${id(9)}`, `product:${id(1)}`] }])).toBe(false);
    expect(waitsForOutbox(photo, [{ status: 'pending', keys: [`product:${id(7)}`] }])).toBe(true);
    const { kind: _, ...older } = photo; // a row stored before delivery files existed
    expect(waitsForOutbox(older, [{ status: 'pending', keys: [`product:${id(7)}`] }])).toBe(true);
  });

  it('is sent with the metadata of a delivery file', () => {
    expect(uploadMetadata(file)).toEqual({ kind: 'delivery_file', delivery_id: id(1), purpose: 'proof', photo_id: id(10), filename: 'p.webp', filetype: 'image/webp' });
    expect(uploadMetadata(photo)).toEqual({ kind: 'product_photo', product_id: id(7), photo_id: id(12), filename: 'p', filetype: 'image/webp' });
  });

  it('keeps a sent file until a pull brings its delivery with it, then lets it go', async () => {
    await open([upsert('delivery', delivery())]);
    await db.uploads.bulkAdd([{ ...file, status: 'sent' }]);
    const uploader = new PhotoUploader(db);
    await uploader.settle();
    expect(await db.uploads.count()).toBe(1);
    await applyPulledPage(db, [upsert('delivery', delivery({ files: [{ id: id(10), purpose: 'proof', hash: 'a'.repeat(64), width: 1, height: 1 }] }))], 0, 0, {});
    await uploader.settle();
    expect(await db.uploads.count()).toBe(0);
  });
});
