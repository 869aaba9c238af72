/**
 * A company's commercial registration checked against the commercial register (Wathq, the
 * Ministry of Commerce's API). The owner asks for the check; the server asks the register
 * for the CR on the company's profile and answers what it found:
 * - `verified`: the CR is active and its registered name is the company's legal name (the
 *   tax profile's, else the profile's company name), compared as written names are
 *   (crNameMatches: diacritics, letter forms, spacing and punctuation aside);
 * - `name_mismatch`: active, under another name (the register's name is shown);
 * - `suspended`, `expired`, `inactive` (struck off, cancelled: any other status): the CR
 *   cannot trade; `not_found`: the register has no such CR.
 * Only `verified` verifies the company; any other result leaves it `unverified` and says
 * why. The check is repeated every year on the CR's confirmation date (next_check_on,
 * from the register) and whenever the company's CR changes.
 *
 * POST /api/company/verify-cr -> crVerifyAnswer (the company's owner)
 * GET /api/company/cr-verification -> crVerification (owner and members; 404 before a check)
 */
import { z } from 'zod';
import { dateSchema, timestampSchema } from './common';
import { verificationTierSchema } from './profile';

export const CR_CHECK_RESULTS = ['verified', 'name_mismatch', 'suspended', 'expired', 'inactive', 'not_found'] as const;
export type CrCheckResult = (typeof CR_CHECK_RESULTS)[number];

export const crVerificationSchema = z.object({
  cr_number: z.string(),
  result: z.enum(CR_CHECK_RESULTS),
  /** the name the register holds for the CR (null when not found) */
  register_name: z.string().nullable(),
  /** the register's own word for the CR's status, in Arabic as it gives it */
  register_status: z.string().nullable(),
  checked_at: timestampSchema,
  /** the Riyadh day the check is repeated (the CR's yearly confirmation date); null when not found */
  next_check_on: dateSchema.nullable(),
});
export type CrVerification = z.infer<typeof crVerificationSchema>;

export const crVerifyAnswerSchema = z.object({
  verification: crVerificationSchema,
  /** the company's verification tier after the check */
  tier: verificationTierSchema,
});
export type CrVerifyAnswer = z.infer<typeof crVerifyAnswerSchema>;
