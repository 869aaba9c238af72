import { describe, expect, it } from 'vitest';
import { disputeCreateArgsSchema } from '../../../shared/schemas/dispute';
import { canOpenDispute, disputeDraft, disputeLineProblem, disputeLines } from './disputeForm';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '77777777-7777-4777-8777-777777777777';
const line = (id: string, position: number, received: number, rejected: number) => ({ id, position, received_quantity: received, rejected_quantity: rejected }) as never;

describe('the open-dispute form', () => {
  it('offers the received lines only, picking those with a rejected part at that part', () => {
    const draft = disputeDraft({ lines: [line(B, 2, 50, 0), line(A, 1, 120, 10), line(C, 3, 0, 0)] });
    expect(draft).toEqual([
      { lineId: A, picked: true, quantity: 10, max: 120, unitPrice: null },
      { lineId: B, picked: false, quantity: 50, max: 50, unitPrice: null },
    ]);
  });

  it('refuses more than was received, and needs a reason and a line', () => {
    const [a, b] = disputeDraft({ lines: [line(A, 1, 120, 10), line(B, 2, 50, 0)] });
    expect(disputeLineProblem({ ...a, quantity: 121 })).toBe('dispute_exceeds_received');
    expect(disputeLineProblem({ ...a, quantity: 0 })).toBe('quantity_required');
    expect(canOpenDispute([a, b], '  ')).toBe(false);
    expect(canOpenDispute([{ ...a, picked: false }, b], 'damaged bags')).toBe(false);
    expect(canOpenDispute([a, b], 'damaged bags')).toBe(true);
  });

  it('makes the lines of dispute.open, a price only for a price dispute', () => {
    const [a, b] = disputeDraft({ lines: [line(A, 1, 120, 10), line(B, 2, 50, 0)] });
    const lines = disputeLines([a, { ...b, picked: true, quantity: 50, unitPrice: 12.5 }]);
    expect(lines).toEqual([
      { purchase_order_line_id: A, quantity: 10 },
      { purchase_order_line_id: B, quantity: 50, unit_price: 12.5 },
    ]);
    const args = { id: '33333333-3333-4333-8333-333333333333', purchase_order_id: '44444444-4444-4444-8444-444444444444', reason: 'torn bags', lines };
    expect(disputeCreateArgsSchema.parse(args)).toEqual(args);
  });
});
