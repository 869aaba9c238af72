import { describe, expect, it } from 'vitest';
import { orderPhotoUploadMetadataSchema } from '../../../shared/schemas/goods-receipt';
import { uploadOwnerKey } from '../db/schema';
import { orderPhotoUploadRows } from './queue';
import { uploadMetadata, waitsForOutbox } from './uploader';

const ORDER = '44444444-4444-4444-8444-444444444444';
const file = (id: string) => ({ id, blob: new Blob(['x'], { type: 'image/webp' }), name: 'torn.webp', width: 10, height: 10 });

describe("an order's photos in the upload queue", () => {
  const [first, second] = orderPhotoUploadRows(ORDER, [file('55555555-5555-4555-8555-555555555555'), file('66666666-6666-4666-8666-666666666666')], Date.parse('2026-12-02T10:00:00Z'));

  it('keep the ids the receipt names, in the order chosen, and belong to the order', () => {
    expect([first!.id, second!.id]).toEqual(['55555555-5555-4555-8555-555555555555', '66666666-6666-4666-8666-666666666666']);
    expect(first!.created_at < second!.created_at).toBe(true);
    expect(uploadOwnerKey(first!)).toBe(`purchase_order:${ORDER}`);
  });

  it('travel with the metadata the server reads (kind order_photo, the order, the photo id)', () => {
    expect(orderPhotoUploadMetadataSchema.parse(uploadMetadata(first!))).toEqual({ kind: 'order_photo', purchase_order_id: ORDER, photo_id: first!.id, filename: 'torn.webp', filetype: 'image/webp' });
  });

  it('wait while a write naming the order is still to be sent, whatever rows it keys', () => {
    expect(waitsForOutbox(first!, [{ status: 'pending', keys: [`purchase_order:${ORDER}`] }])).toBe(true);
    expect(waitsForOutbox(first!, [{ status: 'pending', keys: ['goods_receipt:77777777-7777-4777-8777-777777777777'], args: { purchase_order_id: ORDER } }])).toBe(true);
    expect(waitsForOutbox(first!, [{ status: 'acked', keys: [`purchase_order:${ORDER}`], args: { purchase_order_id: ORDER } }])).toBe(false);
    expect(waitsForOutbox(first!, [{ status: 'pending', keys: ['purchase_order:other'], args: { purchase_order_id: 'other' } }])).toBe(false);
  });
});
