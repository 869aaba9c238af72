/**
 * Bid: a contractor's sealed offer on a project (seen only by its bidder until the
 * project's opening, then by the project's owner too), and the create body.
 */
import { z } from 'zod';
import { bidLifecycle } from '../lifecycles/projects';
import { MAX, clientIdField, moneySchema, positiveInt, requiredText, timestampSchema, uuidSchema } from './common';
import { verificationTierSchema } from './profile';
import { companyScorecardsSchema } from './scorecard';
import { projectStatusSchema } from './project';
import { bidBondSchema, technicalInputSchema, technicalResultSchema, technicalSchema } from './bid-document';

const bidStatusSchema = z.enum(bidLifecycle.states);

export const bidSchema = z.object({
  id: uuidSchema,
  project_id: uuidSchema,
  contractor_id: uuidSchema,
  amount: z.number(),
  proposal: z.string(),
  estimated_completion_days: z.number().int().nullable(),
  status: bidStatusSchema,
  contractor_name: z.string().nullable(),
  contractor_verification_tier: verificationTierSchema,
  /** the bidder's reviews, so an owner compares bids by reputation too */
  contractor_average_rating: z.number().min(0).max(5),
  contractor_total_reviews: z.number().int().min(0),
  /** the bidder's scorecard as a seller (both windows), so the tender's evaluation weighs its record; null before any was measured */
  contractor_scorecard: companyScorecardsSchema.nullable(),
  project_title: z.string(),
  /** so a bidder sees whether the project is still open, awarded or closed */
  project_status: projectStatusSchema,
  /** the server time of the current version (part of its digest) */
  received_at: timestampSchema,
  /** hex SHA-256 of the current version's canonical form (shared/tender.ts): the bidder's receipt */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  /** the person of the bidding company who sent the current version */
  created_by_name: z.string().nullable(),
  /** the technical envelope of a two-envelope tender's bid; null in a one-envelope tender */
  technical: technicalSchema.nullable(),
  bid_bond: bidBondSchema.nullable(),
  /** whether the bond is present and valid to the end of the bid validity; null when the tender asks for none */
  bid_bond_compliant: z.boolean().nullable(),
  /** the owner's technical evaluation of this bid (two envelopes, once made) */
  technical_result: technicalResultSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Bid = z.infer<typeof bidSchema>;

/** POST /api/bids. */
export const bidCreateSchema = z.strictObject({
  ...clientIdField,
  project_id: uuidSchema,
  amount: moneySchema,
  proposal: requiredText(MAX.text),
  estimated_completion_days: positiveInt(3650).nullable().optional(),
  /** required in a two-envelope tender (a text or at least one document), refused in a one-envelope one */
  technical: technicalInputSchema.optional(),
  /** only on a tender that asks for a bond; a missing one is not refused, it is marked at the opening */
  bid_bond: bidBondSchema.optional(),
});
export type BidCreate = z.infer<typeof bidCreateSchema>;

/** The sync mutation bid.withdraw: POST /api/bids/:id/withdraw, the bid's id as `id`. */
export const bidWithdrawArgsSchema = z.strictObject({ id: uuidSchema });
export type BidWithdrawArgs = z.infer<typeof bidWithdrawArgsSchema>;
