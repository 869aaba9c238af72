/**
 * Project: what a government entity puts out for bids, with its owner's name and bid
 * count; the create body, the award and status actions, and the list query.
 */
import { z } from 'zod';
import { projectLifecycle } from '../lifecycles/projects';
import { TENDER_PHASES } from '../tender';
import {
  MAX,
  clientIdField,
  dateSchema,
  moneySchema,
  optionalText,
  paginationFields,
  requiredName,
  requiredText,
  timestampSchema,
  uuidSchema,
} from './common';

/** A bid bond's percentage of the bid's amount. */
const bidBondPercentSchema = z.number().gt(0).max(10).multipleOf(0.01);

export const projectStatusSchema = z.enum(projectLifecycle.states);

export const projectSchema = z.object({
  id: uuidSchema,
  government_id: uuidSchema,
  title: z.string(),
  description: z.string(),
  budget: z.number().nullable(),
  location: z.string(),
  /** the last moment bids are taken, to the minute (shared/tender.ts tenderDeadline); null: no deadline, the owner closes the bidding */
  deadline_at: timestampSchema.nullable(),
  /** the Riyadh day deadline_at falls on (a date-only deadline is the end of that day) */
  deadline_date: dateSchema.nullable(),
  requirements: z.string().nullable(),
  status: projectStatusSchema,
  awarded_bid_id: uuidSchema.nullable(),
  government_name: z.string().nullable(),
  /**
   * How many bids (not withdrawn) there are: sealed like the bids, so until the opening
   * only the owner gets it (null for everyone else); from the opening everyone who sees
   * the project.
   */
  bid_count: z.number().int().min(0).nullable(),
  /**
   * The opening: bids are taken until opens_at (the end of the deadline day in Riyadh; for
   * a project without a deadline, set when its owner closes the bidding), and sealed until
   * opened_at, when the opening record is made and the owner sees every bid.
   */
  opens_at: timestampSchema.nullable(),
  opened_at: timestampSchema.nullable(),
  /** The award (awarded_bid_id) and its standstill: final at award_final_at, when the project becomes in_progress. */
  awarded_at: timestampSchema.nullable(),
  standstill_ends_at: timestampSchema.nullable(),
  award_final_at: timestampSchema.nullable(),
  /** Where the tender of an open project stands (shared/tender.ts phaseOf), null once it is not open. */
  phase: z.enum(TENDER_PHASES).nullable(),
  /** Contractors may ask questions until then (tender-questions.ts); null: no questions taken. */
  questions_until: timestampSchema.nullable(),
  /**
   * 1: one envelope (the bid is opened whole at the opening); 2: the technical envelopes
   * are opened at the opening, evaluated by the owner, and only then the financial
   * envelopes of the bids that passed (shared/tender.ts, phase technical_evaluation).
   */
  envelopes: z.union([z.literal(1), z.literal(2)]),
  /** the bid bond asked of each bidder, in percent of its amount; null: none asked */
  bid_bond_percent: z.number().nullable(),
  /** when the owner recorded the technical evaluation (two envelopes only) */
  technical_evaluated_at: timestampSchema.nullable(),
  /** when the financial envelopes of the passed bids were opened (two envelopes only) */
  financial_opened_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Project = z.infer<typeof projectSchema>;

/** POST /api/projects. */
export const projectCreateSchema = z.strictObject({
  ...clientIdField,
  title: requiredName(MAX.name),
  description: requiredText(MAX.text),
  location: requiredText(MAX.location),
  budget: moneySchema.nullable().optional(),
  /** the deadline to the minute; or deadline_date, the end of that day in Riyadh; not both */
  deadline_at: timestampSchema.nullable().optional(),
  deadline_date: dateSchema.nullable().optional(),
  requirements: optionalText(MAX.text),
  /** the last moment to ask questions: in the future, and before the opening when there is a deadline */
  questions_until: timestampSchema.nullable().optional(),
  /** 2: a two-envelope tender (technical, then financial); default 1 */
  envelopes: z.union([z.literal(1), z.literal(2)]).optional(),
  /** a bid bond in percent of the amount, over 0 and at most 10, two decimals at most; null/absent: none asked */
  bid_bond_percent: bidBondPercentSchema.nullable().optional(),
}).refine((p) => !(p.deadline_at && p.deadline_date), { path: ['deadline_at'], message: 'deadline_twice' });
export type ProjectCreate = z.infer<typeof projectCreateSchema>;

/** POST /api/projects/:id/award. */
export const projectAwardSchema = z.strictObject({ bid_id: uuidSchema });
/** The sync mutation project.award: the award body and the project's id (the path's) as `id`. */
export const projectAwardArgsSchema = projectAwardSchema.extend({ id: uuidSchema });
export type ProjectAwardArgs = z.infer<typeof projectAwardArgsSchema>;

/** The sync mutation project.closeBidding: POST /api/projects/:id/close-bidding, the project's id as `id`. */
export const projectCloseBiddingArgsSchema = z.strictObject({ id: uuidSchema });
export type ProjectCloseBiddingArgs = z.infer<typeof projectCloseBiddingArgsSchema>;

/** The sync mutation project.openFinancial: POST /api/projects/:id/open-financial, the project's id as `id`. */
export const projectOpenFinancialArgsSchema = z.strictObject({ id: uuidSchema });
export type ProjectOpenFinancialArgs = z.infer<typeof projectOpenFinancialArgsSchema>;

/** POST /api/projects/:id/status: the owner closes a project. */
export const projectStatusChangeSchema = z.strictObject({
  status: z.enum(['completed', 'cancelled']),
});
/** The sync mutation project.status: the status body and the project's id (the path's) as `id`. */
export const projectStatusArgsSchema = projectStatusChangeSchema.extend({ id: uuidSchema });
export type ProjectStatusArgs = z.infer<typeof projectStatusArgsSchema>;

/** GET /api/projects (open projects unless a status is asked for). */
export const projectListQuerySchema = z.strictObject({
  status: projectStatusSchema.optional(),
  ...paginationFields,
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;
