/**
 * GET /api/company/tier: the company's tier and what the next one still needs, by the rule
 * of shared/tiers.ts (owner and members; the facts are the company's own record).
 */
import { z } from 'zod';
import { verificationTierSchema } from './profile';

const shortfallSchema = z.object({
  criterion: z.enum(['deals', 'on_time', 'fill', 'rejection', 'disputes_for_buyer']),
  need: z.number(),
  /** null: the scorecard does not show the figure yet */
  have: z.number().nullable(),
  bound: z.enum(['min', 'max']),
});

export const tierProgressSchema = z.object({
  tier: verificationTierSchema,
  /** the register's last check of the CR was verified */
  cr_verified: z.boolean(),
  /** completed deals in the last 12 months, as either party */
  deals: z.number().int().min(0),
  /** judged as a seller (it sold in the 12 months): its scorecard's figures count */
  seller: z.boolean(),
  /** the next tier and its bars not met yet; null at the top, or before the register verified the company */
  next: z.object({ tier: verificationTierSchema, shortfalls: z.array(shortfallSchema) }).nullable(),
});
export type TierProgress = z.infer<typeof tierProgressSchema>;
