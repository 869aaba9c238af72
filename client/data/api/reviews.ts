/**
 * Reviews over REST. A deal's review is double-blind, so nothing of it is in the offline
 * store: a company's published reviews and my company's review of a deal are asked for
 * when a screen shows them (the write itself goes through the outbox, review.create).
 */
import { z } from 'zod';
import { reviewMineSchema, reviewSchema, type Review, type ReviewMine } from '../../../shared/schemas/review';
import { LIST_MAX_LIMIT } from '../../../shared/constants';
import { api } from './client';
import { useRemote } from '../useRemote';

export type { Review, ReviewMine };

/** A company's published reviews (deal reviews first, then the legacy ones), and how many there are. */
export function useCompanyReviews(companyId: string) {
  return useRemote(async () => {
    const res = await api.get<unknown>('/api/reviews', { company_id: companyId, limit: LIST_MAX_LIMIT });
    return { items: z.array(reviewSchema).parse(res.data), total: res.total ?? 0 };
  }, [companyId]);
}

/** My company's review of a deal (published or waiting) and the products it may name; `reload` bumps to ask again. */
export function useMyDealReview(deal: { purchase_order_id: string } | { transport_request_id: string } | null, reload: unknown) {
  const key = deal ? JSON.stringify(deal) : '';
  return useRemote<ReviewMine | null>(async () => (deal ? reviewMineSchema.parse((await api.get<unknown>('/api/reviews/mine', deal)).data) : null), [key, reload]);
}
