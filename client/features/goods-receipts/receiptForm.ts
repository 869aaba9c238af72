/**
 * The record-receipt form's rules, apart from its screen: what each line is prefilled with
 * (what is still open, so a full delivery is "open, save"), the most a field may hold (the
 * shared receivableLimit, less what earlier receipts accepted), and the sync arguments a
 * filled form makes. The server checks the same limit (over_received); the form only keeps
 * the person from typing what it would refuse.
 */
import { openQuantity, receivableLimit, type GoodsReceiptArgs, type RejectionReason } from '../../../shared/schemas/goods-receipt';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import { roundStock } from '../../../shared/numbers';
import { purchaseOrderLifecycle } from '../../../shared/lifecycles/purchase-orders';
import { PATHS } from '../../paths';

type OrderLine = PurchaseOrder['lines'][number];

export interface DraftLine {
  lineId: string;
  /** what is still to arrive on the line before this receipt */
  open: number;
  /** the most this receipt may accept of the line: the limit less what earlier receipts accepted */
  acceptable: number;
  received: number;
  rejected: number;
  reason: RejectionReason | null;
  photos: File[];
}

/** The most this receipt may accept of a line, never below zero. */
export const acceptableNow = (line: OrderLine, tolerancePercent: number): number =>
  Math.max(0, roundStock(receivableLimit(line.quantity, line.cancelled_quantity, tolerancePercent) - line.accepted_quantity));

/**
 * The most the received field may hold: what may still be accepted plus what this receipt
 * rejects of it (a rejected part is counted off the truck but not accepted).
 */
export const receivedCap = (line: Pick<DraftLine, 'acceptable' | 'rejected'>): number => roundStock(line.acceptable + line.rejected);

/** Each line of the order, in its order, prefilled with what is open and nothing rejected. */
export function receiptDraft(order: Pick<PurchaseOrder, 'lines'>, tolerancePercent: number): DraftLine[] {
  return [...order.lines]
    .sort((a, b) => a.position - b.position)
    .map((line) => ({
      lineId: line.id,
      open: openQuantity(line),
      acceptable: acceptableNow(line, tolerancePercent),
      received: openQuantity(line),
      rejected: 0,
      reason: null,
      photos: [],
    }));
}

/** A field's value kept within 0 and `max`, at the quantities' step of 0.1. */
export const clampQuantity = (value: number, max: number): number => {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(Math.floor(roundStock(value) * 10 + 1e-6) / 10, max);
};

export type LineProblem = 'over_received' | 'rejected_above_received' | 'rejection_reason_required';

/** What is wrong with one line, if anything (a line left at zero is simply not in the receipt). */
export function lineProblem(line: DraftLine): LineProblem | null {
  if (line.rejected > line.received) return 'rejected_above_received';
  if (line.received > receivedCap(line) + 1e-9) return 'over_received';
  if (line.rejected > 0 && !line.reason) return 'rejection_reason_required';
  return null;
}

/** Whether the form can be saved: at least one line received and no line wrong. */
export const canSave = (lines: readonly DraftLine[]): boolean => lines.some((l) => l.received > 0) && lines.every((l) => lineProblem(l) === null);

/**
 * The sync mutation goods_receipt.record of a filled form: the lines that received
 * anything, the photo ids the queue gave each line, the time of the tap.
 */
export function receiptArgs(input: {
  id: string;
  purchaseOrderId: string;
  lines: readonly DraftLine[];
  photoIds: ReadonlyMap<string, readonly string[]>;
  note: string;
  receivedAt: string;
  deliveryId?: string | null;
}): GoodsReceiptArgs {
  const note = input.note.trim();
  return {
    id: input.id,
    purchase_order_id: input.purchaseOrderId,
    received_at: input.receivedAt,
    ...(note ? { note } : {}),
    ...(input.deliveryId ? { delivery_id: input.deliveryId } : {}),
    lines: input.lines
      .filter((l) => l.received > 0)
      .map((l) => {
        const photos = input.photoIds.get(l.lineId) ?? [];
        return {
          purchase_order_line_id: l.lineId,
          received_quantity: l.received,
          ...(l.rejected > 0 ? { rejected_quantity: l.rejected, rejection_reason: l.reason ?? 'other' } : {}),
          ...(photos.length ? { photo_ids: [...photos] } : {}),
        };
      }),
  };
}

/** The statuses an order takes a receipt in: those the lifecycle's record_receipt moves from. */
export const RECEIVABLE_STATUSES: ReadonlySet<string> = new Set(purchaseOrderLifecycle.transitions.filter((t) => t.action === 'record_receipt').flatMap((t) => t.from));

/** The search parameters that open the record-receipt form on an order's page (`delivery`: made from that delivery's proof). */
export const RECEIVE_PARAM = 'receive';
export const DELIVERY_PARAM = 'delivery';
/** The address of an order's record-receipt form, naming the delivery it is made from, if any. */
export const receiveUrl = (orderId: string, deliveryId?: string | null): string =>
  `${PATHS.purchaseOrders}/${orderId}?${RECEIVE_PARAM}=1${deliveryId ? `&${DELIVERY_PARAM}=${encodeURIComponent(deliveryId)}` : ''}`;
