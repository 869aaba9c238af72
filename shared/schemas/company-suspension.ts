/**
 * A company's suspension by an admin: POST /api/admin/companies/{id}/suspension takes the
 * reason, which the company's members see (the banner, the notification); DELETE lifts it.
 * While suspended the company starts no new deal and finishes what it owes (the server's
 * rule: server/auth/suspension.ts). Others see only that it is suspended, never why.
 */
import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';

export const MAX_SUSPENSION_REASON = 500;

export const suspensionReasonSchema = z.string().trim().min(1).max(MAX_SUSPENSION_REASON);

/** POST /api/admin/companies/{id}/suspension. */
export const companySuspendSchema = z.strictObject({ reason: suspensionReasonSchema });
export type CompanySuspend = z.infer<typeof companySuspendSchema>;

/** The company's suspension as the admin and its members see it; suspended_by is the admin's id, for the admin only. */
export const companySuspensionSchema = z.object({
  suspended_at: timestampSchema,
  reason: z.string(),
  suspended_by: uuidSchema.nullable().optional(),
});
export type CompanySuspension = z.infer<typeof companySuspensionSchema>;

/** GET /api/companies/{id}/suspension, public: whether the company is suspended, never why. */
export const companyStandingSchema = z.object({ suspended: z.boolean() });
export type CompanyStanding = z.infer<typeof companyStandingSchema>;
