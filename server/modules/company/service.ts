/**
 * Company teams: invites and members. A company is its founder's account (the owner's
 * user id, which every owner column of the marketplace holds); its people act as that
 * account (SessionUser.account_id), except drivers, who act only as themselves.
 *
 * Only the owner invites, revokes and removes; owner and members see the team; a driver
 * sees none of it. An invite is a one-time link: 256 random bits of which only the hash is
 * stored, valid INVITE_TTL_DAYS, used once, revocable. Joining is for a person in no
 * company (no profile of their own, no membership): moving a company's history to another
 * company is not something a link should do.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { roleOf } from '../../auth/guards';
import { INVITE_TTL_DAYS } from '../../../shared/constants';
import type { CompanyInvite, CompanyInviteCreate, CompanyInviteCreated, CompanyInvitePreview, CompanyJoined, CompanyMember } from '../../../shared/schemas/company';
import {
  alreadyInCompany,
  cannotRemoveOwner,
  driverNeedsTransport,
  forbidden,
  inviteExpired,
  inviteNotFound,
  inviteUsed,
  notFound,
  ownerOnly,
  profileRequired,
} from '../../../shared/errors';
import { releaseDriverJobs } from '../deliveries/release';
import { recordAudit } from '../audit/record';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The caller's company; an admin's account is not a company with a team. */
function companyOf(user: SessionUser): string {
  if (!user.company_id) throw profileRequired();
  if (roleOf(user) === 'admin') throw forbidden('Admin accounts have no team');
  return user.company_id;
}

/** The caller must own a company (have finished setup as its founder). */
export function assertCompanyOwner(user: SessionUser): string {
  const companyId = companyOf(user);
  if (user.member_role !== 'owner') throw ownerOnly();
  return companyId;
}

/** Owner and members see the team; drivers do not. */
export function assertTeamReader(user: SessionUser): string {
  if (user.member_role === 'driver') throw forbidden('Drivers do not see the team');
  return companyOf(user);
}

const inviteColumns = (db: Knex) => [
  'i.id',
  'i.role',
  'i.expires_at',
  'i.created_at',
  db.raw('u.name as created_by_name'),
];

/** `now`: the app's time (server/clock.ts), here and in the functions below. */
export async function createInvite(trx: Knex.Transaction, user: SessionUser, input: CompanyInviteCreate, publicUrl: string, now: Date): Promise<CompanyInviteCreated> {
  const companyId = assertCompanyOwner(user);
  if (input.role === 'driver') {
    const company = await trx('profiles').where({ user_id: companyId }).first('role');
    if (company?.role !== 'transport') throw driverNeedsTransport();
  }
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000);
  const [{ id }] = await trx('company_invites')
    .insert({ company_id: companyId, role: input.role, token_hash: hashToken(token), created_by: user.id, expires_at: expiresAt })
    .returning('id');
  // The link's token stays out of the trail: whoever reads it could otherwise join.
  await recordAudit(trx, { actor: user, action: 'company.invite_create', record_type: 'company_invite', record_id: id, changes: { role: [null, input.role], expires_at: [null, expiresAt] } });
  const invite = await trx('company_invites as i').leftJoin('users as u', 'u.id', 'i.created_by').where('i.id', id).first(inviteColumns(trx));
  return { ...invite, token, url: `${publicUrl}/invite/${token}` };
}

/** The invites still open: not used, not revoked, not expired. */
export async function listInvites(db: Knex, user: SessionUser, now: Date): Promise<CompanyInvite[]> {
  const companyId = assertCompanyOwner(user);
  return db('company_invites as i')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .where('i.company_id', companyId)
    .whereNull('i.accepted_at')
    .whereNull('i.revoked_at')
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .select(inviteColumns(db));
}

export async function revokeInvite(trx: Knex.Transaction, user: SessionUser, inviteId: string, now: Date): Promise<void> {
  const companyId = assertCompanyOwner(user);
  const updated = await trx('company_invites')
    .where({ id: inviteId, company_id: companyId })
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .update({ revoked_at: now });
  if (!updated) throw inviteNotFound();
  await recordAudit(trx, { actor: user, action: 'company.invite_revoke', record_type: 'company_invite', record_id: inviteId, changes: { revoked_at: [null, now] } });
}

function stateOf(invite: { accepted_at: Date | null; revoked_at: Date | null; expires_at: Date }, now: Date): CompanyInvitePreview['state'] {
  if (invite.revoked_at) return 'revoked';
  if (invite.accepted_at) return 'used';
  if (new Date(invite.expires_at) <= now) return 'expired';
  return 'valid';
}

/** What a link's page shows, to anyone holding the link. */
export async function previewInvite(db: Knex, token: string, now: Date): Promise<CompanyInvitePreview> {
  const invite = await db('company_invites as i')
    .join('profiles as p', 'p.user_id', 'i.company_id')
    .join('users as c', (on) => on.on('c.id', 'i.company_id').andOnNull('c.deleted_at'))
    .where('i.token_hash', hashToken(token))
    .first('i.role', 'i.expires_at', 'i.accepted_at', 'i.revoked_at', 'p.company_name', 'p.role as company_role');
  if (!invite) throw inviteNotFound();
  return { company_name: invite.company_name, company_role: invite.company_role, role: invite.role, expires_at: invite.expires_at, state: stateOf(invite, now) };
}

export async function acceptInvite(trx: Knex.Transaction, user: SessionUser, token: string, now: Date): Promise<CompanyJoined> {
  const invite = await trx('company_invites as i')
    .join('users as c', (on) => on.on('c.id', 'i.company_id').andOnNull('c.deleted_at'))
    .where('i.token_hash', hashToken(token))
    .forUpdate('i')
    .first('i.id', 'i.company_id', 'i.role', 'i.created_by', 'i.expires_at', 'i.accepted_at', 'i.revoked_at');
  if (!invite) throw inviteNotFound();
  const state = stateOf(invite, now);
  if (state === 'expired') throw inviteExpired();
  if (state !== 'valid') throw inviteUsed();
  // The session may be older than a membership made in another tab: ask the database.
  const membership = await trx('company_members').where({ user_id: user.id }).forUpdate().first('company_id');
  const ownProfile = await trx('profiles').where({ user_id: user.id }).first('user_id');
  if (membership || ownProfile) throw alreadyInCompany();
  await trx('company_members').insert({ user_id: user.id, company_id: invite.company_id, role: invite.role, invited_by: invite.created_by });
  await trx('company_invites').where({ id: invite.id }).update({ accepted_by: user.id, accepted_at: now });
  await recordAudit(trx, {
    actor: user,
    company_id: invite.company_id,
    action: 'company.invite_accept',
    record_type: 'company_member',
    record_id: user.id,
    changes: { company_id: [null, invite.company_id], role: [null, invite.role], invite_id: [null, invite.id] },
  });
  return { company_id: invite.company_id, role: invite.role };
}

export async function listMembers(db: Knex, user: SessionUser): Promise<CompanyMember[]> {
  const companyId = assertTeamReader(user);
  return db('company_members as m')
    .join('users as u', (on) => on.on('u.id', 'm.user_id').andOnNull('u.deleted_at'))
    .where('m.company_id', companyId)
    .orderByRaw("case m.role when 'owner' then 0 when 'member' then 1 else 2 end")
    .orderBy('m.created_at')
    .select('m.user_id', 'u.name', 'u.email', 'm.role', 'm.created_at as joined_at');
}

/**
 * The owner removes someone. Deleting the membership ends their live streams at commit
 * (a trigger), their sessions now read as an account of their own, and their devices'
 * next pull is answered with a reset, so they drop the company's data. A driver's feed
 * was always their own (no reset): their jobs leave it as deletes, and the unfinished ones
 * go back to the company to give to another driver (deliveries/release.ts).
 */
export async function removeMember(trx: Knex.Transaction, user: SessionUser, memberId: string): Promise<void> {
  const companyId = assertCompanyOwner(user);
  const member = await trx('company_members').where({ user_id: memberId, company_id: companyId }).forUpdate().first('role');
  if (!member) throw notFound('Member');
  if (member.role === 'owner') throw cannotRemoveOwner();
  await trx('company_members').where({ user_id: memberId }).delete();
  await recordAudit(trx, { actor: user, action: 'company.member_remove', record_type: 'company_member', record_id: memberId, changes: { company_id: [companyId, null], role: [member.role, null] } });
  if (member.role === 'driver') await releaseDriverJobs(trx, companyId, memberId);
}
