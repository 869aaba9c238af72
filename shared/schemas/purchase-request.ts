/**
 * Purchase requests: what a site asks its company to buy, and the approvals it goes
 * through by amount under the site's rules (shared/approval-levels.ts). Numbered per
 * company and year (PR-2026-000042). What a request still needs (required_levels,
 * next_level, waiting_for) is worked out from the site's rules as they are when it is read,
 * never stored, so rules the owner changes apply to requests already waiting.
 *
 * POST /api/purchase-requests {id, site_id, needed_by?, note?, lines} (any member) -> purchaseRequest
 * GET  /api/purchase-requests (?site_id=, ?waiting_for=me), GET /api/purchase-requests/{id}
 * POST /api/purchase-requests/{id}/approve {} | /reject {reason} -> purchaseRequest
 * POST /api/purchase-requests/{id}/rfq {id, closes_at, audience, supplier_ids?, title?, location?, needed_by?} -> rfq
 * POST /api/purchase-requests/{id}/instant-order {id, title?, location?, urgency_level?, ...} -> instantOrder
 *   (an approved request of kind request, once: its lines carried over, its site and budget lines kept)
 * Sync mutations purchase_request.create (the same body), .approve ({id}), .reject ({id, reason}),
 * .rfq and .instant_order (the body and purchase_request_id).
 *
 * A request of kind order is not raised by a person: it is the approval an order of the site
 * waits for (over its request's approved amount, or placed without one), raised by the award
 * or the accepted offer, with the order's lines; its approval issues the order.
 */
import { z } from 'zod';
import { MAX, dateSchema, moneySchema, namedOnce, optionalText, paginationFields, quantitySchema, requiredText, timestampSchema, uuidSchema } from './common';
import { purchaseRequestLifecycle } from '../lifecycles/purchase-requests';
import { rfqCreateSchema } from './rfq';
import { instantOrderCreateSchema } from './instant-order';

const PURCHASE_REQUEST_STATUSES = purchaseRequestLifecycle.states;

/** What a request is: a site's ask, or the approval an order over its approved amount waits for. */
export const PURCHASE_REQUEST_KINDS = ['request', 'order'] as const;

/** What an approver decides at a level. */
export const APPROVAL_DECISIONS = ['approved', 'rejected'] as const;

/** The most lines one request takes. */
const PURCHASE_REQUEST_MAX_LINES = 500;

/** A number as PR-2026-000042: the year it was raised and its place in the company's sequence that year. */
export const purchaseRequestNumber = (year: number, seq: number): string => `PR-${year}-${String(seq).padStart(6, '0')}`;

// --- rows ---------------------------------------------------------------------------------

const purchaseRequestLineSchema = z.object({
  id: uuidSchema,
  position: z.number().int().min(1),
  /** the site's budget line it spends, or null for a free description */
  budget_line_id: uuidSchema.nullable(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  /** SAR per unit before VAT; null when not priced */
  estimated_unit_price: z.number().nullable(),
});

const purchaseRequestApprovalSchema = z.object({
  level: z.number().int().min(1),
  decision: z.enum(APPROVAL_DECISIONS),
  decided_by: uuidSchema,
  decided_by_name: z.string().nullable(),
  reason: z.string().nullable(),
  decided_at: timestampSchema,
});

export const purchaseRequestSchema = z.object({
  id: uuidSchema,
  number: z.string(),
  site_id: uuidSchema,
  site_name: z.string(),
  requested_by: uuidSchema,
  requested_by_name: z.string().nullable(),
  needed_by: dateSchema.nullable(),
  note: z.string().nullable(),
  status: z.enum(PURCHASE_REQUEST_STATUSES),
  kind: z.enum(PURCHASE_REQUEST_KINDS),
  /** kind order: the approved request the order was made from, if any */
  source_request_id: uuidSchema.nullable(),
  /** kind request: the RFQ or instant order it became (once), or null */
  rfq_id: uuidSchema.nullable(),
  instant_order_id: uuidSchema.nullable(),
  /** kind order: the purchase orders its approval issues (or issued) */
  purchase_orders: z.array(z.object({ id: uuidSchema, number: z.string(), status: z.string(), total: z.number() })),
  /** the priced lines' total with VAT (SAR); null when a line has no estimated price */
  amount: z.number().nullable(),
  /** the amount that picks the levels: its own and the site's live requests of the 24 hours before on a shared budget line; null when unknown */
  level_amount: z.number().nullable(),
  /** the rejection's reason */
  reason: z.string().nullable(),
  /** when it was approved, rejected or cancelled */
  decided_at: timestampSchema.nullable(),
  lines: z.array(purchaseRequestLineSchema),
  approvals: z.array(purchaseRequestApprovalSchema),
  /** the level numbers its level amount requires under the site's rules now */
  required_levels: z.array(z.number().int().min(1)),
  /** the first required level not yet approved; null once decided or when none is left */
  next_level: z.number().int().min(1).nullable(),
  /** who may act on it now: the approvers of its next level */
  waiting_for: z.array(uuidSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

// --- writes -------------------------------------------------------------------------------

const purchaseRequestLineInput = z.strictObject({
  id: uuidSchema,
  budget_line_id: uuidSchema.nullable().optional(),
  description: requiredText(MAX.text),
  quantity: quantitySchema,
  unit: requiredText(MAX.unit),
  estimated_unit_price: moneySchema.nullable().optional(),
});

/** POST /api/purchase-requests and purchase_request.create. The id is the device's: the same id again answers the stored request. */
export const purchaseRequestCreateSchema = z.strictObject({
  id: uuidSchema,
  site_id: uuidSchema,
  needed_by: dateSchema.nullable().optional(),
  note: optionalText(MAX.text),
  lines: z.array(purchaseRequestLineInput).min(1).max(PURCHASE_REQUEST_MAX_LINES).superRefine(namedOnce('id')),
});
export type PurchaseRequestCreate = z.infer<typeof purchaseRequestCreateSchema>;

/** POST /api/purchase-requests/{id}/approve: nothing but the caller. */
export const purchaseRequestApproveSchema = z.strictObject({});
export const purchaseRequestApproveArgsSchema = purchaseRequestApproveSchema.safeExtend({ id: uuidSchema });

/** POST /api/purchase-requests/{id}/reject: the reason is required. */
export const purchaseRequestRejectSchema = z.strictObject({ reason: requiredText(MAX.text) });
export const purchaseRequestRejectArgsSchema = purchaseRequestRejectSchema.safeExtend({ id: uuidSchema });

/** GET /api/purchase-requests: of one site, or only those waiting for the caller's approval now. */
export const purchaseRequestListQuerySchema = z.strictObject({
  ...paginationFields,
  site_id: uuidSchema.optional(),
  waiting_for: z.literal('me').optional(),
});
export type PurchaseRequestListQuery = z.infer<typeof purchaseRequestListQuerySchema>;

/**
 * POST /api/purchase-requests/{id}/rfq: the RFQ's own fields (its id the device's; title,
 * location and needed_by default to the request's number, site and date); its lines, site
 * and budget lines are the request's.
 */
export const purchaseRequestRfqSchema = z.strictObject({
  id: uuidSchema,
  title: rfqCreateSchema.shape.title.optional(),
  location: rfqCreateSchema.shape.location.optional(),
  needed_by: rfqCreateSchema.shape.needed_by,
  closes_at: rfqCreateSchema.shape.closes_at,
  audience: rfqCreateSchema.shape.audience,
  supplier_ids: rfqCreateSchema.shape.supplier_ids,
});
export type PurchaseRequestRfq = z.infer<typeof purchaseRequestRfqSchema>;
export const purchaseRequestRfqArgsSchema = purchaseRequestRfqSchema.safeExtend({ purchase_request_id: uuidSchema });
export type PurchaseRequestRfqArgs = z.infer<typeof purchaseRequestRfqArgsSchema>;

/**
 * POST /api/purchase-requests/{id}/instant-order: the order's own fields; its material is the
 * request's one line (a request of several lines becomes an RFQ).
 */
const instantOrderShape = instantOrderCreateSchema.shape;
export const purchaseRequestInstantOrderSchema = z.strictObject({
  id: uuidSchema,
  title: instantOrderShape.title.optional(),
  location: instantOrderShape.location.optional(),
  urgency_level: instantOrderShape.urgency_level,
  budget_range_min: instantOrderShape.budget_range_min,
  budget_range_max: instantOrderShape.budget_range_max,
  delivery_deadline: instantOrderShape.delivery_deadline,
});
export type PurchaseRequestInstantOrder = z.infer<typeof purchaseRequestInstantOrderSchema>;
export const purchaseRequestInstantOrderArgsSchema = purchaseRequestInstantOrderSchema.safeExtend({ purchase_request_id: uuidSchema });
export type PurchaseRequestInstantOrderArgs = z.infer<typeof purchaseRequestInstantOrderArgsSchema>;
