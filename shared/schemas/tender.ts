/**
 * Sealed tendering: a bid's receipts, the opening record and the objections to an award
 * during its standstill, with the bodies that file and answer an objection.
 */
import { z } from 'zod';
import { MAX, clientIdField, optionalText, requiredText, timestampSchema, uuidSchema } from './common';
import { objectionLifecycle } from '../lifecycles/projects';

const digestSchema = z.string().regex(/^[0-9a-f]{64}$/);

const BID_RECEIPT_KINDS = ['submitted', 'amended', 'withdrawn'] as const;

/** One accepted submission, amendment or withdrawal of a bid, as the server received it. */
export const bidReceiptSchema = z.object({
  id: uuidSchema,
  bid_id: uuidSchema,
  project_id: uuidSchema,
  contractor_id: uuidSchema,
  kind: z.enum(BID_RECEIPT_KINDS),
  amount: z.number(),
  estimated_completion_days: z.number().int().nullable(),
  proposal: z.string(),
  received_at: timestampSchema,
  /** hex SHA-256 of canonicalBid(project_id, contractor_id, amount, days, proposal, received_at) */
  digest: digestSchema,
});
export type BidReceipt = z.infer<typeof bidReceiptSchema>;

/**
 * One opened bid, ranked by amount (1 = lowest). In a two-envelope tender rank and amount
 * are null until the financial opening, and for ever for a bid that failed the technical
 * evaluation (its financial envelope is never opened).
 */
const openingEntrySchema = z.object({
  rank: z.number().int().min(1).nullable(),
  bid_id: uuidSchema,
  contractor_id: uuidSchema,
  contractor_name: z.string().nullable(),
  amount: z.number().nullable(),
  estimated_completion_days: z.number().int().nullable(),
  digest: digestSchema,
  received_at: timestampSchema,
  /** whether the bid had a compliant bid bond at the opening; null when the tender asks for none */
  bid_bond_compliant: z.boolean().nullable(),
  /** the technical evaluation's verdict (two envelopes, once made), else null */
  technical_pass: z.boolean().nullable(),
});
export type OpeningEntry = z.infer<typeof openingEntrySchema>;

/**
 * The opening record of a project: made once, at the opening, with every bid that was
 * not withdrawn, ranked by amount ascending. `id` is the project's id (one record per
 * project), so the sync feed can carry it as a row of its own.
 */
export const openingRecordSchema = z.object({
  id: uuidSchema,
  project_id: uuidSchema,
  opened_at: timestampSchema,
  bid_count: z.number().int().min(0),
  record: z.array(openingEntrySchema),
  /** a two-envelope tender's financial opening, when the passed bids' amounts were added; else null */
  financial_opened_at: timestampSchema.nullable(),
});
export type OpeningRecord = z.infer<typeof openingRecordSchema>;

/** A losing bidder's objection to an award during its standstill, and the owner's answer. */
export const objectionSchema = z.object({
  id: uuidSchema,
  project_id: uuidSchema,
  /** the awarded bid objected to */
  award_bid_id: uuidSchema,
  /** the objector's own bid */
  bid_id: uuidSchema,
  contractor_id: uuidSchema,
  contractor_name: z.string().nullable(),
  reason: z.string(),
  status: z.enum(objectionLifecycle.states),
  answer: z.string().nullable(),
  created_at: timestampSchema,
  answered_at: timestampSchema.nullable(),
  updated_at: timestampSchema,
});
export type Objection = z.infer<typeof objectionSchema>;

/** POST /api/projects/:id/objections. */
export const objectionCreateSchema = z.strictObject({
  ...clientIdField,
  reason: requiredText(MAX.text),
});
/** The sync mutation objection.create: the body, the new objection's id and the project's id. */
export const objectionCreateArgsSchema = objectionCreateSchema.extend({ id: uuidSchema, project_id: uuidSchema });
export type ObjectionCreateArgs = z.infer<typeof objectionCreateArgsSchema>;

/** POST /api/objections/:id/answer: upheld withdraws the award; rejected keeps it, with the reason why. */
export const objectionAnswerSchema = z.strictObject({
  decision: z.enum(['upheld', 'rejected']),
  answer: requiredText(MAX.text),
});
export type ObjectionAnswer = z.infer<typeof objectionAnswerSchema>;
/** The sync mutation objection.answer: the answer body and the objection's id (the path's) as `id`. */
export const objectionAnswerArgsSchema = objectionAnswerSchema.extend({ id: uuidSchema });
export type ObjectionAnswerArgs = z.infer<typeof objectionAnswerArgsSchema>;

/** POST /api/projects/:id/technical-evaluation: one verdict per live bid; a fail needs its reason. */
export const technicalEvaluationSchema = z.strictObject({
  results: z
    .array(z.strictObject({ bid_id: uuidSchema, pass: z.boolean(), reason: optionalText(MAX.text) }))
    .max(1000),
});
export type TechnicalEvaluation = z.infer<typeof technicalEvaluationSchema>;
/** The sync mutation project.technicalEvaluation: the body and the project's id (the path's) as `id`. */
export const technicalEvaluationArgsSchema = technicalEvaluationSchema.extend({ id: uuidSchema });
export type TechnicalEvaluationArgs = z.infer<typeof technicalEvaluationArgsSchema>;
