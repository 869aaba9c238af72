/**
 * An order awaiting its buyer's approval offers the seller nothing on its screen: no
 * action of the shared rule (the buttons are purchaseOrderActions), no receipt, no
 * invoice, until the approval issues it.
 */
import { describe, expect, it } from 'vitest';
import { purchaseOrderActions } from '../../../shared/schemas/purchase-order';
import { invoiceBlocker } from '../../../shared/schemas/invoice';
import { RECEIVABLE_STATUSES } from '../goods-receipts/receiptForm';

describe('an order awaiting approval', () => {
  it('offers the seller no action, and nobody a receipt or an invoice', () => {
    const order = { status: 'awaiting_approval' as const, cancel_blocker: null };
    expect(purchaseOrderActions('seller', order)).toEqual([]);
    expect(RECEIVABLE_STATUSES.has(order.status)).toBe(false);
    expect(invoiceBlocker(order)).toBe('not_accepted');
    // Once issued, the seller answers it.
    expect(purchaseOrderActions('seller', { ...order, status: 'issued' })).toEqual(['accept', 'decline']);
  });
});
