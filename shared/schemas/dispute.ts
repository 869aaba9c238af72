/**
 * Disputes: the buyer's claim on lines it received (rejected quantities, damaged goods, a
 * price above the order), with the receipts' photos as evidence, and the seller's answer.
 *
 * POST /api/purchase-orders/{id}/disputes {id, reason, lines, photo_ids?} (the buyer) -> dispute
 * POST /api/disputes/{id}/accept {remedy} | /reject {reason} (the seller) -> dispute
 * GET  /api/disputes (either side; ?as=buyer|seller, ?status=, ?purchase_order_id=) -> dispute[]
 * Sync mutations dispute.open (the body with purchase_order_id), dispute.accept, dispute.reject (with the dispute's id).
 */
import { z } from 'zod';
import { MAX, namedOnce, paginationFields, quantitySchema, requiredText, timestampSchema, uuidSchema } from './common';
import { PURCHASE_ORDER_SIDES } from '../lifecycles/purchase-orders';
import { disputeLifecycle, type DisputeStatus } from '../lifecycles/disputes';

export type { DisputeStatus };

/** How an accepted dispute is settled: a credit note for its value, or the quantity delivered again (reopened on the order). */
export const DISPUTE_REMEDIES = ['credit_note', 'redeliver'] as const;
export type DisputeRemedy = (typeof DISPUTE_REMEDIES)[number];

/** The working days each side has to move (Friday and Saturday off in Riyadh). */
export const DISPUTE_ANSWER_WORKING_DAYS = 3;

/** Photos a dispute carries beyond its receipts' (which it shows as evidence anyway). */
export const MAX_DISPUTE_PHOTOS = 10;

const disputeLineInput = z.strictObject({
  purchase_order_line_id: uuidSchema,
  /** how much of the line is disputed (of what was received) */
  quantity: quantitySchema,
  /** for a price dispute: the unit price the buyer holds the line to (the order's, below the invoice's) */
  unit_price: z.number().min(0).max(999_999_999.99).multipleOf(0.01).optional(),
});

export const disputeCreateSchema = z.strictObject({
  id: uuidSchema,
  reason: requiredText(MAX.text),
  lines: z
    .array(disputeLineInput)
    .min(1)
    .max(500)
    .superRefine(namedOnce('purchase_order_line_id')),
  photo_ids: z.array(uuidSchema).max(MAX_DISPUTE_PHOTOS).optional(),
});
export type DisputeCreate = z.infer<typeof disputeCreateSchema>;
export const disputeCreateArgsSchema = disputeCreateSchema.safeExtend({ purchase_order_id: uuidSchema });
export type DisputeCreateArgs = z.infer<typeof disputeCreateArgsSchema>;

export const disputeAcceptSchema = z.strictObject({ remedy: z.enum(DISPUTE_REMEDIES) });
export const disputeAcceptArgsSchema = disputeAcceptSchema.safeExtend({ id: uuidSchema });
export const disputeRejectSchema = z.strictObject({ reason: requiredText(MAX.text) });
export const disputeRejectArgsSchema = disputeRejectSchema.safeExtend({ id: uuidSchema });

const disputeLineSchema = z.object({
  id: uuidSchema,
  purchase_order_line_id: uuidSchema,
  position: z.number().int(),
  description: z.string(),
  unit: z.string(),
  quantity: z.number(),
  /** the price the buyer claims, for a price dispute; null when it disputes the goods */
  unit_price: z.number().nullable(),
  /** the order's price of the line */
  order_unit_price: z.number(),
});

export const disputeSchema = z.object({
  id: uuidSchema,
  purchase_order_id: uuidSchema,
  purchase_order_number: z.string(),
  buyer_id: uuidSchema,
  buyer_name: z.string().nullable(),
  seller_id: uuidSchema,
  seller_name: z.string().nullable(),
  reason: z.string(),
  lines: z.array(disputeLineSchema),
  /** the dispute's own photos and those of the receipt lines it names */
  photo_ids: z.array(uuidSchema),
  evidence_photo_ids: z.array(uuidSchema),
  status: z.enum(disputeLifecycle.states),
  remedy: z.enum(DISPUTE_REMEDIES).nullable(),
  /** the seller's reason for a rejection */
  answer: z.string().nullable(),
  answered_at: timestampSchema.nullable(),
  /** the credit note that settled it, if its remedy was one */
  credit_note_id: uuidSchema.nullable(),
  credit_note_number: z.string().nullable(),
  /** until when the seller is to answer; overdue once past while it is open */
  due_at: timestampSchema,
  overdue: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeListQuerySchema = z.strictObject({
  as: z.enum(PURCHASE_ORDER_SIDES).optional(),
  status: z.enum(disputeLifecycle.states).optional(),
  purchase_order_id: uuidSchema.optional(),
  ...paginationFields,
});
export type DisputeListQuery = z.infer<typeof disputeListQuerySchema>;
