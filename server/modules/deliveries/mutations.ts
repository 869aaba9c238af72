/**
 * The delivery writes a client may queue offline (a driver's phone loses its signal on the
 * road): the same service functions as the REST routes. delivery.assign's id is the
 * transport request's; the others' the delivery's.
 */
import { areaMutations } from '../sync/contracts';
import { assignDelivery, confirmDelivery, recordStep, reportProblem } from './service';

export const mutations = areaMutations({
  'delivery.assign': (trx, user, { id, ...body }) => assignDelivery(trx, user, id, body),
  'delivery.step': (trx, user, { id, ...step }) => recordStep(trx, user, id, step),
  'delivery.confirm': (trx, user, args) => confirmDelivery(trx, user, args),
  'delivery.problem': (trx, user, args) => reportProblem(trx, user, args),
});
