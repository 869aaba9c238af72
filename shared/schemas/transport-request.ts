/**
 * Transport request: cargo someone needs moved (weight in kg, volume in m³), open to
 * quotes while pending; the create body, the accept and status actions, and the list
 * query.
 */
import { z } from 'zod';
import { transportRequestLifecycle } from '../lifecycles/transport';
import {
  MAX,
  clientIdField,
  moneySchema,
  optionalName,
  optionalText,
  paginationFields,
  requiredText,
  optionalSaudiPhone,
  timestampSchema,
  uuidSchema,
} from './common';

const transportRequestStatusSchema = z.enum(transportRequestLifecycle.states);

export const transportRequestSchema = z.object({
  id: uuidSchema,
  requester_id: uuidSchema,
  pickup_location: z.string(),
  delivery_location: z.string(),
  cargo_description: z.string(),
  cargo_weight: z.number().nullable(),
  cargo_volume: z.number().nullable(),
  vehicle_type_required: z.string().nullable(),
  preferred_pickup_time: timestampSchema.nullable(),
  preferred_delivery_time: timestampSchema.nullable(),
  budget: z.number().nullable(),
  /** Whom the driver calls at each end: a name and a phone (E.164) at pickup and at drop-off, either may be missing. */
  pickup_contact_name: z.string().nullable(),
  pickup_contact_phone: z.string().nullable(),
  delivery_contact_name: z.string().nullable(),
  delivery_contact_phone: z.string().nullable(),
  status: transportRequestStatusSchema,
  assigned_offer_id: uuidSchema.nullable(),
  /** The deal it moves: an instant order whose offer was accepted, an awarded project, or an accepted purchase order. */
  instant_order_id: uuidSchema.nullable(),
  project_id: uuidSchema.nullable(),
  purchase_order_id: uuidSchema.nullable(),
  /** The delivery once the transport company assigned a driver. */
  delivery_id: uuidSchema.nullable(),
  requester_name: z.string().nullable(),
  offer_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type TransportRequest = z.infer<typeof transportRequestSchema>;

/** Weight (kg) and volume (m³): up to two decimals, never negative. */
const measureSchema = z.number().min(0).max(999_999_999_999.99).multipleOf(0.01);

/** POST /api/transport-requests. */
export const transportRequestCreateSchema = z
  .strictObject({
    ...clientIdField,
    pickup_location: requiredText(MAX.location),
    delivery_location: requiredText(MAX.location),
    cargo_description: requiredText(MAX.text),
    cargo_weight: measureSchema.nullable().optional(),
    cargo_volume: measureSchema.nullable().optional(),
    vehicle_type_required: optionalText(MAX.short),
    preferred_pickup_time: timestampSchema.nullable().optional(),
    preferred_delivery_time: timestampSchema.nullable().optional(),
    budget: moneySchema.nullable().optional(),
    /** The person at each end and a Saudi phone (any usual spelling, stored in E.164); blank is none. */
    pickup_contact_name: optionalName(MAX.name),
    pickup_contact_phone: optionalSaudiPhone(),
    delivery_contact_name: optionalName(MAX.name),
    delivery_contact_phone: optionalSaudiPhone(),
    /** Transport for a deal: the caller's fulfilled instant order, a project awarded to them, or a purchase order of theirs the seller accepted. At most one. */
    instant_order_id: uuidSchema.nullable().optional(),
    project_id: uuidSchema.nullable().optional(),
    purchase_order_id: uuidSchema.nullable().optional(),
  })
  .refine((v) => [v.instant_order_id, v.project_id, v.purchase_order_id].filter(Boolean).length <= 1, { message: 'one_deal', path: ['project_id'] })
  // A name with no number gives the driver no one to call: a contact named needs its phone.
  .refine((v) => !v.pickup_contact_name || !!v.pickup_contact_phone, { message: 'contact_phone_required', path: ['pickup_contact_phone'] })
  .refine((v) => !v.delivery_contact_name || !!v.delivery_contact_phone, { message: 'contact_phone_required', path: ['delivery_contact_phone'] })
  .refine(
    (v) =>
      !v.preferred_pickup_time ||
      !v.preferred_delivery_time ||
      Date.parse(v.preferred_pickup_time) <= Date.parse(v.preferred_delivery_time),
    { message: 'delivery_before_pickup', path: ['preferred_delivery_time'] },
  );
export type TransportRequestCreate = z.infer<typeof transportRequestCreateSchema>;
export type TransportRequestCreateInput = z.input<typeof transportRequestCreateSchema>;

/** POST /api/transport-requests/:id/accept. */
export const transportRequestAcceptSchema = z.strictObject({ offer_id: uuidSchema });
/** The sync mutation transport_request.accept: the accept body and the request's id (the path's) as `id`. */
export const transportRequestAcceptArgsSchema = transportRequestAcceptSchema.extend({ id: uuidSchema });

/** POST /api/transport-requests/:id/status: moves after assignment. */
export const transportRequestStatusChangeSchema = z.strictObject({
  status: z.enum(['in_transit', 'delivered', 'cancelled']),
});
export type TransportRequestStatusChange = z.infer<typeof transportRequestStatusChangeSchema>;
/** The sync mutation transport_request.status: the status body and the request's id (the path's) as `id`. */
export const transportRequestStatusArgsSchema = transportRequestStatusChangeSchema.extend({ id: uuidSchema });

/** GET /api/transport-requests. */
export const transportRequestListQuerySchema = z.strictObject({
  status: transportRequestStatusSchema.optional(),
  ...paginationFields,
});
export type TransportRequestListQuery = z.infer<typeof transportRequestListQuerySchema>;
