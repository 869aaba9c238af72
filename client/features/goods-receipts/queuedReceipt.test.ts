import { describe, expect, it } from 'vitest';
import { goodsReceiptSchema } from '../../../shared/schemas/goods-receipt';
import { disputeSchema } from '../../../shared/schemas/dispute';
import { queuedDispute } from '../disputes/queries';
import { queuedReceipt } from './queries';

const ORDER = '44444444-4444-4444-8444-444444444444';
const LINE = '11111111-1111-4111-8111-111111111111';
const order = {
  id: ORDER, number: 'PO-2026-000042', buyer_id: '22222222-2222-4222-8222-222222222222', buyer_name: 'البناء الحديث', seller_id: '33333333-3333-4333-8333-333333333333', seller_name: 'الصخر',
  lines: [{ id: LINE, position: 1, description: 'أسمنت بورتلاندي', unit: 'كيس', unit_price: 18.5 }],
} as never;
const at = '2026-12-02T10:00:00.000Z';

describe('a write still in the outbox, shown on its order', () => {
  it('is a receipt as the server will present it, with the order line named and who counted it, marked pending', () => {
    const shown = queuedReceipt(
      { id: '55555555-5555-4555-8555-555555555555', purchase_order_id: ORDER, received_at: at, note: 'البوابة ٢', lines: [{ purchase_order_line_id: LINE, received_quantity: 120, rejected_quantity: 10, rejection_reason: 'damaged' }] },
      order, 'م. خالد', '2026-12-02T10:00:05.000Z',
    );
    const { pending, ...row } = shown;
    expect(pending).toBe(true);
    expect(goodsReceiptSchema.parse(row)).toEqual(row);
    expect(row.received_at).toBe(at);
    expect(row.received_by_name).toBe('م. خالد');
    expect(row.lines[0]).toMatchObject({ description: 'أسمنت بورتلاندي', unit: 'كيس', received_quantity: 120, rejected_quantity: 10, rejection_reason: 'damaged', photo_ids: [] });
  });

  it('is a dispute, open, with the order price beside a claimed one', () => {
    const { pending, ...row } = queuedDispute(
      { id: '66666666-6666-4666-8666-666666666666', purchase_order_id: ORDER, reason: 'أكياس ممزقة', lines: [{ purchase_order_line_id: LINE, quantity: 10, unit_price: 17 }] },
      order, at,
    );
    expect(pending).toBe(true);
    expect(disputeSchema.parse(row)).toEqual(row);
    expect(row.status).toBe('open');
    expect(row.lines[0]).toMatchObject({ quantity: 10, unit_price: 17, order_unit_price: 18.5, description: 'أسمنت بورتلاندي' });
  });
});
