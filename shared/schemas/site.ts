/**
 * Sites: a contractor's own construction projects, inside its company, each with its
 * budget (budget lines, typed or read from the bill of quantities) and its approval rules
 * (the levels a purchase request goes through by amount, shared/approval-levels.ts).
 *
 * POST /api/sites {id, name, location, starts_on?, ends_on?, manager_id?, budget_lines?} (owner) -> site
 * GET  /api/sites, GET /api/sites/{id} (the company's people) -> site
 * PUT  /api/sites/{id}/approval-rules {levels} (owner) -> site
 * Sync mutations site.create (the same body) and site.set_approval_rules ({id, levels}).
 */
import { z } from 'zod';
import { MAX, dateSchema, moneySchema, namedOnce, optionalName, paginationFields, quantitySchema, requiredName, requiredText, timestampSchema, uuidSchema } from './common';
import { siteLifecycle, type SiteStatus } from '../lifecycles/sites';

export type { SiteStatus };
const SITE_STATUSES = siteLifecycle.states;

/** The most budget lines one site takes (a bill of quantities of a large project). */
const SITE_MAX_BUDGET_LINES = 2000;
/** The most approval levels a site's rules have. */
export const SITE_MAX_LEVELS = 5;
/** The most approvers one level names. */
const SITE_MAX_APPROVERS = 20;

// --- rows ---------------------------------------------------------------------------------

const siteBudgetLineSchema = z.object({
  id: uuidSchema,
  position: z.number().int().min(1),
  code: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  category_id: uuidSchema.nullable(),
  /** the line's budget in SAR, VAT included (the basis of the approval amounts) */
  budget_amount: z.number(),
});

const siteApprovalLevelSchema = z.object({
  /** the band's top in SAR, VAT included; null on the last level (no limit) */
  up_to_amount: z.number().nullable(),
  approver_ids: z.array(uuidSchema),
});
export type SiteApprovalLevel = z.infer<typeof siteApprovalLevelSchema>;

export const siteSchema = z.object({
  id: uuidSchema,
  /** the company's account */
  company_id: uuidSchema,
  name: z.string(),
  location: z.string(),
  starts_on: dateSchema.nullable(),
  ends_on: dateSchema.nullable(),
  manager_id: uuidSchema.nullable(),
  manager_name: z.string().nullable(),
  status: z.enum(SITE_STATUSES),
  created_by: uuidSchema.nullable(),
  budget_lines: z.array(siteBudgetLineSchema),
  /** the approval rules, level 1 first */
  levels: z.array(siteApprovalLevelSchema),
  /** how far (percent) an award or accepted offer may go above its request's approved amount before it waits for approval again */
  approval_tolerance_percent: z.number(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Site = z.infer<typeof siteSchema>;

/** A new site's rules: no approval up to 10,000 SAR, the owner above it. */
const DEFAULT_LEVEL_LIMIT = 10_000;
export const defaultApprovalLevels = (ownerId: string): SiteApprovalLevel[] => [
  { up_to_amount: DEFAULT_LEVEL_LIMIT, approver_ids: [] },
  { up_to_amount: null, approver_ids: [ownerId] },
];

// --- writes -------------------------------------------------------------------------------

const budgetLineInput = z.strictObject({
  id: uuidSchema,
  code: optionalName(MAX.short),
  description: requiredText(MAX.text),
  quantity: quantitySchema,
  unit: requiredText(MAX.unit),
  category_id: uuidSchema.nullable().optional(),
  budget_amount: moneySchema,
});

/** POST /api/sites and site.create. The id is the device's: the same id again answers the stored site. */
export const siteCreateSchema = z
  .strictObject({
    id: uuidSchema,
    name: requiredName(MAX.name),
    location: requiredText(MAX.location),
    starts_on: dateSchema.nullable().optional(),
    ends_on: dateSchema.nullable().optional(),
    manager_id: uuidSchema.nullable().optional(),
    budget_lines: z
      .array(budgetLineInput)
      .max(SITE_MAX_BUDGET_LINES)
      .superRefine(namedOnce('id'))
      .optional(),
  })
  .superRefine((s, ctx) => {
    if (s.starts_on && s.ends_on && s.ends_on < s.starts_on) ctx.addIssue({ code: 'custom', message: 'ends_before_start', path: ['ends_on'] });
  });
export type SiteCreate = z.infer<typeof siteCreateSchema>;
/** What a form builds before parsing (nulls for empty fields). */
export type SiteCreateInput = z.input<typeof siteCreateSchema>;

const levelInput = z.strictObject({
  up_to_amount: moneySchema.nullable(),
  approver_ids: z
    .array(uuidSchema)
    .max(SITE_MAX_APPROVERS)
    .refine((ids) => new Set(ids).size === ids.length, 'duplicate_approver'),
});

/**
 * The rules' shape, each refusal at its place: at least one level and at most
 * SITE_MAX_LEVELS; up_to_amount strictly ascending; the last level and only it without a
 * limit (null).
 */
const approvalLevelsSchema = z
  .array(levelInput)
  .min(1)
  .max(SITE_MAX_LEVELS)
  .superRefine((levels, ctx) => {
    let below: number | null = null;
    levels.forEach((l, i) => {
      const last = i === levels.length - 1;
      if (last && l.up_to_amount !== null) ctx.addIssue({ code: 'custom', message: 'last_level_unbounded', path: [i, 'up_to_amount'] });
      if (!last && l.up_to_amount === null) ctx.addIssue({ code: 'custom', message: 'only_last_unbounded', path: [i, 'up_to_amount'] });
      if (l.up_to_amount === null) return;
      if (below !== null && l.up_to_amount <= below) ctx.addIssue({ code: 'custom', message: 'not_ascending', path: [i, 'up_to_amount'] });
      below = l.up_to_amount;
    });
  });

/** PUT /api/sites/{id}/approval-rules (the owner). */
export const siteApprovalRulesSchema = z.strictObject({
  levels: approvalLevelsSchema,
  /** the owner's tolerance over an approved amount, 0 to 100 percent; kept as it was when absent */
  tolerance_percent: z.number().min(0).max(100).multipleOf(0.01).optional(),
});
export type SiteApprovalRules = z.infer<typeof siteApprovalRulesSchema>;
export type SiteApprovalRulesInput = z.input<typeof siteApprovalRulesSchema>;
/** The sync mutation site.set_approval_rules: the rules and the site's id. */
export const siteApprovalRulesArgsSchema = siteApprovalRulesSchema.safeExtend({ id: uuidSchema });

/** GET /api/sites. */
export const siteListQuerySchema = z.strictObject({
  ...paginationFields,
  status: z.enum(SITE_STATUSES).optional(),
});
export type SiteListQuery = z.infer<typeof siteListQuerySchema>;
