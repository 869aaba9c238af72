/** Transport offer: a transport company's quote on a transport request. */
import { z } from 'zod';
import { transportOfferLifecycle } from '../lifecycles/transport';
import { MAX, clientIdField, moneySchema, optionalText, timestampSchema, uuidSchema } from './common';
import { verificationTierSchema } from './profile';
import { companyScorecardsSchema } from './scorecard';

const transportOfferStatusSchema = z.enum(transportOfferLifecycle.states);

export const transportOfferSchema = z.object({
  id: uuidSchema,
  transport_request_id: uuidSchema,
  transport_company_id: uuidSchema,
  quoted_price: z.number(),
  estimated_pickup_time: timestampSchema.nullable(),
  estimated_delivery_time: timestampSchema.nullable(),
  vehicle_details: z.string().nullable(),
  notes: z.string().nullable(),
  status: transportOfferStatusSchema,
  transport_company_name: z.string().nullable(),
  transport_company_verification_tier: verificationTierSchema,
  /** the carrier's scorecard (both windows), so the requester weighs its record beside its price; null before any was measured */
  transport_company_scorecard: companyScorecardsSchema.nullable(),
  /** the person of the transport company who sent the current quote */
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type TransportOffer = z.infer<typeof transportOfferSchema>;

/** POST /api/transport-offers. */
export const transportOfferCreateSchema = z
  .strictObject({
    ...clientIdField,
    transport_request_id: uuidSchema,
    quoted_price: moneySchema,
    estimated_pickup_time: timestampSchema.nullable().optional(),
    estimated_delivery_time: timestampSchema.nullable().optional(),
    vehicle_details: optionalText(MAX.location),
    notes: optionalText(MAX.text),
  })
  .refine(
    (v) =>
      !v.estimated_pickup_time ||
      !v.estimated_delivery_time ||
      Date.parse(v.estimated_pickup_time) <= Date.parse(v.estimated_delivery_time),
    { message: 'delivery_before_pickup', path: ['estimated_delivery_time'] },
  );
export type TransportOfferCreate = z.infer<typeof transportOfferCreateSchema>;
