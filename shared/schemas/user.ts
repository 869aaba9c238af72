/**
 * The signed-in user (GET /api/users/me) and the login-code exchange
 * (POST /api/sessions {code}).
 */
import { z } from 'zod';
import { uuidSchema } from './common';

/** GET /api/users/me. */
export const meSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  name: z.string().nullable(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** POST /api/sessions: the one-time login code from the callback URL. */
export const sessionCreateSchema = z.strictObject({
  code: z.string().trim().min(1).max(512),
});
export type SessionCreate = z.infer<typeof sessionCreateSchema>;
