/**
 * Clearance and reporting: a chained, signed document sent to ZATCA with the unit's
 * production credentials, cleared when it is a standard tax invoice or note, reported when
 * it is a simplified one (ZATCA wants those within 24 hours and returns nothing to keep:
 * the document stays as signed). ZATCA's answer decides it:
 * - cleared (or reported): the document ZATCA returns (with its stamp) replaces ours and is
 *   what is kept and served from then on; the buyer now sees it and is told;
 * - not cleared: ZATCA's messages are kept and shown to the seller, who corrects what
 *   they name and issues again (the refused document keeps its place in the chain);
 * - no answer (ZATCA unreachable, a timeout, its 5xx): the document stays pending and the
 *   clearance queue (clearance-queue.ts) sends it again later; nothing is lost or doubled,
 *   since ZATCA clears a document once by its hash and UUID.
 * Documents are sent by the queue's worker, never inside a request: a request that chains
 * one answers with it pending.
 */
import type { Knex } from 'knex';
import type { Language } from '../../../shared/constants';
import type { AppDeps } from '../../http/context';
import { recordChanges } from '../../db/changes';
import { purchaseOrderPolicy } from '../purchase-orders/policy';
import { notify } from '../notifications/notify';
import { unitCredentials } from '../e-invoicing/secrets';
import { ZatcaRefusal, messagesOf, zatcaApi, type DocumentAnswer } from '../e-invoicing/zatca-api';
import { invoicePolicy } from './policy';
import { displayName } from '../../db/party-name';
import type { InvoiceKind } from '../../../shared/schemas/invoice';

/** What the buyer is told of each kind of document ZATCA accepted. */
const ISSUED_KIND = { invoice: 'invoice.issued', credit_note: 'credit_note.issued', debit_note: 'debit_note.issued' } as const satisfies Record<InvoiceKind, string>;

/** What issuing needs: the configuration, the logger and, to be woken at once, this process's clearance worker. */
export type InvoiceDeps = Pick<AppDeps, 'config' | 'logger'> & Partial<Pick<AppDeps, 'clearance'>>;

/** What ZATCA made of one document: accepted, refused, or no answer (it stays pending); `decided` when it was not pending. */
export type ClearanceOutcome = 'accepted' | 'refused' | 'unanswered' | 'decided';

/**
 * Sends one document for clearance and records ZATCA's answer; a document already decided
 * is left as it is. ZATCA writes its messages in Arabic or English: the seller's, when they
 * read Arabic, since the messages are kept for them to act on.
 */
export async function clearDocument(knex: Knex, deps: InvoiceDeps, id: string, now: Date, language: Language = 'ar'): Promise<ClearanceOutcome> {
  const doc = await knex('invoices as inv')
    .join('einvoicing_units as u', 'u.id', 'inv.unit_id')
    .where('inv.id', id)
    .first('inv.id', 'inv.kind', 'inv.number', 'inv.status', 'inv.simplified', 'inv.hash', 'inv.xml', 'inv.seller_id', 'inv.buyer_id', 'inv.total', 'inv.purchase_order_id', 'u.company_id', 'u.private_key_encrypted', 'u.production_token', 'u.production_secret_encrypted');
  if (!doc || doc.status !== 'pending') return 'decided';
  const api = zatcaApi(deps.config, language === 'ar' ? 'ar' : 'en');
  const send = doc.simplified ? api.report : api.clear;
  let answer: DocumentAnswer;
  try {
    answer = await send(unitCredentials(doc, deps.config), { invoiceHash: doc.hash, uuid: doc.id, invoice: Buffer.from(doc.xml, 'utf8').toString('base64') });
  } catch (err) {
    if (!(err instanceof ZatcaRefusal)) {
      deps.logger.warn({ err, invoice: id }, `ZATCA ${doc.simplified ? 'reporting' : 'clearance'} did not answer; the invoice stays pending`);
      return 'unanswered';
    }
    // ZATCA refused the request itself (its credentials, its shape): sending it again changes nothing.
    answer = { validationResults: { infoMessages: [], warningMessages: [], errorMessages: err.messages, status: 'ERROR' } };
  }
  const cleared = doc.simplified ? answer.reportingStatus === 'REPORTED' : answer.clearanceStatus === 'CLEARED';
  const messages = messagesOf(answer);
  return knex.transaction(async (trx): Promise<ClearanceOutcome> => {
    const updated = await trx('invoices')
      .where({ id, status: 'pending' })
      .update({
        status: cleared ? (doc.simplified ? 'reported' : 'cleared') : 'rejected',
        messages: JSON.stringify(messages),
        ...(cleared && !doc.simplified && answer.clearedInvoice ? { xml: Buffer.from(answer.clearedInvoice, 'base64').toString('utf8') } : {}),
        // cleared_at: when ZATCA accepted it, cleared or reported.
        ...(cleared ? { cleared_at: now.toISOString() } : {}),
      });
    if (!updated) return 'decided';
    await recordChanges(trx, [{ entity: 'invoice', id, audiences: invoicePolicy.audiences(doc) }]);
    // A refused invoice no longer holds its order back from a cancel (its cancel_blocker): the parties' copies are told.
    if (!cleared && doc.kind === 'invoice' && doc.purchase_order_id) {
      await recordChanges(trx, [{ entity: 'purchase_order', id: doc.purchase_order_id, audiences: purchaseOrderPolicy.audiences(doc) }]);
    }
    if (cleared) {
      await notify(trx, {
        to: [doc.buyer_id],
        kind: ISSUED_KIND[doc.kind as InvoiceKind],
        params: { number: doc.number, company: await displayName(trx, doc.seller_id), amount: Number(doc.total), invoice_id: id },
      });
    }
    return cleared ? 'accepted' : 'refused';
  });
}
