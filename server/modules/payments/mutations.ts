/** The payment writes a client may queue offline: a buyer records a transfer where the signal is poor. */
import { areaMutations } from '../sync/contracts';
import { recordPayment } from './service';

export const mutations = areaMutations({
  'payment.record': (trx, user, { invoice_id, ...body }, deps) => recordPayment(trx, user, invoice_id, body, deps.clock.now()).then((r) => r.payment),
});
