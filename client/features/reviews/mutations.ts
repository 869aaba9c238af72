/** Reviews through the outbox: the target's average and count move at once (data/effects/reviews.ts). */
import { useCallback } from 'react';
import type { ReviewCreateInput } from '../../../shared/schemas/review';
import { useMutate } from '../../data/local/hooks';

export function useReviewWrite() {
  const mutate = useMutate();
  return useCallback((input: Omit<ReviewCreateInput, 'id'>) => mutate('review.create', { ...input, id: crypto.randomUUID() }), [mutate]);
}
