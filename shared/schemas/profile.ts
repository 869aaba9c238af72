/**
 * Profile: the company details a user gives at setup (POST /api/profiles creates or
 * updates its own), and the rating and verification tier the platform keeps.
 */
import { z } from 'zod';
import { MAX_RECEIPT_TOLERANCE_PERCENT } from './goods-receipt';
import { LANGUAGES, ROLES, VERIFICATION_TIERS } from '../constants';
import {
  MAX,
  crNumberSchema,
  optionalName,
  optionalOf,
  optionalText,
  optionalUrl,
  saudiPhoneSchema,
  timestampSchema,
  uuidSchema,
  vatNumberSchema,
} from './common';

export const roleSchema = z.enum(ROLES);
export const verificationTierSchema = z.enum(VERIFICATION_TIERS);
const languageSchema = z.enum(LANGUAGES);

export const profileSchema = z.object({
  user_id: uuidSchema,
  role: roleSchema,
  company_name: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  verification_tier: verificationTierSchema,
  average_rating: z.number().min(0).max(5),
  total_reviews: z.number().int().min(0),
  cr_number: z.string().nullable(),
  vat_number: z.string().nullable(),
  language: languageSchema,
  /**
   * How far above an order line, in percent (0–20), the buyer's goods receipts may accept
   * (receivableLimit in goods-receipt.ts): a truck's load rarely matches to the bag. The
   * server always sends it; optional for rows a client stored before it existed.
   */
  receipt_tolerance_percent: z.number().min(0).max(MAX_RECEIPT_TOLERANCE_PERCENT).optional(),
  /**
   * The company's suspension by an admin (shared/schemas/company-suspension.ts), for its own
   * members only: when and why, null when not suspended. Optional for rows stored before it.
   */
  suspended_at: timestampSchema.nullable().optional(),
  suspension_reason: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * POST /api/profiles. role is required: one a user may choose at setup, or `admin` for an
 * admin editing their own details (the server refuses it to anyone who is not one);
 * everything else is optional. Ratings, tier and the admin role are the platform's to set.
 */
export const profileUpsertSchema = z.strictObject({
  role: roleSchema,
  company_name: optionalName(MAX.name),
  phone: optionalOf(saudiPhoneSchema),
  address: optionalText(MAX.location),
  city: optionalText(MAX.short),
  state: optionalText(MAX.short),
  zip_code: optionalText(20),
  website: optionalUrl(),
  description: optionalText(MAX.text),
  cr_number: optionalOf(crNumberSchema),
  vat_number: optionalOf(vatNumberSchema),
  language: languageSchema.optional(),
  /** The buyer's tolerance over an order line for its receipts, 0–20 % in hundredths. */
  receipt_tolerance_percent: z.number().min(0).max(MAX_RECEIPT_TOLERANCE_PERCENT).multipleOf(0.01).optional(),
});
export type ProfileUpsert = z.infer<typeof profileUpsertSchema>;
export type ProfileUpsertInput = z.input<typeof profileUpsertSchema>;
