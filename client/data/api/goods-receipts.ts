/**
 * Goods receipts, disputes and the order's document over REST. The screens read receipts
 * and disputes from the local store (they are sync entities) and write them through the
 * outbox; these calls are for what the store does not hold: the order's PDF, and a fresh
 * read of an order's receipts or the disputes when a screen wants the server's word.
 */
import { z } from 'zod';
import { disputeSchema, type Dispute, type DisputeListQuery } from '../../../shared/schemas/dispute';
import { goodsReceiptSchema, type GoodsReceipt } from '../../../shared/schemas/goods-receipt';
import { api } from './client';

/** The order as a bilingual document (Arabic first), for both its sides: opened, printed or downloaded. */
export const purchaseOrderPdfUrl = (purchaseOrderId: string): string => `/api/purchase-orders/${encodeURIComponent(purchaseOrderId)}/pdf`;

/** GET /api/purchase-orders/{id}/receipts: the order's receipts (its buyer and seller). */
export async function fetchOrderReceipts(purchaseOrderId: string): Promise<GoodsReceipt[]> {
  return z.array(goodsReceiptSchema).parse((await api.get<unknown>(`/api/purchase-orders/${encodeURIComponent(purchaseOrderId)}/receipts`)).data);
}

/** GET /api/disputes: the disputes of either side, narrowed by the query. */
export async function fetchDisputes(query: Partial<Pick<DisputeListQuery, 'as' | 'status' | 'purchase_order_id'>> = {}): Promise<Dispute[]> {
  const params = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v ? [[k, String(v)]] : [])));
  const qs = params.toString();
  return z.array(disputeSchema).parse((await api.get<unknown>(`/api/disputes${qs ? `?${qs}` : ''}`)).data);
}
