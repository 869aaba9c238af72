/** Instant order response (offer): a supplier's price for an instant order. */
import { z } from 'zod';
import { instantOrderResponseLifecycle } from '../lifecycles/instant-orders';
import { MAX, clientIdField, moneySchema, optionalText, positiveInt, timestampSchema, uuidSchema } from './common';
import { verificationTierSchema } from './profile';
import { VAT_CATEGORY_CODES } from '../vatex';
import { checkVatTreatment, vatTreatmentFields } from './vat-treatment';

const instantOrderResponseStatusSchema = z.enum(instantOrderResponseLifecycle.states);

export const instantOrderResponseSchema = z.object({
  id: uuidSchema,
  instant_order_id: uuidSchema,
  supplier_id: uuidSchema,
  offered_price: z.number(),
  delivery_time_hours: z.number().int().nullable(),
  notes: z.string().nullable(),
  /** the VAT the supplier states on the offer (shared/schemas/vat-treatment.ts): what the order's line and its invoice carry */
  vat_category: z.enum(VAT_CATEGORY_CODES),
  exemption_reason_code: z.string().nullable(),
  status: instantOrderResponseStatusSchema,
  supplier_name: z.string().nullable(),
  supplier_verification_tier: verificationTierSchema,
  /** Where the supplier is (their profile's address and city): the contractor prefills a transport request's pickup from it. */
  supplier_address: z.string().nullable(),
  supplier_city: z.string().nullable(),
  /** the person of the supplier's company who sent the current version */
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type InstantOrderResponse = z.infer<typeof instantOrderResponseSchema>;

/** POST /api/instant-order-responses. The price is before VAT; the VAT is the one the offer states (standard when absent). */
export const instantOrderResponseCreateSchema = z
  .strictObject({
    ...clientIdField,
    instant_order_id: uuidSchema,
    offered_price: moneySchema,
    delivery_time_hours: positiveInt(8760).nullable().optional(),
    notes: optionalText(MAX.text),
    ...vatTreatmentFields,
  })
  .superRefine(checkVatTreatment);
export type InstantOrderResponseCreate = z.infer<typeof instantOrderResponseCreateSchema>;
