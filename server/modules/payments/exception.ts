/**
 * Paying an invoice whose three-way match reads exception (server/modules/invoices/match.ts):
 * the buyer is told what does not match (409 invoice_in_exception, each line and why in
 * details) and pays it only by saying so (accept_exception: true). The first such payment
 * stamps the invoice (exception_accepted_at/by, once), and the match shows who accepted it
 * and when; later payments of the invoice go through without asking again. The rule holds
 * for a transfer recorded (REST and sync), a transfer across invoices, and a card payment
 * started; a debit note or a plan's invoice has no match and is never held.
 */
import type { Knex } from 'knex';
import { invoiceInException } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import { exceptionsOf } from '../invoices/match';

export async function assertPayableInException(db: Knex, user: SessionUser, invoiceId: string, accept: boolean | undefined, now: Date): Promise<void> {
  const inv = await db('invoices').where({ id: invoiceId }).first('exception_accepted_at');
  if (!inv || inv.exception_accepted_at) return;
  const details = await exceptionsOf(db, invoiceId);
  if (details.length === 0) return;
  if (!accept) throw invoiceInException(details);
  await db('invoices').where({ id: invoiceId }).whereNull('exception_accepted_at').update({ exception_accepted_at: now.toISOString(), exception_accepted_by: user.id });
}
