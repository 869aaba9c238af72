/**
 * Subscription writes a client may queue offline (DESIGN section 10), through the same
 * service functions as POST /api/subscription/subscribe and /free-trial.
 */
import { defineMutation, type MutationTable } from '../sync/contracts';
import { freeTrialSchema, subscribeSchema } from '../../../shared/schemas/subscription';
import { startFreeTrial, subscribe } from './service';

export const mutations: MutationTable = {
  'subscription.subscribe': defineMutation({
    schema: subscribeSchema,
    run: (trx, user, args) => subscribe(trx, user, args),
  }),
  'subscription.free_trial': defineMutation({
    schema: freeTrialSchema,
    run: (trx, user) => startFreeTrial(trx, user),
  }),
};
