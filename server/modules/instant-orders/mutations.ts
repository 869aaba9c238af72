/**
 * The instant order and offer writes a client may queue offline. Each
 * runs the same service function as its REST route; the args (shared/mutations.ts) are
 * the route's body plus the order's id from its path, as `id`.
 */
import { areaMutations } from '../sync/contracts';
import { acceptOffer, cancelInstantOrder, createInstantOrder } from './service';
import { submitOffer } from './responses';

export const mutations = areaMutations({
  'instant_order.create': async (trx, user, args) => (await createInstantOrder(trx, user, args)).row,
  'instant_order.accept': (trx, user, args, deps) => acceptOffer(trx, user, args, deps.clock.now()),
  'instant_order.cancel': cancelInstantOrder,
  'instant_order_response.create': async (trx, user, args) => (await submitOffer(trx, user, args)).row,
});
