/**
 * Subscription writes a client may queue offline, through the same
 * service functions as POST /api/subscription/subscribe and /free-trial.
 */
import { areaMutations } from '../sync/contracts';
import { startFreeTrial, subscribe } from './service';

export const mutations = areaMutations({
  'subscription.subscribe': (trx, user, args) => subscribe(trx, user, args),
  'subscription.free_trial': (trx, user) => startFreeTrial(trx, user),
});
