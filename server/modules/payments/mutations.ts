/**
 * The payment writes a client may queue offline: a buyer records a transfer (of one invoice,
 * or one across several) where the signal is poor, a seller on a site with no signal confirms or disputes one. The same service
 * functions as the REST routes, with the invoice the queued answer names checked against the payment's.
 */
import { areaMutations } from '../sync/contracts';
import { confirmPayment, disputePayment, recordPayment } from './service';
import { recordTransfer } from './transfers';

export const mutations = areaMutations({
  'payment.record': (trx, user, { invoice_id, ...body }, deps) => recordPayment(trx, user, invoice_id, body, deps.clock.now()).then((r) => r.payment),
  'payment.confirm': (trx, user, { id, invoice_id }, deps) => confirmPayment(trx, user, id, deps.clock.now(), invoice_id),
  'payment.dispute': (trx, user, { id, invoice_id, reason }, deps) => disputePayment(trx, user, id, { reason }, deps.clock.now(), invoice_id),
  'payment.transfer': (trx, user, body, deps) => recordTransfer(trx, user, body, deps.clock.now()).then((r) => r.transfer),
});
