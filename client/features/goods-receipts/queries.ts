/**
 * An order's goods receipts from the local store (the pull brings those of the orders the
 * company buys and sells), and the ones still in the outbox: a receipt saved offline shows
 * on its order at once, marked as waiting to sync, until the server's row replaces it.
 */
import type { GoodsReceipt, GoodsReceiptArgs } from '../../../shared/schemas/goods-receipt';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import type { OrderPhotoUpload } from '../../data/db/schema';
import { rowKey, type RowKey } from '../../data/db/schema';
import { useOutbox } from '../../data/local/hooks';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';

export const goodsReceiptKey = (id: string): RowKey => rowKey('goods_receipt', id);

/** A receipt as the order shows it: the server's row, or one made of the queued mutation's arguments. */
export type ShownReceipt = GoodsReceipt & { pending: boolean };

/** Newest first: the last delivery on top. */
const newestFirst = (a: GoodsReceipt, b: GoodsReceipt) => Date.parse(b.received_at) - Date.parse(a.received_at) || b.id.localeCompare(a.id);

/**
 * A receipt still in the outbox, shown from what it says: each line with the order line's
 * position, description and unit, by whom and when it was counted.
 */
export function queuedReceipt(args: GoodsReceiptArgs, order: PurchaseOrder, by: string | null, createdAt: string): ShownReceipt {
  const lines = new Map(order.lines.map((l) => [l.id, l]));
  return {
    id: args.id,
    purchase_order_id: order.id,
    purchase_order_number: order.number,
    buyer_id: order.buyer_id,
    seller_id: order.seller_id,
    received_by: null,
    received_by_name: by,
    delivery_id: args.delivery_id ?? null,
    received_at: args.received_at ?? createdAt,
    note: args.note ?? null,
    lines: args.lines.map((l) => {
      const line = lines.get(l.purchase_order_line_id);
      return {
        id: l.purchase_order_line_id,
        purchase_order_line_id: l.purchase_order_line_id,
        position: line?.position ?? 0,
        description: line?.description ?? '',
        unit: line?.unit ?? '',
        received_quantity: l.received_quantity,
        rejected_quantity: l.rejected_quantity ?? 0,
        rejection_reason: l.rejection_reason ?? null,
        photo_ids: l.photo_ids ?? [],
      };
    }),
    created_at: createdAt,
    updated_at: createdAt,
    pending: true,
  };
}

/** The order's receipts, newest first: stored ones, and queued ones the store does not hold yet. */
export function useOrderReceipts(order: PurchaseOrder): ShownReceipt[] | undefined {
  const { db } = useLocalData();
  const outbox = useOutbox();
  const stored = useLiveQuery(async () => db.goods_receipts.where('purchase_order_id').equals(order.id).toArray(), [db, order.id]);
  if (!stored) return undefined;
  // Acked ones too: the server has them, and until the pull brings its row the outbox's copy stands in (not marked pending).
  const queued = outbox.filter((m) => m.name === ('goods_receipt.record' as string) && (m.args as { purchase_order_id?: string }).purchase_order_id === order.id);
  const waiting = new Set(queued.filter((m) => m.status === 'pending').map((m) => (m.args as { id: string }).id));
  const shown: ShownReceipt[] = stored.map((r) => ({ ...r, pending: waiting.has(r.id) }));
  const known = new Set(stored.map((r) => r.id));
  for (const m of queued) {
    const args = m.args as unknown as GoodsReceiptArgs;
    if (!known.has(args.id)) shown.push({ ...queuedReceipt(args, order, m.ctx.person_name ?? m.ctx.company_name, m.created_at), pending: waiting.has(args.id) });
  }
  return shown.sort(newestFirst);
}

/** The order's photos still on this device (queued or refused): shown from the device until the server has them. */
export function useOrderPhotoUploads(purchaseOrderId: string): readonly OrderPhotoUpload[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(
    async () => (await db.uploads.toArray()).filter((u): u is OrderPhotoUpload => u.kind === 'order_photo' && u.purchase_order_id === purchaseOrderId),
    [db, purchaseOrderId],
  );
}

/** The buyer's tolerance on its receipts (percent above an order line), 0 unless its profile says more. */
export function useReceiptTolerance(): number {
  const { db } = useLocalData();
  const profile = useLiveQuery(async () => (await db.profile.toArray())[0] ?? null, [db]);
  const value = (profile as { receipt_tolerance_percent?: unknown } | null | undefined)?.receipt_tolerance_percent;
  return typeof value === 'number' && value > 0 ? value : 0;
}
