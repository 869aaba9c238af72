/**
 * Local effect of a review (see types.ts): none. A review of a deal is double-blind, so it
 * moves no average and shows on no public list until the server publishes it (the other
 * party reviewed too, or the blind days passed); until it is sent, its author sees it
 * waiting in the outbox (features/reviews/DealReview.tsx).
 */
import type { EffectTable } from './types';

export const reviewEffects: Pick<EffectTable, 'review.create'> = {
  'review.create': {
    keys: async () => [],
    apply() {},
  },
};
