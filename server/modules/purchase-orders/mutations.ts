/** The purchase-order actions a client may queue offline: the same service function as the routes, the order's id as `id`. */
import { areaMutations } from '../sync/contracts';
import { wakeAfterCommit } from '../../db/after-commit';
import { actOnPurchaseOrder } from './service';

export const mutations = areaMutations({
  'purchase_order.accept': (trx, user, args, deps) => actOnPurchaseOrder(trx, user, 'accept', args, deps.clock.now()),
  'purchase_order.decline': (trx, user, args, deps) => actOnPurchaseOrder(trx, user, 'decline', args, deps.clock.now()),
  'purchase_order.cancel': (trx, user, args, deps) => actOnPurchaseOrder(trx, user, 'cancel', args, deps.clock.now()),
  'purchase_order.deliver': (trx, user, args, deps) => actOnPurchaseOrder(trx, user, 'deliver', args, deps.clock.now()),
  // A close settles the deal: its update queues the seller's scorecard (a trigger), measured once it commits.
  'purchase_order.close': (trx, user, args, deps) => {
    wakeAfterCommit(trx, deps.scorecards);
    return actOnPurchaseOrder(trx, user, 'close', args, deps.clock.now());
  },
  'purchase_order.close_short': (trx, user, args, deps) => {
    wakeAfterCommit(trx, deps.scorecards);
    return actOnPurchaseOrder(trx, user, 'close_short', args, deps.clock.now());
  },
});
