/**
 * A person deletes their own account (DELETE /api/account): what goes, what the law keeps.
 *
 * - Refused: a wrong confirmation (account_confirmation_mismatch), the site owner
 *   (owner_protected: the admin panel is never left without them), and a company's owner
 *   while anyone else still acts for the company (company_has_members): the company's
 *   orders, invoices and team are the others' work too, and there is no one to hand them
 *   to; the owner removes the others first.
 * - The person: their users row keeps its id (the rows that name it stay whole) and loses
 *   everything that says who they were: the email becomes a placeholder, the name, the
 *   sign-in identity and the guide mark go. A later sign-in with the same provider is a
 *   new account. Their membership ends (a member or a driver leaves the company, whose
 *   records stay the company's; a driver's open jobs go back to the company), their push
 *   devices, preferences and login codes are deleted, and their sessions become
 *   tombstones: no longer anyone's, answering account_deleted until they would have
 *   expired, so every device of theirs drops its local copy when it next connects
 *   (the sync's 401 and GET /api/session say so; http/session-user.ts).
 * - A company that goes with its last person: its profile keeps only what is no one's
 *   (role, tier, ratings) and loses its name, contacts and registration numbers; its
 *   listings are withdrawn as an admin's removal withdraws them, and every device that
 *   shows them hears of it. Its tax documents and payments stay, with the names they were
 *   issued under (invoices carry the seller's and the buyer's tax profile as issued), the
 *   counterparty still sees them, and each is marked retained until VAT law lets it go
 *   (retention.ts sweeps it then).
 * - The audit trail gets its row (account.delete) in the same transaction: the person's id
 *   and company, never their name or email.
 * - People hold no files of their own (photos are of orders and deliveries, the
 *   company's records), so there is no file to remove.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { accountConfirmationMismatch, companyHasMembers, ownerProtected } from '../../../shared/errors';
import { confirmsDeletion, VAT_RETENTION_YEARS } from '../../../shared/schemas/account-deletion';
import { recordChanges } from '../../db/changes';
import { rowsAroundUser, rowsOfUser } from '../profiles/cascade';
import { profilePolicy } from '../profiles/policy';
import { subscriptionPolicy } from '../subscriptions/policy';
import { releaseDriverJobs } from '../deliveries/release';
import { recordAudit } from '../audit/record';
import { RIYADH_ZONE } from '../../../shared/riyadh';

/** The placeholder a deleted person's email becomes (unique, as the column must be, and no one's). */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/** The session data a deleted person's sessions keep: no user, the mark, and koa-session's own expiry. */
const TOMBSTONE_SQL = `jsonb_build_object('accountDeleted', true, '_expire', data->'_expire', '_maxAge', data->'_maxAge')`;

export async function deleteAccount(trx: Knex.Transaction, user: SessionUser, confirm: string): Promise<void> {
  if (!confirmsDeletion(confirm, user.email)) throw accountConfirmationMismatch();
  if (user.is_owner) throw ownerProtected('The site owner cannot be deleted');
  await trx('users').where({ id: user.id }).forUpdate().first('id');
  const companyGoes = user.member_role === 'owner' || (!user.company_id && (await trx('profiles').where({ user_id: user.id }).first('user_id')));
  if (companyGoes) {
    const others = await trx('company_members').where({ company_id: user.id }).whereNot({ user_id: user.id }).forUpdate().first('user_id');
    if (others) throw companyHasMembers();
    await endCompany(trx, user.id);
  } else if (user.company_id && user.member_role === 'driver') {
    await releaseDriverJobs(trx, user.company_id, user.id);
  }

  await trx('company_members').where({ user_id: user.id }).delete();
  await trx('push_subscriptions').where({ user_id: user.id }).delete();
  await trx('push_preferences').where({ user_id: user.id }).delete();
  await trx('login_codes').where({ user_id: user.id }).delete();
  await trx('sessions').where({ user_id: user.id }).update({ user_id: null, data: trx.raw(TOMBSTONE_SQL) });
  await trx('users')
    .where({ id: user.id })
    .update({
      email: deletedEmail(user.id),
      name: null,
      provider: null,
      provider_subject: null,
      is_admin: false,
      guide_seen_at: null,
      deleted_at: trx.fn.now(),
    });
  // In the deletion's transaction, late (the chain's lock is held to commit); what changed, never who they were.
  await recordAudit(trx, {
    actor: user,
    action: 'account.delete',
    record_type: 'user',
    record_id: user.id,
    changes: { deleted: [false, true], ...(companyGoes ? { company_ended: [false, true] as [unknown, unknown] } : {}) },
  });
}

/** The company whose last person goes: its listings withdrawn, its profile anonymised, its tax records retained. */
async function endCompany(trx: Knex.Transaction, companyId: string): Promise<void> {
  // Collected while the listings are live, so the joins find them (as an admin's removal does).
  const changes = [
    ...(await rowsOfUser(trx, companyId, 'delete')),
    ...(await rowsAroundUser(trx, companyId)),
    { entity: 'profile' as const, id: companyId, op: 'delete' as const, audiences: profilePolicy.audiences({ user_id: companyId }) },
    { entity: 'subscription' as const, id: companyId, op: 'delete' as const, audiences: subscriptionPolicy.audiences({ user_id: companyId }) },
  ];
  const now = trx.fn.now();
  await trx('products').where({ supplier_id: companyId }).whereNull('deleted_at').update({ deleted_at: now });
  await trx('projects').where({ government_id: companyId }).whereNull('deleted_at').update({ deleted_at: now });
  await trx('instant_orders').where({ contractor_id: companyId }).whereNull('deleted_at').update({ deleted_at: now });
  await trx('transport_requests').where({ requester_id: companyId }).whereNull('deleted_at').update({ deleted_at: now });
  await trx('profiles')
    .where({ user_id: companyId })
    .update({ company_name: null, phone: null, address: null, city: null, state: null, zip_code: null, website: null, description: null, cr_number: null, vat_number: null });
  await trx('notifications').where({ user_id: companyId }).delete();
  await retainTaxRecords(trx, companyId);
  await recordChanges(trx, changes);
}

/** The company's invoices, credit notes and payments, either side, kept until their day plus the VAT period (Riyadh days). */
async function retainTaxRecords(trx: Knex.Transaction, companyId: string): Promise<void> {
  const years = `interval '${VAT_RETENTION_YEARS} years'`;
  await trx('invoices')
    .where((q) => q.where({ seller_id: companyId }).orWhere({ buyer_id: companyId }))
    .update({ retained_until: trx.raw(`((issued_at at time zone ?)::date + ${years})::date`, [RIYADH_ZONE]) });
  await trx('payments')
    .where((q) => q.where({ payer_id: companyId }).orWhere({ payee_id: companyId }))
    .update({ retained_until: trx.raw(`(paid_on + ${years})::date`) });
}
