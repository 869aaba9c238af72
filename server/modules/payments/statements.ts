/**
 * Statements of account: the cleared documents the reader may see with one counterparty
 * (or all, for the list and the overdue), read as the invoices' REST rows and summed by
 * shared/payments.ts, the same functions the client runs over its synced copy.
 */
import { ACCEPTED_INVOICE_STATUSES } from '../../../shared/schemas/invoice';
import type { Knex } from 'knex';
import { counterpartiesOf, overdueOf, statementOf } from '../../../shared/payments';
import { riyadhDay } from '../../../shared/riyadh';
import type { CounterpartySummary, Overdue, Statement } from '../../../shared/schemas/payment';
import type { SessionUser } from '../../auth/session-user';
import { invoicePolicy } from '../invoices/policy';
import { invoiceQuery, readInvoices } from '../invoices/queries';

function clearedDocuments(db: Knex, user: SessionUser, now: Date, counterparty?: string) {
  const q = invoicePolicy.visible(invoiceQuery(db), user).whereIn('inv.status', ACCEPTED_INVOICE_STATUSES);
  if (counterparty) {
    q.where((w) =>
      w.where({ 'inv.seller_id': user.account_id, 'inv.buyer_id': counterparty }).orWhere({ 'inv.buyer_id': user.account_id, 'inv.seller_id': counterparty }),
    );
  }
  return readInvoices(q, now);
}

/** GET /api/statements?counterparty=: a counterparty the reader has no document with gets an empty statement. */
export async function statementWith(db: Knex, user: SessionUser, counterparty: string, now: Date): Promise<Statement> {
  return statementOf(await clearedDocuments(db, user, now, counterparty), user.account_id, counterparty, riyadhDay(now));
}

/** GET /api/statements/counterparties. */
export async function counterparties(db: Knex, user: SessionUser, now: Date): Promise<CounterpartySummary[]> {
  return counterpartiesOf(await clearedDocuments(db, user, now), user.account_id, riyadhDay(now));
}

/** GET /api/statements/overdue: the reader's invoices as seller that are past due, per buyer. */
export async function overdue(db: Knex, user: SessionUser, now: Date): Promise<Overdue> {
  return overdueOf(await clearedDocuments(db, user, now), user.account_id, riyadhDay(now));
}
