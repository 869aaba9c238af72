/**
 * The audit trail's shapes: the actions it records (one name each, after the mutation or
 * route that does it), a row as the admin and a company owner read it, and the filters of
 * GET /api/admin/audit and GET /api/company/audit (and their .csv twins).
 */
import { z } from 'zod';
import { dateSchema, paginationFields, timestampSchema, uuidSchema } from './common';

export const AUDIT_ACTIONS = [
  // Money
  'payment.record',
  'payment.confirm',
  'payment.dispute',
  'payment.card_paid',
  'payment.card_refund',
  // Tax documents
  'invoice.issue',
  'credit_note.issue',
  'debit_note.issue',
  // Tenders and RFQs
  'tender.publish',
  'tender.close_bidding',
  'tender.open',
  'tender.technical_evaluation',
  'tender.open_financial',
  'tender.award',
  'tender.award_final',
  'tender.complete',
  'tender.cancel',
  'rfq.award',
  'rfq.cancel',
  // Approvals
  'purchase_request.approve',
  'purchase_request.reject',
  'purchase_order.release',
  'purchase_order.cancel',
  // Company membership
  'company.invite_create',
  'company.invite_revoke',
  'company.invite_accept',
  'company.member_remove',
  // The verification tier the company earns (shared/tiers.ts), written by the system
  'company.tier_change',
  // Accounts
  'account.delete',
  // Moderation
  'admin.product_remove',
  'admin.project_remove',
  'admin.user_update',
  'admin.user_delete',
  'admin.company_suspend',
  'admin.company_unsuspend',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A changed field: [before, after], null for a field that did not exist before (or after). */
export type AuditChanges = Record<string, [unknown, unknown]>;

export const auditEntrySchema = z.strictObject({
  /** The row's place in the chain (a bigserial). */
  id: z.number().int().positive(),
  at: z.string(),
  actor_id: uuidSchema.nullable(),
  /** The actor's name as the users table has it now; null for the system or a removed user. */
  actor_name: z.string().nullable(),
  company_id: uuidSchema.nullable(),
  /** The company's name as its profile has it now; null for no company or one whose profile is gone. */
  company_name: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  record_type: z.string(),
  record_id: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  ip: z.string().nullable(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A bound of the period: a day (from its start in UTC) or an instant. */
const bound = z.union([timestampSchema, dateSchema]);

const companyFilters = {
  actor_id: uuidSchema.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  record_type: z.string().trim().min(1).max(60).optional(),
  record_id: z.string().trim().min(1).max(100).optional(),
  /** From this instant (or day) on, inclusive. */
  from: bound.optional(),
  /** Before this instant, or to the end of this day. */
  to: bound.optional(),
  ...paginationFields,
};

/** GET /api/company/audit: the owner's company's rows; newest first, paged. */
export const companyAuditQuerySchema = z.strictObject(companyFilters);
export type CompanyAuditQuery = z.infer<typeof companyAuditQuerySchema>;

/** GET /api/admin/audit: every row, or one company's. */
export const adminAuditQuerySchema = z.strictObject({ ...companyFilters, company_id: uuidSchema.optional() });
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

