/**
 * The open-dispute form's rules, apart from its screen: which lines may be disputed (those
 * received), what each starts at (a line with a rejected part is picked with that part;
 * the others wait to be picked), the most it may hold (what was received of the line: the
 * server refuses more, dispute_exceeds_received), and the sync arguments it makes.
 */
import type { DisputeCreateArgs } from '../../../shared/schemas/dispute';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';

export interface DisputeDraftLine {
  lineId: string;
  picked: boolean;
  quantity: number;
  /** the most that may be disputed: what receipts counted of the line */
  max: number;
  /** for a price dispute: the unit price the buyer holds the line to (empty: none) */
  unitPrice: number | null;
}

export function disputeDraft(order: Pick<PurchaseOrder, 'lines'>): DisputeDraftLine[] {
  return [...order.lines]
    .sort((a, b) => a.position - b.position)
    .filter((l) => l.received_quantity > 0)
    .map((l) => ({ lineId: l.id, picked: l.rejected_quantity > 0, quantity: l.rejected_quantity > 0 ? l.rejected_quantity : l.received_quantity, max: l.received_quantity, unitPrice: null }));
}

export type DisputeLineProblem = 'quantity_required' | 'dispute_exceeds_received';

export function disputeLineProblem(line: DisputeDraftLine): DisputeLineProblem | null {
  if (!line.picked) return null;
  if (!(line.quantity > 0)) return 'quantity_required';
  if (line.quantity > line.max + 1e-9) return 'dispute_exceeds_received';
  return null;
}

export const canOpenDispute = (lines: readonly DisputeDraftLine[], reason: string): boolean =>
  reason.trim().length > 0 && lines.some((l) => l.picked) && lines.every((l) => disputeLineProblem(l) === null);

/** The lines the sync mutation dispute.open carries: the picked ones, with a price only for a price dispute. */
export function disputeLines(lines: readonly DisputeDraftLine[]): DisputeCreateArgs['lines'] {
  return lines
    .filter((l) => l.picked)
    .map((l) => ({ purchase_order_line_id: l.lineId, quantity: l.quantity, ...(l.unitPrice != null && l.unitPrice >= 0 ? { unit_price: l.unitPrice } : {}) }));
}
