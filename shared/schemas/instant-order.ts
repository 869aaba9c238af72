/**
 * Instant order: a contractor's urgent request for materials, open to every supplier
 * while active; the create body, the accept action and the list query.
 */
import { z } from 'zod';
import { URGENCY_LEVELS } from '../constants';
import { instantOrderLifecycle } from '../lifecycles/instant-orders';
import {
  MAX,
  clientIdField,
  moneySchema,
  paginationFields,
  quantitySchema,
  requiredName,
  requiredText,
  timestampSchema,
  uuidSchema,
} from './common';
import { instantOrderResponseSchema } from './instant-order-response';

const instantOrderStatusSchema = z.enum(instantOrderLifecycle.states);
const urgencyLevelSchema = z.enum(URGENCY_LEVELS);

export const instantOrderSchema = z.object({
  id: uuidSchema,
  contractor_id: uuidSchema,
  title: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  /** the material's category, which the market price of an accepted offer is counted in */
  category_id: uuidSchema.nullable(),
  location: z.string(),
  urgency_level: urgencyLevelSchema,
  budget_range_min: z.number().nullable(),
  budget_range_max: z.number().nullable(),
  delivery_deadline: timestampSchema.nullable(),
  expires_at: timestampSchema,
  status: instantOrderStatusSchema,
  accepted_response_id: uuidSchema.nullable(),
  /** the contractor's site, its budget line and the purchase request it was made from: the contractor's rows only (null for a supplier) */
  site_id: uuidSchema.nullable(),
  budget_line_id: uuidSchema.nullable(),
  purchase_request_id: uuidSchema.nullable(),
  contractor_name: z.string().nullable(),
  response_count: z.number().int().min(0),
  /** the calling supplier's own offer on this order; null for everyone else */
  my_response: instantOrderResponseSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type InstantOrder = z.infer<typeof instantOrderSchema>;

/** POST /api/instant-orders. */
export const instantOrderCreateSchema = z
  .strictObject({
    ...clientIdField,
    title: requiredName(MAX.name),
    description: requiredText(MAX.text),
    quantity: quantitySchema.default(1),
    unit: requiredText(MAX.unit),
    category_id: uuidSchema.nullable().optional(),
    location: requiredText(MAX.location),
    urgency_level: urgencyLevelSchema.default('normal'),
    budget_range_min: moneySchema.nullable().optional(),
    budget_range_max: moneySchema.nullable().optional(),
    delivery_deadline: timestampSchema.nullable().optional(),
    /** the contractor's site it buys for (its order waits for the site's approvals by amount), and a budget line of it */
    site_id: uuidSchema.nullable().optional(),
    budget_line_id: uuidSchema.nullable().optional(),
  })
  .refine((v) => !v.budget_line_id || !!v.site_id, { message: 'budget_line_without_site', path: ['budget_line_id'] })
  .refine((v) => v.budget_range_min == null || v.budget_range_max == null || v.budget_range_min <= v.budget_range_max, {
    message: 'budget_range_inverted',
    path: ['budget_range_max'],
  });
export type InstantOrderCreate = z.infer<typeof instantOrderCreateSchema>;
export type InstantOrderCreateInput = z.input<typeof instantOrderCreateSchema>;

/** POST /api/instant-orders/:id/accept. */
export const instantOrderAcceptSchema = z.strictObject({ response_id: uuidSchema });
/** The sync mutation instant_order.accept: the accept body and the order's id (the path's) as `id`. */
export const instantOrderAcceptArgsSchema = instantOrderAcceptSchema.extend({ id: uuidSchema });
export type InstantOrderAcceptArgs = z.infer<typeof instantOrderAcceptArgsSchema>;

/** The sync mutation instant_order.cancel: POST /api/instant-orders/:id/cancel, the order's id as `id`. */
export const instantOrderCancelArgsSchema = z.strictObject({ id: uuidSchema });
export type InstantOrderCancelArgs = z.infer<typeof instantOrderCancelArgsSchema>;

/** GET /api/instant-orders. */
export const instantOrderListQuerySchema = z.strictObject({
  status: instantOrderStatusSchema.optional(),
  ...paginationFields,
});
export type InstantOrderListQuery = z.infer<typeof instantOrderListQuerySchema>;
