/**
 * A bid's receipts, read online (GET /api/bids/:id/receipts): every submission, amendment
 * and withdrawal the server accepted, newest first, each with its digest. Only the
 * current version travels through the sync feed; the history is asked for when shown.
 */
import { bidReceiptSchema, type BidReceipt } from '../../../shared/schemas/tender';
import { api } from './client';
import { useRemote } from '../useRemote';

export function useBidReceipts(bidId: string, version: string) {
  return useRemote<BidReceipt[]>(async () => bidReceiptSchema.array().parse((await api.get<unknown>(`/api/bids/${encodeURIComponent(bidId)}/receipts`)).data), [bidId, version]);
}
