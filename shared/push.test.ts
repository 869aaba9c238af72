import { describe, expect, it } from 'vitest';
import { notificationTarget } from './push';

const RFQ = '00000000-0000-4000-8000-000000000001';
const PO = '00000000-0000-4000-8000-000000000002';

describe('where a notification leads', () => {
  it('opens a supplier’s quote on the RFQ for the RFQ news they get, and the buyer’s RFQ for quotes received', () => {
    expect(notificationTarget('rfq.new', { title: 'Tower', location: 'Riyadh', rfq_id: RFQ })).toBe(`/quotes/${RFQ}`);
    expect(notificationTarget('rfq.lost', { rfq_title: 'Tower', rfq_id: RFQ })).toBe(`/quotes/${RFQ}`);
    expect(notificationTarget('rfq_quote.new', { company: 'A', rfq_title: 'Tower', rfq_id: RFQ, quote_id: PO })).toBe(`/rfqs/${RFQ}`);
    expect(notificationTarget('rfq_quote.revised', { company: 'A', rfq_title: 'Tower', rfq_id: RFQ, quote_id: PO })).toBe(`/rfqs/${RFQ}`);
  });

  it('opens the purchase order an award made, and the order for each of its answers', () => {
    expect(notificationTarget('rfq.awarded', { rfq_title: 'Tower', rfq_id: RFQ, number: 'PO-2026-000001', amount: 10, purchase_order_id: PO })).toBe(`/purchase-orders/${PO}`);
    for (const kind of ['purchase_order.issued', 'purchase_order.accepted', 'purchase_order.declined', 'purchase_order.cancelled', 'purchase_order.delivered']) {
      expect(notificationTarget(kind, { number: 'PO-2026-000001', company: 'A', purchase_order_id: PO }), kind).toBe(`/purchase-orders/${PO}`);
    }
    expect(notificationTarget('purchase_order.accepted', {})).toBe('/purchase-orders');
  });

  it('opens the order a receipt or a close-short is about, and the dispute a dispute’s news is about', () => {
    for (const kind of ['goods_receipt.recorded', 'purchase_order.closed_short']) {
      expect(notificationTarget(kind, { number: 'PO-2026-000001', company: 'A', purchase_order_id: PO, rejected: 1 }), kind).toBe(`/purchase-orders/${PO}`);
    }
    for (const kind of ['dispute.opened', 'dispute.accepted', 'dispute.rejected', 'dispute.overdue']) {
      expect(notificationTarget(kind, { number: 'PO-2026-000001', company: 'A', purchase_order_id: PO, dispute_id: RFQ }), kind).toBe(`/disputes/${RFQ}`);
    }
  });

  it('opens the purchase request itself for each of its news, waiting, approved or rejected', () => {
    for (const kind of ['purchase_request.waiting', 'purchase_request.approved', 'purchase_request.rejected', 'purchase_request.order_waiting']) {
      expect(notificationTarget(kind, { number: 'PR-2026-000001', site: 'Tower', purchase_request_id: PO }), kind).toBe(`/purchase-requests/${PO}`);
    }
    expect(notificationTarget('purchase_request.waiting', {})).toBe('/purchase-requests');
  });

  it("opens the site whose budget line passed 80 % or 100 %", () => {
    expect(notificationTarget('site_budget.passed', { site: 'Tower', line: 'Rebar', percent: 80, site_id: PO })).toBe(`/sites/${PO}`);
    expect(notificationTarget('site_budget.passed', {})).toBe('/sites');
  });
});
