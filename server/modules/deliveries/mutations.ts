/**
 * The delivery writes a client may queue offline (a driver's phone loses its signal on the
 * road): the same service functions as the REST routes. delivery.assign's id is the
 * transport request's; the others' the delivery's.
 */
import { areaMutations } from '../sync/contracts';
import { assignDelivery, confirmDelivery, recordStep, reportProblem } from './service';

export const mutations = areaMutations({
  'delivery.assign': (trx, user, { id, ...body }, deps) => assignDelivery(trx, user, id, body, deps),
  'delivery.step': (trx, user, { id, ...step }, deps) => recordStep(trx, user, id, step, deps),
  'delivery.confirm': confirmDelivery,
  'delivery.problem': reportProblem,
});
