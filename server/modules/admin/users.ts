/**
 * An admin's changes to users: the admin flag, and deleting a user (the verification
 * tier is earned, never set here: shared/tiers.ts). Deleting is a soft delete and also a
 * ban (the sign-in refuses a deleted user):
 * their sessions end at once, their listings (products, projects, instant orders,
 * transport requests) are soft-deleted with them, and every client holding one of their
 * rows, or a row that counted their bids and offers, hears of it through the change log.
 *
 * Refused: deleting yourself (cannot_delete_self), removing your own admin flag
 * (cannot_demote_self), and deleting or demoting the site owner (owner_protected), so
 * the panel can never be left without the person who runs the site.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { AdminUser, AdminUserPatch } from '../../../shared/schemas/admin';
import { cannotDeleteSelf, cannotDemoteSelf, notFound, ownerProtected } from '../../../shared/errors';
import { recordChanges } from '../../db/changes';
import { rowsAroundUser, rowsOfUser } from '../profiles/cascade';
import { assertAdmin, userQuery } from './lists';
import { profilePolicy } from '../profiles/policy';
import { subscriptionPolicy } from '../subscriptions/policy';
import { recordAudit } from '../audit/record';

interface LockedUser {
  id: string;
  email: string;
  is_admin: boolean;
  /** their company (for the audit row), null when in none */
  company_id: string | null;
}

async function lockUser(trx: Knex.Transaction, id: string): Promise<LockedUser> {
  const row = await trx('users as u')
    .leftJoin('company_members as m', 'm.user_id', 'u.id')
    .where('u.id', id)
    .whereNull('u.deleted_at')
    .forUpdate('u')
    .first('u.id', 'u.email', 'u.is_admin', 'm.company_id');
  if (!row) throw notFound('User');
  return row;
}

const isOwner = (user: LockedUser, ownerEmail: string | undefined) =>
  !!ownerEmail && user.email.toLowerCase() === ownerEmail.toLowerCase();

export async function updateUser(
  trx: Knex.Transaction,
  admin: SessionUser,
  userId: string,
  patch: AdminUserPatch,
  ownerEmail: string | undefined,
): Promise<AdminUser> {
  assertAdmin(admin);
  const target = await lockUser(trx, userId);
  if (patch.is_admin === false) {
    if (target.id === admin.id) throw cannotDemoteSelf();
    if (isOwner(target, ownerEmail)) throw ownerProtected('The site owner stays an admin');
  }
  if (patch.is_admin !== undefined) await trx('users').where({ id: userId }).update({ is_admin: patch.is_admin });
  await recordAudit(trx, {
    actor: admin,
    company_id: target.company_id,
    action: 'admin.user_update',
    record_type: 'user',
    record_id: userId,
    changes: patch.is_admin !== undefined ? { is_admin: [target.is_admin, patch.is_admin] } : {},
  });
  return userQuery(trx, ownerEmail).where('u.id', userId).first();
}

export async function deleteUser(
  trx: Knex.Transaction,
  admin: SessionUser,
  userId: string,
  ownerEmail: string | undefined,
): Promise<void> {
  assertAdmin(admin);
  if (userId === admin.id) throw cannotDeleteSelf();
  const target = await lockUser(trx, userId);
  if (isOwner(target, ownerEmail)) throw ownerProtected('The site owner cannot be deleted');

  // Collected while the user and their listings are still live, so the joins find them.
  const changes = [
    ...(await rowsOfUser(trx, userId, 'delete')),
    ...(await rowsAroundUser(trx, userId)),
    { entity: 'profile' as const, id: userId, op: 'delete' as const, audiences: profilePolicy.audiences({ user_id: userId }) },
    { entity: 'subscription' as const, id: userId, op: 'delete' as const, audiences: subscriptionPolicy.audiences({ user_id: userId }) },
  ];
  const now = trx.fn.now();
  await trx('users').where({ id: userId }).update({ deleted_at: now });
  await trx('sessions').where({ user_id: userId }).delete();
  await recordAudit(trx, { actor: admin, company_id: target.company_id, action: 'admin.user_delete', record_type: 'user', record_id: userId, changes: { deleted: [false, true] } });
  await trx('products').where({ supplier_id: userId }).whereNull('deleted_at').update({ deleted_at: now });
  await trx('projects').where({ government_id: userId }).whereNull('deleted_at').update({ deleted_at: now });
  await trx('instant_orders').where({ contractor_id: userId }).whereNull('deleted_at').update({ deleted_at: now });
  await trx('transport_requests').where({ requester_id: userId }).whereNull('deleted_at').update({ deleted_at: now });
  await recordChanges(trx, changes);
}
