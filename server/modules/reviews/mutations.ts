/**
 * The review write a client may queue offline: the same service
 * function as POST /api/reviews, at the app's clock.
 */
import { areaMutations } from '../sync/contracts';
import { createReview } from './service';

export const mutations = areaMutations({
  'review.create': async (trx, user, args, deps) => (await createReview(trx, user, args, deps.clock.now())).row,
});
