/**
 * The instant order and offer writes a client may queue offline. Each
 * runs the same service function as its REST route; the args (shared/mutations.ts) are
 * the route's body plus the order's id from its path, as `id`.
 */
import { areaMutations } from '../sync/contracts';
import { acceptOffer, cancelInstantOrder, createInstantOrder } from './service';
import { submitOffer } from './responses';
import { instantOrderFromRequest } from './from-request';

export const mutations = areaMutations({
  'instant_order.create': async (trx, user, args, deps) => (await createInstantOrder(trx, user, args, deps.clock.now())).row,
  'instant_order.accept': (trx, user, args, deps) => acceptOffer(trx, user, args, deps.clock.now()),
  'instant_order.cancel': (trx, user, args, deps) => cancelInstantOrder(trx, user, args, deps.clock.now()),
  'purchase_request.instant_order': async (trx, user, args, deps) => (await instantOrderFromRequest(trx, user, args, deps.clock.now())).row,
  'instant_order_response.create': async (trx, user, args, deps) => (await submitOffer(trx, user, args, deps.clock.now())).row,
});
