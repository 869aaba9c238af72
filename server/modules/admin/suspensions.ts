/**
 * An admin suspends a company, with a reason its members see, and lifts the suspension.
 * A company is its account: the profile of its founder (profiles.user_id, the account id
 * every owner column holds). The suspension lives on that profile row, so:
 * - the rule (server/auth/suspension.ts) reads it from the session user's load, no read of its own;
 * - every member's device holds it (the profile reaches the company's account audience)
 *   and shows the banner offline;
 * - its members are told by a notification to the account (which every member reads), with
 *   the reason, and again when it is lifted.
 *
 * Refused like deleting a user: your own company (cannot_suspend_self) and the site
 * owner's (owner_protected), so the panel is never left with nobody able to deal.
 * Suspending again changes the reason and keeps when it began; lifting one that is not
 * suspended changes nothing. Both are audited.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { CompanySuspend, CompanySuspension } from '../../../shared/schemas/company-suspension';
import { cannotSuspendSelf, notFound, ownerProtected } from '../../../shared/errors';
import { recordChanges } from '../../db/changes';
import { profilePolicy } from '../profiles/policy';
import { recordAudit } from '../audit/record';
import { notify } from '../notifications/notify';
import { assertAdmin } from './lists';

interface LockedCompany {
  user_id: string;
  company_name: string | null;
  suspended_at: Date | null;
  suspension_reason: string | null;
  suspended_by: string | null;
}

async function lockCompany(trx: Knex.Transaction, companyId: string): Promise<LockedCompany> {
  const row = await trx('profiles as p')
    .join('users as u', 'u.id', 'p.user_id')
    .where('p.user_id', companyId)
    .whereNull('u.deleted_at')
    .forUpdate('p')
    .first('p.user_id', 'p.company_name', 'p.suspended_at', 'p.suspension_reason', 'p.suspended_by');
  if (!row) throw notFound('Company');
  return row;
}

/** Everyone who acts for the company: its founder and its members, drivers included. */
function peopleOf(trx: Knex.Transaction, companyId: string): Knex.QueryBuilder {
  return trx('users as u')
    .leftJoin('company_members as m', 'm.user_id', 'u.id')
    .whereRaw('coalesce(m.company_id, u.id) = ?', [companyId])
    .whereNull('u.deleted_at');
}

async function refuseProtected(trx: Knex.Transaction, admin: SessionUser, companyId: string, ownerEmail: string | undefined): Promise<void> {
  if (companyId === admin.account_id || companyId === admin.company_id) throw cannotSuspendSelf();
  if (!ownerEmail) return;
  const owner = await peopleOf(trx, companyId).whereRaw('lower(u.email) = ?', [ownerEmail.toLowerCase()]).first('u.id');
  if (owner) throw ownerProtected("The site owner's company cannot be suspended");
}

const asSuspension = (row: Pick<LockedCompany, 'suspended_at' | 'suspension_reason' | 'suspended_by'>): CompanySuspension => ({
  suspended_at: (row.suspended_at as Date).toISOString(),
  reason: row.suspension_reason as string,
  suspended_by: row.suspended_by,
});

async function tellCompany(trx: Knex.Transaction, companyId: string): Promise<void> {
  await recordChanges(trx, [{ entity: 'profile', id: companyId, audiences: profilePolicy.audiences({ user_id: companyId }) }]);
}

export async function suspendCompany(
  trx: Knex.Transaction,
  admin: SessionUser,
  companyId: string,
  input: CompanySuspend,
  ownerEmail: string | undefined,
  now: Date,
): Promise<CompanySuspension> {
  assertAdmin(admin);
  await refuseProtected(trx, admin, companyId, ownerEmail);
  const before = await lockCompany(trx, companyId);
  const [after] = await trx('profiles')
    .where({ user_id: companyId })
    .update({ suspended_at: before.suspended_at ?? now, suspension_reason: input.reason, suspended_by: admin.id })
    .returning(['suspended_at', 'suspension_reason', 'suspended_by']);
  await tellCompany(trx, companyId);
  await notify(trx, { to: [companyId], kind: 'company.suspended', priority: 'high', params: { company: before.company_name ?? '', reason: input.reason } });
  await recordAudit(trx, {
    actor: admin,
    company_id: companyId,
    action: 'admin.company_suspend',
    record_type: 'company',
    record_id: companyId,
    changes: { suspended: [!!before.suspended_at, true], suspension_reason: [before.suspension_reason, input.reason] },
  });
  return asSuspension(after);
}

export async function liftSuspension(trx: Knex.Transaction, admin: SessionUser, companyId: string): Promise<void> {
  assertAdmin(admin);
  const before = await lockCompany(trx, companyId);
  if (!before.suspended_at) return;
  await trx('profiles').where({ user_id: companyId }).update({ suspended_at: null, suspension_reason: null, suspended_by: null });
  await tellCompany(trx, companyId);
  await notify(trx, { to: [companyId], kind: 'company.suspension_lifted', params: { company: before.company_name ?? '' } });
  await recordAudit(trx, {
    actor: admin,
    company_id: companyId,
    action: 'admin.company_unsuspend',
    record_type: 'company',
    record_id: companyId,
    changes: { suspended: [true, false], suspension_reason: [before.suspension_reason, null] },
  });
}

/** Whether a company is suspended, for anyone (its public page): never the reason, which is its own. */
export async function companyStanding(knex: Knex, companyId: string): Promise<{ suspended: boolean }> {
  const row = await knex('profiles as p')
    .join('users as u', 'u.id', 'p.user_id')
    .where('p.user_id', companyId)
    .whereNull('u.deleted_at')
    .first('p.suspended_at');
  if (!row) throw notFound('Company');
  return { suspended: !!row.suspended_at };
}
