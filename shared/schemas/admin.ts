/**
 * Admin: the user list, the owner badge, the user patch (tier or admin flag) and the list
 * query of the admin tabs. Products and projects use their own row schemas.
 */
import { z } from 'zod';
import {
  AT_LEAST_ONE_FIELD,
  atLeastOneField,
  paginationFields,
  searchQueryField,
  timestampSchema,
  uuidSchema,
} from './common';
import { roleSchema, verificationTierSchema } from './profile';

/** GET /api/admin/users. role and tier are null for a user who has not done setup. */
export const adminUserSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  name: z.string().nullable(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
  role: roleSchema.nullable(),
  company_name: z.string().nullable(),
  verification_tier: verificationTierSchema.nullable(),
  created_at: timestampSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/owner-status. */
export const ownerStatusSchema = z.object({ isOwner: z.boolean() });

/** PATCH /api/admin/users/:user_id: at least one of the two. */
export const adminUserPatchSchema = z
  .strictObject({
    verification_tier: verificationTierSchema.optional(),
    is_admin: z.boolean().optional(),
  })
  .refine(atLeastOneField, { message: AT_LEAST_ONE_FIELD });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

/** GET /api/admin/users, /products, /projects, /quick-signups: search and page. */
export const adminListQuerySchema = z.strictObject({
  search: searchQueryField,
  ...paginationFields,
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;
