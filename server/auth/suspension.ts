/**
 * The one rule of a suspended company (an admin's suspension, admin/suspensions.ts): it
 * starts no new deal. Every service that starts or changes an offer to deal calls this
 * first, so REST and the sync push refuse alike (403 company_suspended): posting or
 * editing products, RFQs, projects, instant orders, transport requests; quoting an RFQ,
 * bidding on a tender, offering on an instant order or a transport request; placing an
 * order, awarding or accepting an offer. What it already owes is not checked and goes on:
 * deliveries, receipts, invoices, credit notes, payments, disputes, reviews, its account
 * and data export.
 *
 * It costs no read of its own: the session user's load (session-user.ts) already joins
 * the company's profile and carries its suspended_at.
 */
import { companySuspended } from '../../shared/errors';
import type { SessionUser } from './session-user';

export function assertNotSuspended(user: Pick<SessionUser, 'suspended_at'>): void {
  if (user.suspended_at) throw companySuspended();
}
