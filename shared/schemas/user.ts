/**
 * The signed-in user (GET /api/users/me) and the login-code exchange
 * (POST /api/sessions {code}).
 */
import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';
import { MEMBER_ROLES } from '../constants';
import { profileSchema } from './profile';

/** GET /api/users/me. */
export const meSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  name: z.string().nullable(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
  /** The company the person belongs to (its founder's id), drivers included; null when none. */
  company_id: uuidSchema.nullable(),
  /** Their place in it: owner, member or driver. */
  member_role: z.enum(MEMBER_ROLES).nullable(),
  /** When they closed the role guide (POST /api/users/me/guide-seen), on any device; null before. */
  guide_seen_at: timestampSchema.nullable(),
});
export type Me = z.infer<typeof meSchema>;

/**
 * Whose rows a person reads and writes: their company's account (its founder's id, which
 * every owner column holds) for an owner or member; their own for a driver (who acts for
 * no one) or someone in no company. Server and client decide ownership by it.
 */
export function accountIdOf(user: Pick<Me, 'id' | 'company_id' | 'member_role'>): string {
  return user.member_role === 'driver' || !user.company_id ? user.id : user.company_id;
}

/**
 * GET /api/session: who is signed in and their profile, in one answer that is 200 for a
 * signed-out visitor too ({user: null}), so the landing page's one session check logs no
 * error in the browser.
 */
export const sessionStateSchema = z.object({
  user: meSchema.nullable(),
  /** Their company's profile; for a driver its role reads `driver`. */
  profile: profileSchema.nullable(),
  /** This browser's session is of an account its person deleted: drop their local copy. */
  account_deleted: z.literal(true).optional(),
});
export type SessionStateBody = z.infer<typeof sessionStateSchema>;

/** POST /api/users/me/guide-seen: when the guide was first closed. */
export const guideSeenSchema = z.object({ guide_seen_at: timestampSchema });

/** POST /api/sessions: the one-time login code from the callback URL. */
export const sessionCreateSchema = z.strictObject({
  code: z.string().trim().min(1).max(512),
});
