/** A deal's review through the outbox (no local effect: it stays hidden until the server publishes it, data/effects/reviews.ts). */
import { useCallback } from 'react';
import type { ReviewCreateInput } from '../../../shared/schemas/review';
import { useMutate } from '../../data/local/hooks';

/** The deal a review is of: its purchase order or its transport request. */
export type DealRef = { purchase_order_id: string } | { transport_request_id: string };

export function useReviewWrite() {
  const mutate = useMutate();
  return useCallback((input: Omit<ReviewCreateInput, 'id'>) => mutate('review.create', { ...input, id: crypto.randomUUID() }), [mutate]);
}
