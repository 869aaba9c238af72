/**
 * The review write a client may queue offline: the same service
 * function as POST /api/reviews.
 */
import { defineMutation, type AreaMutations } from '../sync/contracts';
import { createReview } from './service';

export const mutations = {
  'review.create': defineMutation('review.create', async (trx, user, args) => (await createReview(trx, user, args)).row),
} satisfies AreaMutations<'review.create'>;
