/**
 * The dispute moves a client may queue offline: the same service functions as the routes.
 * A credit note issued here is cleared by the clearance queue's next round (the push has no
 * clearance handle to wake it at once).
 */
import pino from 'pino';
import { areaMutations, type MutationDeps } from '../sync/contracts';
import { wakeAfterCommit } from '../../db/after-commit';
import type { InvoiceDeps } from '../invoices/clearance';
import { answerDispute, openDispute } from './service';

/** issueCreditNoteIn logs nothing; the push hands no logger, so a silent one stands in. */
const silent = pino({ level: 'silent' });
const invoiceDeps = (deps: MutationDeps): InvoiceDeps => ({ config: deps.config, logger: silent });

// Each move queues the seller's scorecard (a trigger on disputes), measured once the push commits.
export const mutations = areaMutations({
  'dispute.open': (trx, user, { purchase_order_id, ...body }, deps) => {
    wakeAfterCommit(trx, deps.scorecards);
    return openDispute(trx, user, purchase_order_id, body, deps.clock.now()).then((r) => r.dispute);
  },
  'dispute.accept': (trx, user, { id, remedy }, deps) => {
    wakeAfterCommit(trx, deps.scorecards);
    return answerDispute(trx, invoiceDeps(deps), user, id, { action: 'accept', remedy }, deps.clock.now());
  },
  'dispute.reject': (trx, user, { id, reason }, deps) => {
    wakeAfterCommit(trx, deps.scorecards);
    return answerDispute(trx, invoiceDeps(deps), user, id, { action: 'reject', reason }, deps.clock.now());
  },
});
