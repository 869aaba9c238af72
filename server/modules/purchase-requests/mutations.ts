/** The purchase-request writes a phone may queue offline: the same service functions as the routes, the request named by id. */
import { areaMutations } from '../sync/contracts';
import { createRequest, decideRequest } from './service';

export const mutations = areaMutations({
  'purchase_request.create': (trx, user, args, deps) => createRequest(trx, user, args, deps.clock.now()),
  'purchase_request.approve': (trx, user, { id }, deps) => decideRequest(trx, user, id, { decision: 'approved' }, deps.clock.now()),
  'purchase_request.reject': (trx, user, { id, reason }, deps) => decideRequest(trx, user, id, { decision: 'rejected', reason }, deps.clock.now()),
});
