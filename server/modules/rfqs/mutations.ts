/**
 * The RFQ and quote writes a client may queue offline. Each runs the same service
 * function as its REST route; the args (shared/mutations.ts) are the route's body plus
 * the id its path carries (the RFQ's as `id`, or as `rfq_id` for a quote, whose own id is `id`).
 */
import { areaMutations } from '../sync/contracts';
import { wakeAfterCommit } from '../../db/after-commit';
import { awardRfq } from './award';
import { rfqFromRequest } from './from-request';
import { submitQuote } from './quotes';
import { cancelRfq, createRfq, updateRfq } from './service';

export const mutations = areaMutations({
  'rfq.create': async (trx, user, args, deps) => (await createRfq(trx, user, args, deps.clock.now())).row,
  'rfq.cancel': (trx, user, args, deps) => cancelRfq(trx, user, args, deps.clock.now()),
  'rfq.update': (trx, user, args, deps) => updateRfq(trx, user, args, deps.clock.now()),
  'rfq.award': (trx, user, args, deps) => awardRfq(trx, user, args, deps.clock.now()),
  'purchase_request.rfq': async (trx, user, args, deps) => (await rfqFromRequest(trx, user, args, deps.clock.now())).row,
  'rfq_quote.submit': async (trx, user, args, deps) => {
    wakeAfterCommit(trx, deps.scorecards); // a first quote queues its supplier's scorecard (its quoting time)
    return (await submitQuote(trx, user, args, deps.clock.now())).row;
  },
});
