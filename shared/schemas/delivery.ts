/**
 * Deliveries: a transport request whose quote was accepted, assigned by the transport
 * company to one of its drivers with a vehicle plate, and moved by that driver through
 * picked up, on the way and delivered (each step stamped with the device's time and, if
 * the driver allows it, the location), with a proof at delivery (recipient, signature,
 * photos, note); then the requester confirms receipt or reports a problem.
 *
 * A driver's view of a delivery carries no price: neither the request's budget nor the
 * quote. Its photos and signature are files of the deal, served only to its parties
 * (GET /api/deliveries/{id}/files/{file_id}?size=), never at a public URL.
 *
 * REST:
 *   POST /api/transport-requests/{id}/assign {driver_id, vehicle_plate} -> delivery (company)
 *   GET  /api/deliveries, GET /api/deliveries/{id} -> delivery (its parties)
 *   POST /api/deliveries/{id}/steps {event_id, step, at, location?, proof?} -> delivery (driver)
 *   POST /api/deliveries/{id}/confirm {event_id, at, note?} -> delivery (requester)
 *   POST /api/deliveries/{id}/problem {event_id, at, kind, note?} -> delivery (requester)
 * Files arrive over the tus endpoint with Upload-Metadata kind=delivery_file,
 * delivery_id, photo_id (the file's id) and purpose (signature, proof or problem).
 */
import { z } from 'zod';
import { MAX, lineString, optionalText, requiredText, timestampSchema, uuidSchema } from './common';
import { photoHashSchema } from './photo';
import { nextStatuses } from '../lifecycle';
import { deliveryLifecycle, type DeliveryStage } from '../lifecycles/deliveries';

export type { DeliveryStage };
/** The steps a driver takes, in order: the driver's moves of the delivery's machine. */
export type DriverStep = Extract<(typeof deliveryLifecycle.transitions)[number], { actor: 'driver' }>['to'];
const DRIVER_STEPS = deliveryLifecycle.transitions.filter((t) => t.actor === 'driver').map((t) => t.to as DriverStep);
/** The one step a driver takes next from a stage, or null once delivered (or answered). */
export const nextDriverStep = (stage: DeliveryStage): DriverStep | null => (nextStatuses(deliveryLifecycle, stage, 'driver')[0] as DriverStep | undefined) ?? null;
export const PROBLEM_KINDS = ['short', 'damaged', 'late'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];
const DELIVERY_FILE_PURPOSES = ['signature', 'proof', 'problem'] as const;
export type DeliveryFilePurpose = (typeof DELIVERY_FILE_PURPOSES)[number];
/** Proof photos at delivery, and photos of a reported problem, at most. */
export const MAX_DELIVERY_PHOTOS = 6;
/** A step's time may be at most this far ahead of the server's clock (a phone's clock drifts). */
export const STEP_CLOCK_SKEW_MS = 5 * 60_000;

/** A vehicle plate as written on it: Arabic or Latin letters, digits, spaces and hyphens. */
export const vehiclePlateSchema = z
  .string()
  .trim()
  .min(2)
  .max(20)
  .regex(/^[\p{L}\p{N} -]+$/u, 'plate');

const locationSchema = z.strictObject({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).nullable().optional(),
});
export type DeliveryLocation = z.infer<typeof locationSchema>;

const deliveryEventSchema = z.object({
  id: uuidSchema,
  step: z.enum(deliveryLifecycle.states),
  /** When it happened, by the device that recorded it. */
  at: timestampSchema,
  /** When the server received it. */
  recorded_at: timestampSchema,
  actor_name: z.string().nullable(),
  location: z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable() }).nullable(),
  note: z.string().nullable(),
  problem_kind: z.enum(PROBLEM_KINDS).nullable(),
});
export type DeliveryEvent = z.infer<typeof deliveryEventSchema>;

/** A file of the deal: a signature or a photo (WebP sizes 160, 480, 1200 like product photos). */
const deliveryFileSchema = z.object({
  id: uuidSchema,
  purpose: z.enum(DELIVERY_FILE_PURPOSES),
  hash: photoHashSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type DeliveryFile = z.infer<typeof deliveryFileSchema>;

/** Where a file of a delivery is served, to its parties only. */
export function deliveryFileUrl(deliveryId: string, fileId: string, size: 160 | 480 | 1200): string {
  return `/api/deliveries/${deliveryId}/files/${fileId}?size=${size}`;
}

export const deliverySchema = z.object({
  id: uuidSchema,
  transport_request_id: uuidSchema,
  /** The transport company (its account id). */
  company_id: uuidSchema,
  company_name: z.string().nullable(),
  driver_id: uuidSchema,
  driver_name: z.string().nullable(),
  vehicle_plate: z.string(),
  stage: z.enum(deliveryLifecycle.states),
  pickup_location: z.string(),
  delivery_location: z.string(),
  cargo_description: z.string(),
  cargo_weight: z.number().nullable(),
  /** The requester, whom the driver calls at delivery. */
  requester_id: uuidSchema,
  requester_name: z.string().nullable(),
  requester_phone: z.string().nullable(),
  /** The supplier whose goods these are, when the request came from an accepted offer. */
  supplier_name: z.string().nullable(),
  supplier_phone: z.string().nullable(),
  /**
   * Whom the driver calls at each end, a name and a phone (E.164): the contacts the
   * request names, else the deal's supplier at pickup and the requester at drop-off.
   */
  pickup_contact_name: z.string().nullable(),
  pickup_contact_phone: z.string().nullable(),
  delivery_contact_name: z.string().nullable(),
  delivery_contact_phone: z.string().nullable(),
  recipient_name: z.string().nullable(),
  proof_note: z.string().nullable(),
  events: z.array(deliveryEventSchema),
  files: z.array(deliveryFileSchema),
  assigned_at: timestampSchema,
  delivered_at: timestampSchema.nullable(),
  confirmed_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Delivery = z.infer<typeof deliverySchema>;

/** POST /api/transport-requests/{id}/assign. */
export const deliveryAssignSchema = z.strictObject({ driver_id: uuidSchema, vehicle_plate: vehiclePlateSchema });
export type DeliveryAssign = z.infer<typeof deliveryAssignSchema>;
/** The sync mutation delivery.assign: the body with the transport request's id as `id`. */
export const deliveryAssignArgsSchema = deliveryAssignSchema.extend({ id: uuidSchema });

/** What the driver records at delivery. The signature and photos are files sent apart, by their ids. */
const deliveryProofSchema = z.strictObject({
  recipient_name: requiredText(MAX.name),
  signature_id: uuidSchema,
  photo_ids: z.array(uuidSchema).max(MAX_DELIVERY_PHOTOS).default([]),
  note: optionalText(MAX.text),
});

/** POST /api/deliveries/{id}/steps. `event_id` is chosen by the device: a step sent twice is recorded once. */
export const deliveryStepSchema = z
  .strictObject({
    event_id: uuidSchema,
    step: z.enum(DRIVER_STEPS),
    at: timestampSchema,
    location: locationSchema.nullable().optional(),
    proof: deliveryProofSchema.optional(),
  })
  .refine((v) => (v.step === 'delivered') === (v.proof !== undefined), { message: 'proof_at_delivery', path: ['proof'] });
export type DeliveryStepInput = z.infer<typeof deliveryStepSchema>;
export const deliveryStepArgsSchema = deliveryStepSchema.safeExtend({ id: uuidSchema });

/** POST /api/deliveries/{id}/confirm. */
export const deliveryConfirmSchema = z.strictObject({ event_id: uuidSchema, at: timestampSchema, note: optionalText(MAX.text) });
export const deliveryConfirmArgsSchema = deliveryConfirmSchema.extend({ id: uuidSchema });
export type DeliveryConfirmArgs = z.infer<typeof deliveryConfirmArgsSchema>;

/** POST /api/deliveries/{id}/problem: short, damaged or late, with photos sent apart (purpose problem). */
export const deliveryProblemSchema = z.strictObject({
  event_id: uuidSchema,
  at: timestampSchema,
  kind: z.enum(PROBLEM_KINDS),
  note: optionalText(MAX.text),
  photo_ids: z.array(uuidSchema).max(MAX_DELIVERY_PHOTOS).default([]),
});
export const deliveryProblemArgsSchema = deliveryProblemSchema.extend({ id: uuidSchema });
export type DeliveryProblemArgs = z.infer<typeof deliveryProblemArgsSchema>;

/** The tus Upload-Metadata of a delivery's file. */
export const deliveryUploadMetadataSchema = z.object({
  kind: z.literal('delivery_file'),
  delivery_id: uuidSchema,
  photo_id: uuidSchema,
  purpose: z.enum(DELIVERY_FILE_PURPOSES),
  filename: lineString(255).optional(),
  filetype: lineString(100).optional(),
});
export type DeliveryUploadMetadata = z.infer<typeof deliveryUploadMetadataSchema>;
