/**
 * Purchase orders: what a buyer commits to buy from one seller, made by an RFQ's award
 * (one per winning supplier) or by accepting an instant-order offer. Numbered per buyer
 * company and year without gaps (PO-2026-000042); each line carries its VAT rounded on its
 * own and the totals are the sums of the lines (shared/vat.ts).
 *
 * GET  /api/purchase-orders (as buyer or seller; ?as=buyer|seller) -> purchaseOrder[]
 * GET  /api/purchase-orders/{id} -> purchaseOrder
 * POST /api/purchase-orders/{id}/accept | /decline (seller) | /cancel (buyer)
 *      | /deliver (seller) | /close | /close-short (buyer) -> purchaseOrder
 * Receipts against an order: shared/schemas/goods-receipt.ts; disputes: shared/schemas/dispute.ts.
 */
import { z } from 'zod';
import { MAX, dateSchema, optionalText, paginationFields, timestampSchema, uuidSchema } from './common';
import { VAT_CATEGORY_CODES } from '../vatex';
import { nationalAddressShape } from './tax-profile';
import { actionsFor } from '../lifecycle';
import { PURCHASE_ORDER_SIDES, purchaseOrderLifecycle, type PurchaseOrderAction, type PurchaseOrderSide, type PurchaseOrderStatus } from '../lifecycles/purchase-orders';

export type { PurchaseOrderAction, PurchaseOrderSide, PurchaseOrderStatus };

/** Each action's move (shared/lifecycles/purchase-orders.ts), by its name: the routes and the device's effects read it so. */
export const PURCHASE_ORDER_ACTIONS = Object.fromEntries(
  purchaseOrderLifecycle.transitions
    .filter((t) => !('cascade' in t))
    .map((t) => [t.action, { side: t.actor, from: t.from as readonly PurchaseOrderStatus[], to: t.to as PurchaseOrderStatus }]),
) as Record<PurchaseOrderAction, { side: PurchaseOrderSide; from: readonly PurchaseOrderStatus[]; to: PurchaseOrderStatus }>;

/**
 * What makes an order that its status would let the buyer cancel no longer cancellable:
 * money or goods moved on it. `paid`: a payment was recorded against its invoice; `invoiced`:
 * its tax invoice is live (pending or accepted by ZATCA; a rejected one never existed for the
 * buyer); `received`: the buyer's company recorded a goods receipt of it (what is still
 * open is closed short instead); `delivered`: a driver delivered its goods with a proof. A cleared invoice is
 * undone by a credit note, not by cancelling the order it invoices, and goods delivered are
 * not undone at all. The server reads it with the order (queries.ts) and refuses by it; the
 * screens hide the cancel button by it.
 */
const CANCEL_BLOCKERS = ['paid', 'invoiced', 'received', 'delivered'] as const;
export type CancelBlocker = (typeof CANCEL_BLOCKERS)[number];

/** Whether `side` may make `action` on an order in `status` (the buttons a screen shows, the check the server makes). */
export function canActOnPurchaseOrder(action: PurchaseOrderAction, side: PurchaseOrderSide, status: PurchaseOrderStatus, cancelBlocker: CancelBlocker | null = null): boolean {
  if (action === 'cancel' && cancelBlocker) return false;
  return actionsFor(purchaseOrderLifecycle, status, side).includes(action);
}

/** The actions open to `side` on an order. */
export const purchaseOrderActions = (side: PurchaseOrderSide, order: Pick<PurchaseOrder, 'status' | 'cancel_blocker'>): PurchaseOrderAction[] =>
  (actionsFor(purchaseOrderLifecycle, order.status, side) as PurchaseOrderAction[]).filter((a) => canActOnPurchaseOrder(a, side, order.status, order.cancel_blocker));

/** A number as PO-2026-000042: the year it was issued and its place in the buyer company's sequence that year. */
const PURCHASE_ORDER_NUMBER = /^PO-\d{4}-\d{6,}$/;
export const purchaseOrderNumber = (year: number, seq: number): string => `PO-${year}-${String(seq).padStart(6, '0')}`;

const purchaseOrderLineSchema = z.object({
  id: uuidSchema,
  position: z.number().int().min(1),
  /** the RFQ line it buys, for an order from an award */
  rfq_line_id: uuidSchema.nullable(),
  /** the buyer's site budget line the line spends, if named */
  budget_line_id: uuidSchema.nullable(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unit_price: z.number(),
  /** 0.15, or 0 for a zero-rated or exempt line */
  vat_rate: z.number(),
  /** the VAT the seller stated (shared/schemas/vat-treatment.ts): S, or Z or E with the VATEX code and ZATCA's text */
  vat_category: z.enum(VAT_CATEGORY_CODES),
  exemption_reason_code: z.string().nullable(),
  exemption_reason: z.string().nullable(),
  /** quantity × unit price, before VAT */
  line_total: z.number(),
  vat_amount: z.number(),
  substitute_product_id: uuidSchema.nullable(),
  note: z.string().nullable(),
  /** what the buyer's goods receipts counted of the line, and the part of it they rejected */
  received_quantity: z.number(),
  rejected_quantity: z.number(),
  /**
   * what of the line is taken as arrived: received less rejected, less what a dispute
   * settled by redelivery reopened (shared/schemas/goods-receipt.ts openQuantity)
   */
  accepted_quantity: z.number(),
  /** what a close-short cancelled of the line */
  cancelled_quantity: z.number(),
  /** what the seller's live invoices and notes bill of the line: invoiced, less credited, plus debited quantities */
  invoiced_quantity: z.number(),
});

export const purchaseOrderSchema = z.object({
  id: uuidSchema,
  number: z.string().regex(PURCHASE_ORDER_NUMBER),
  /** where it came from: an RFQ's award (and the winning quote) or an instant order's accepted offer */
  rfq_id: uuidSchema.nullable(),
  quote_id: uuidSchema.nullable(),
  instant_order_id: uuidSchema.nullable(),
  /** the buyer's site it buys for, and its name (the seller delivers there, so it reads it too) */
  site_id: uuidSchema.nullable(),
  site_name: z.string().nullable(),
  /** the buyer's purchase request (kind order) whose approval issues it while it is awaiting_approval, and which approved it after */
  approval_request_id: uuidSchema.nullable(),
  /** the buyer's and the seller's accounts (a company's for its members) and names */
  buyer_id: uuidSchema,
  buyer_name: z.string().nullable(),
  seller_id: uuidSchema,
  seller_name: z.string().nullable(),
  /** where the goods are picked up: the seller's profile address and city, if given */
  seller_address: z.string().nullable(),
  seller_city: z.string().nullable(),
  /**
   * The seller's national address from its tax profile (the one its tax invoice states),
   * or null before it saved one: where transport booked for the order picks up.
   */
  seller_national_address: nationalAddressShape.nullable(),
  /** whom a driver calls at the seller's: its account holder's name and the company's phone (E.164), if given */
  seller_contact_name: z.string().nullable(),
  seller_phone: z.string().nullable(),
  /** RFQ title or instant order title */
  title: z.string(),
  lines: z.array(purchaseOrderLineSchema),
  subtotal: z.number(),
  vat_total: z.number(),
  total: z.number(),
  delivery_location: z.string(),
  delivery_date: dateSchema.nullable(),
  /** days the seller promised in their quote */
  delivery_days: z.number().int().nullable(),
  /** what the seller wrote on the whole quote or offer it was made from, for the buyer (each line's own note is on the line) */
  notes: z.string().nullable(),
  status: z.enum(purchaseOrderLifecycle.states),
  /** why the seller declined or the buyer cancelled, if they said */
  reason: z.string().nullable(),
  /** what keeps the buyer from cancelling it whatever its status (CANCEL_BLOCKERS), or null */
  cancel_blocker: z.enum(CANCEL_BLOCKERS).nullable(),
  issued_at: timestampSchema,
  answered_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/** GET /api/purchase-orders: both sides unless `as` says one. */
export const purchaseOrderListQuerySchema = z.strictObject({
  as: z.enum(PURCHASE_ORDER_SIDES).optional(),
  status: z.enum(purchaseOrderLifecycle.states).optional(),
  ...paginationFields,
});
export type PurchaseOrderListQuery = z.infer<typeof purchaseOrderListQuerySchema>;

/** POST /api/purchase-orders/{id}/{action}: an optional reason (for a decline or a cancel). */
export const purchaseOrderActionSchema = z.strictObject({ reason: optionalText(MAX.location) });
/** The sync mutations purchase_order.{action}: the order's id and the optional reason. */
export const purchaseOrderActionArgsSchema = purchaseOrderActionSchema.safeExtend({ id: uuidSchema });
export type PurchaseOrderActionArgs = z.infer<typeof purchaseOrderActionArgsSchema>;
