/**
 * Purchase orders from the local store: the device holds the orders its company buys
 * (buyer_id) and sells (seller_id), as the server's policy sends them. Which side the
 * reader is on is their account against the order's buyer.
 */
import type { PurchaseOrder, PurchaseOrderSide } from '../../../shared/schemas/purchase-order';
import { rowKey, type RowKey } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';

export const purchaseOrderKey = (id: string): RowKey => rowKey('purchase_order', id);

export const sideOf = (order: Pick<PurchaseOrder, 'buyer_id'>, accountId: string): PurchaseOrderSide => (order.buyer_id === accountId ? 'buyer' : 'seller');

/** Newest first: the order issued last on top. */
const newestFirst = (a: PurchaseOrder, b: PurchaseOrder) => Date.parse(b.issued_at) - Date.parse(a.issued_at) || b.number.localeCompare(a.number);

/** Every purchase order on the device, newest first. */
export function usePurchaseOrders(): PurchaseOrder[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.purchase_orders.toArray()).sort(newestFirst), [db]);
}

/** One purchase order; null when the device does not hold it. */
export function usePurchaseOrder(id: string): PurchaseOrder | null | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.purchase_orders.get(id)) ?? null, [db, id]);
}

/**
 * Where the seller ships from, as far as this device knows: the city their catalogue
 * products carry (the order itself names no address); empty when none of them is here.
 */
export function useSellerCity(sellerId: string): string {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.products.where('supplier_id').equals(sellerId).first())?.supplier_city ?? '', [db, sellerId]) ?? '';
}
