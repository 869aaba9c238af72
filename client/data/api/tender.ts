/**
 * Tender reads done online. A bid's receipts, read online (GET /api/bids/:id/receipts): every submission, amendment
 * and withdrawal the server accepted, newest first, each with its digest. Only the
 * current version travels through the sync feed; the history is asked for when shown.
 */
import { bidReceiptSchema, type BidReceipt } from '../../../shared/schemas/tender';
import { tenderQuestionSchema, type TenderQuestion } from '../../../shared/schemas/tender-question';
import { api } from './client';
import { useRemote } from '../useRemote';

export function useBidReceipts(bidId: string, version: string) {
  return useRemote<BidReceipt[]>(async () => bidReceiptSchema.array().parse((await api.get<unknown>(`/api/bids/${encodeURIComponent(bidId)}/receipts`)).data), [bidId, version]);
}

/**
 * A tender's questions, read online (GET /api/projects/:id/questions): who may see which,
 * and whether the asker is named, is the server's to decide per reader, so they are not
 * kept in the local store. `version` changes when this device's writes do (refetch then).
 */
export function useTenderQuestions(projectId: string, version: string, enabled: boolean) {
  return useRemote<TenderQuestion[] | null>(
    async () => (enabled ? tenderQuestionSchema.array().parse((await api.get<unknown>(`/api/projects/${encodeURIComponent(projectId)}/questions`)).data) : null),
    [projectId, version, enabled],
  );
}
