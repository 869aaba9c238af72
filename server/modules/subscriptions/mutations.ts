/**
 * Subscription writes a client may queue offline, through the same
 * service functions as POST /api/subscription/subscribe and /free-trial.
 */
import { defineMutation, type AreaMutations } from '../sync/contracts';
import { startFreeTrial, subscribe } from './service';

export const mutations = {
  'subscription.subscribe': defineMutation('subscription.subscribe', (trx, user, args) => subscribe(trx, user, args)),
  'subscription.free_trial': defineMutation('subscription.free_trial', (trx, user) => startFreeTrial(trx, user)),
} satisfies AreaMutations<'subscription.subscribe' | 'subscription.free_trial'>;
