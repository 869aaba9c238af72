/**
 * Goods receipts: what the buyer's company counted off a truck against a purchase order,
 * line by line (received, and of that the part rejected with a reason and photos). An
 * order takes several receipts (partial deliveries); what was accepted of each line
 * (received less rejected) moves the order to partially_received and received.
 *
 * POST /api/purchase-orders/{id}/receipts {id, received_at?, note?, lines} (the buyer's company) -> goodsReceipt
 * GET  /api/purchase-orders/{id}/receipts -> goodsReceipt[] (its buyer and seller)
 * Sync mutation goods_receipt.record: the same body with the order's id as purchase_order_id.
 */
import { z } from 'zod';
import { roundStock } from '../numbers';
import { lineString, MAX, namedOnce, optionalText, timestampSchema, uuidSchema } from './common';

/** Why part of a line was not accepted. */
export const REJECTION_REASONS = ['damaged', 'wrong_item', 'short', 'quality', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** Photos of one receipt line (the damage, the wrong item). */
export const MAX_RECEIPT_LINE_PHOTOS = 5;

/** A quantity counted at the gate: steps of 0.1 as the order's quantities, zero allowed for the rejected part. */
const countedQuantity = z.number().min(0).max(99_999_999_999.9).multipleOf(0.1);

const receiptLineInput = z
  .strictObject({
    purchase_order_line_id: uuidSchema,
    received_quantity: countedQuantity.refine((q) => q > 0, 'nothing_received'),
    rejected_quantity: countedQuantity.optional(),
    rejection_reason: z.enum(REJECTION_REASONS).optional(),
    photo_ids: z.array(uuidSchema).max(MAX_RECEIPT_LINE_PHOTOS).optional(),
  })
  .superRefine((l, ctx) => {
    const rejected = l.rejected_quantity ?? 0;
    if (rejected > l.received_quantity) ctx.addIssue({ code: 'custom', message: 'rejected_above_received', path: ['rejected_quantity'] });
    if (rejected > 0 && !l.rejection_reason) ctx.addIssue({ code: 'custom', message: 'rejection_reason_required', path: ['rejection_reason'] });
    if (rejected === 0 && l.rejection_reason) ctx.addIssue({ code: 'custom', message: 'nothing_rejected', path: ['rejection_reason'] });
  });

/** POST /api/purchase-orders/{id}/receipts. `id` is the device's: a receipt sent twice is recorded once. */
export const goodsReceiptCreateSchema = z.strictObject({
  id: uuidSchema,
  /** when the goods were counted; now when absent (a receipt queued offline sends the time it was made) */
  received_at: timestampSchema.optional(),
  note: optionalText(MAX.text),
  /** the delivery whose proof the receipt was made from, if any */
  delivery_id: uuidSchema.optional(),
  lines: z
    .array(receiptLineInput)
    .min(1)
    .max(500)
    .superRefine(namedOnce('purchase_order_line_id')),
});
export type GoodsReceiptCreate = z.infer<typeof goodsReceiptCreateSchema>;
/** The sync mutation goods_receipt.record: the body and the order's id. */
export const goodsReceiptArgsSchema = goodsReceiptCreateSchema.safeExtend({ purchase_order_id: uuidSchema });
export type GoodsReceiptArgs = z.infer<typeof goodsReceiptArgsSchema>;

const goodsReceiptLineSchema = z.object({
  id: uuidSchema,
  purchase_order_line_id: uuidSchema,
  /** the order line's position and description, as the receipt shows them */
  position: z.number().int(),
  description: z.string(),
  unit: z.string(),
  received_quantity: z.number(),
  rejected_quantity: z.number(),
  rejection_reason: z.enum(REJECTION_REASONS).nullable(),
  photo_ids: z.array(uuidSchema),
});

export const goodsReceiptSchema = z.object({
  id: uuidSchema,
  purchase_order_id: uuidSchema,
  purchase_order_number: z.string(),
  buyer_id: uuidSchema,
  seller_id: uuidSchema,
  /** who counted the goods: the member's id and name */
  received_by: uuidSchema.nullable(),
  received_by_name: z.string().nullable(),
  delivery_id: uuidSchema.nullable(),
  received_at: timestampSchema,
  note: z.string().nullable(),
  lines: z.array(goodsReceiptLineSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type GoodsReceipt = z.infer<typeof goodsReceiptSchema>;

/** The tolerance a buyer may set on its receipts: at most this many percent above an order line. */
export const MAX_RECEIPT_TOLERANCE_PERCENT = 20;

/**
 * The most of an order line that receipts may accept in all: the quantity ordered (less
 * what a close-short cancelled) plus the buyer's tolerance, at the quantity's step. The
 * server refuses a receipt beyond it; the receipt form caps its fields by it.
 */
export const receivableLimit = (ordered: number, cancelled: number, tolerancePercent: number): number =>
  Math.floor(roundStock((ordered - cancelled) * (1 + tolerancePercent / 100)) * 10 + 1e-6) / 10;

/**
 * What of an order line is still to arrive: ordered less cancelled less accepted, never
 * below zero. A receipt made from a delivery's proof is prefilled with it.
 */
export const openQuantity = (line: { quantity: number; cancelled_quantity: number; accepted_quantity: number }): number =>
  Math.max(0, roundStock(line.quantity - line.cancelled_quantity - line.accepted_quantity));

/**
 * The tus Upload-Metadata of a photo of an order's receipt line or dispute (kind=order_photo):
 * the order it belongs to and the photo's own id, the one the receipt or dispute names in
 * photo_ids. The device sends it after the receipt or dispute that names it has reached
 * the server, so the server keeps only photos its parties named.
 */
export const orderPhotoUploadMetadataSchema = z.object({
  kind: z.literal('order_photo'),
  purchase_order_id: uuidSchema,
  photo_id: uuidSchema,
  filename: lineString(255).optional(),
  filetype: lineString(100).optional(),
});
export type OrderPhotoUploadMetadata = z.infer<typeof orderPhotoUploadMetadataSchema>;

/** Where a photo of an order's receipts or disputes is served (WebP), to the order's buyer and seller only. */
export const orderPhotoUrl = (purchaseOrderId: string, photoId: string, size: 160 | 480 | 1200): string =>
  `/api/purchase-orders/${purchaseOrderId}/photos/${photoId}?size=${size}`;
