/**
 * Disputes from the local store (the pull brings those of the orders the company buys and
 * sells), and the ones still in the outbox, so a dispute opened offline shows at once,
 * marked as waiting to sync, until the server's row replaces it.
 */
import type { Dispute, DisputeCreateArgs } from '../../../shared/schemas/dispute';
import type { PurchaseOrder, PurchaseOrderSide } from '../../../shared/schemas/purchase-order';
import { rowKey, type OutboxRow, type RowKey } from '../../data/db/schema';
import { useOutbox } from '../../data/local/hooks';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';

export const disputeKey = (id: string): RowKey => rowKey('dispute', id);

export type ShownDispute = Dispute & { pending: boolean };

/** Newest first. */
const newestFirst = (a: Dispute, b: Dispute) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id.localeCompare(a.id);

export const disputeSideOf = (dispute: Pick<Dispute, 'buyer_id'>, accountId: string): PurchaseOrderSide => (dispute.buyer_id === accountId ? 'buyer' : 'seller');

/** A dispute still in the outbox, shown from what it says and its order's lines. */
export function queuedDispute(args: DisputeCreateArgs, order: PurchaseOrder | undefined, createdAt: string): ShownDispute {
  const lines = new Map((order?.lines ?? []).map((l) => [l.id, l]));
  return {
    id: args.id,
    purchase_order_id: args.purchase_order_id,
    purchase_order_number: order?.number ?? '',
    buyer_id: order?.buyer_id ?? '',
    buyer_name: order?.buyer_name ?? null,
    seller_id: order?.seller_id ?? '',
    seller_name: order?.seller_name ?? null,
    reason: args.reason,
    lines: args.lines.map((l) => {
      const line = lines.get(l.purchase_order_line_id);
      return {
        id: l.purchase_order_line_id,
        purchase_order_line_id: l.purchase_order_line_id,
        position: line?.position ?? 0,
        description: line?.description ?? '',
        unit: line?.unit ?? '',
        quantity: l.quantity,
        unit_price: l.unit_price ?? null,
        order_unit_price: line?.unit_price ?? 0,
      };
    }),
    photo_ids: args.photo_ids ?? [],
    evidence_photo_ids: [],
    status: 'open',
    remedy: null,
    answer: null,
    answered_at: null,
    credit_note_id: null,
    credit_note_number: null,
    // Its deadline is the server's to set (working days in Riyadh); until then, the time it was made.
    due_at: createdAt,
    overdue: false,
    created_at: createdAt,
    updated_at: createdAt,
    pending: true,
  };
}

// Acked ones too: until the pull brings the server's row, the outbox's copy stands in (not marked pending).
const isQueuedOpen = (m: OutboxRow) => m.name === ('dispute.open' as string);

/** Every dispute on the device (of one order when `purchaseOrderId` is given), queued ones among them, newest first. */
export function useDisputes(purchaseOrderId?: string): ShownDispute[] | undefined {
  const { db } = useLocalData();
  const outbox = useOutbox();
  const stored = useLiveQuery(
    async () => (purchaseOrderId ? db.disputes.where('purchase_order_id').equals(purchaseOrderId).toArray() : db.disputes.toArray()),
    [db, purchaseOrderId],
  );
  const queued = outbox.filter((m) => isQueuedOpen(m) && (!purchaseOrderId || (m.args as { purchase_order_id?: string }).purchase_order_id === purchaseOrderId));
  const orderIds = [...new Set(queued.map((m) => (m.args as { purchase_order_id: string }).purchase_order_id))].join(',');
  const orders = useLiveQuery(async () => (orderIds ? (await db.purchase_orders.bulkGet(orderIds.split(','))).filter((o) => o !== undefined) : []), [db, orderIds]);
  if (!stored || !orders) return undefined;
  const pendingIds = new Set(outbox.filter((m) => m.status === 'pending' && m.name.startsWith('dispute.')).map((m) => (m.args as { id: string }).id));
  const shown: ShownDispute[] = stored.map((d) => ({ ...d, pending: pendingIds.has(d.id) }));
  const known = new Set(stored.map((d) => d.id));
  const byId = new Map(orders.map((o) => [o.id, o]));
  for (const m of queued) {
    const args = m.args as unknown as DisputeCreateArgs;
    if (!known.has(args.id)) shown.push({ ...queuedDispute(args, byId.get(args.purchase_order_id), m.created_at), pending: pendingIds.has(args.id) });
  }
  return shown.sort(newestFirst);
}

/** One dispute (a queued one too); null when the device holds none of that id. */
export function useDispute(id: string): ShownDispute | null | undefined {
  const all = useDisputes();
  if (!all) return undefined;
  return all.find((d) => d.id === id) ?? null;
}
