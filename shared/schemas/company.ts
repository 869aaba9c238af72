/**
 * Company teams: invites (a one-time link that expires) and members.
 *
 * POST /api/company/invites {role} -> companyInviteCreated (the token is shown once)
 * GET  /api/company/invites -> companyInvite[] (open ones; owner only)
 * DELETE /api/company/invites/{id} -> revoke
 * GET  /api/company/invites/{token} -> companyInvitePreview (anyone holding the link)
 * POST /api/company/invites/{token}/accept -> companyJoined
 * GET  /api/company/members -> companyMember[] (owner and members)
 * DELETE /api/company/members/{user_id} -> 204 (owner only; not the owner)
 */
import { z } from 'zod';
import { INVITE_ROLES, MEMBER_ROLES } from '../constants';
import { timestampSchema, uuidSchema } from './common';

const inviteRoleSchema = z.enum(INVITE_ROLES);
const memberRoleSchema = z.enum(MEMBER_ROLES);

export const companyInviteCreateSchema = z.strictObject({ role: inviteRoleSchema });
export type CompanyInviteCreate = z.infer<typeof companyInviteCreateSchema>;

export const companyInviteSchema = z.object({
  id: uuidSchema,
  role: inviteRoleSchema,
  expires_at: timestampSchema,
  created_at: timestampSchema,
  created_by_name: z.string().nullable(),
});
export type CompanyInvite = z.infer<typeof companyInviteSchema>;

/** The answer to creating an invite: the only time its token is seen. */
export const companyInviteCreatedSchema = companyInviteSchema.extend({
  token: z.string(),
  /** The link to send: the app's /invite/{token} page. */
  url: z.string(),
});
export type CompanyInviteCreated = z.infer<typeof companyInviteCreatedSchema>;

const INVITE_STATES = ['valid', 'expired', 'used', 'revoked'] as const;

/** What the invite page shows before joining. */
export const companyInvitePreviewSchema = z.object({
  company_name: z.string().nullable(),
  company_role: z.string(),
  role: inviteRoleSchema,
  expires_at: timestampSchema,
  state: z.enum(INVITE_STATES),
});
export type CompanyInvitePreview = z.infer<typeof companyInvitePreviewSchema>;

export const companyJoinedSchema = z.object({ company_id: uuidSchema, role: inviteRoleSchema });
export type CompanyJoined = z.infer<typeof companyJoinedSchema>;

export const companyMemberSchema = z.object({
  user_id: uuidSchema,
  name: z.string().nullable(),
  email: z.string(),
  role: memberRoleSchema,
  joined_at: timestampSchema,
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

/** The token in an invite link: 256 random bits, base64url. */
export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
