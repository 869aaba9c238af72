/**
 * The review write a client may queue offline (DESIGN section 10): the same service
 * function as POST /api/reviews.
 */
import { defineMutation, type MutationTable } from '../sync/contracts';
import { reviewCreateSchema } from '../../../shared/schemas/review';
import { createReview } from './service';

export const mutations: MutationTable = {
  'review.create': defineMutation({
    schema: reviewCreateSchema,
    run: async (trx, user, args) => (await createReview(trx, user, args)).row,
  }),
};
