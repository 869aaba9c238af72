/** The goods receipt a site's phone may queue offline: the same service function as the route, the order named by purchase_order_id. */
import { areaMutations } from '../sync/contracts';
import { wakeAfterCommit } from '../../db/after-commit';
import { recordReceipt } from './service';

export const mutations = areaMutations({
  'goods_receipt.record': (trx, user, { purchase_order_id, ...body }, deps) => {
    wakeAfterCommit(trx, deps.scorecards); // the receipt queued its seller's scorecard
    return recordReceipt(trx, user, purchase_order_id, body, deps.clock.now());
  },
});
