/**
 * Subscription writes a client may queue offline: the free trial, through the same service
 * function as POST /api/subscription/free-trial. Paying for a plan is not one: it goes to
 * the card gateway online (POST /api/subscription/subscribe).
 */
import { areaMutations } from '../sync/contracts';
import { startFreeTrial } from './service';

export const mutations = areaMutations({
  'subscription.free_trial': (trx, user, _args, deps) => startFreeTrial(trx, user, deps.clock.now()),
});
