import { describe, expect, it } from 'vitest';
import { goodsReceiptArgsSchema } from '../../../shared/schemas/goods-receipt';
import { RECEIVABLE_STATUSES, canSave, clampQuantity, lineProblem, receiptArgs, receiptDraft, receiveUrl, receivedCap } from './receiptForm';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const line = (id: string, position: number, quantity: number, accepted = 0, cancelled = 0) =>
  ({ id, position, quantity, accepted_quantity: accepted, cancelled_quantity: cancelled }) as never;

describe('the record-receipt form', () => {
  it('prefills each line with what is open, in the order of the lines, so a full delivery is open and save', () => {
    const draft = receiptDraft({ lines: [line(B, 2, 50, 20), line(A, 1, 200)] }, 0);
    expect(draft.map((l) => [l.lineId, l.open, l.received, l.rejected, l.acceptable])).toEqual([
      [A, 200, 200, 0, 200],
      [B, 30, 30, 0, 30],
    ]);
    expect(canSave(draft)).toBe(true);
  });

  it('caps a line by the order less what was accepted and cancelled, plus the tolerance; a rejected part is counted on top', () => {
    const [l] = receiptDraft({ lines: [line(A, 1, 200, 120, 30)] }, 10);
    // (200 - 30) × 1.1 = 187, less 120 accepted already
    expect(l.acceptable).toBe(67);
    expect(receivedCap({ ...l, rejected: 5 })).toBe(72);
    expect(lineProblem({ ...l, received: 68 })).toBe('over_received');
    expect(lineProblem({ ...l, received: 72, rejected: 5, reason: 'damaged' })).toBeNull();
    expect(clampQuantity(1000, 67)).toBe(67);
    expect(clampQuantity(12.34, 67)).toBe(12.3);
    expect(clampQuantity(-3, 67)).toBe(0);
  });

  it('asks a reason for a rejected part and never more rejected than received', () => {
    const [l] = receiptDraft({ lines: [line(A, 1, 10)] }, 0);
    expect(lineProblem({ ...l, rejected: 2 })).toBe('rejection_reason_required');
    expect(lineProblem({ ...l, received: 1, rejected: 2, reason: 'short' })).toBe('rejected_above_received');
    expect(canSave([{ ...l, received: 0 }])).toBe(false);
  });

  it('makes the arguments the sync mutation takes: lines received only, the rejection, the photos, the delivery', () => {
    const [a, b] = receiptDraft({ lines: [line(A, 1, 200), line(B, 2, 10)] }, 0);
    const args = receiptArgs({
      id: '33333333-3333-4333-8333-333333333333',
      purchaseOrderId: '44444444-4444-4444-8444-444444444444',
      lines: [{ ...a, received: 120, rejected: 10, reason: 'damaged' }, { ...b, received: 0 }],
      photoIds: new Map([[A, ['55555555-5555-4555-8555-555555555555']]]),
      note: '  gate 2  ',
      receivedAt: '2026-12-02T10:00:00.000Z',
      deliveryId: '66666666-6666-4666-8666-666666666666',
    });
    expect(goodsReceiptArgsSchema.parse(args)).toEqual(args);
    expect(args.note).toBe('gate 2');
    expect(args.lines).toEqual([
      { purchase_order_line_id: A, received_quantity: 120, rejected_quantity: 10, rejection_reason: 'damaged', photo_ids: ['55555555-5555-4555-8555-555555555555'] },
    ]);
  });

  it('is offered on orders the lifecycle lets a receipt move, and opened from a delivery by its address', () => {
    expect([...RECEIVABLE_STATUSES].sort()).toEqual(['accepted', 'delivered', 'partially_received']);
    expect(receiveUrl('po1')).toBe('/purchase-orders/po1?receive=1');
    expect(receiveUrl('po1', 'd 1')).toBe('/purchase-orders/po1?receive=1&delivery=d%201');
  });
});
