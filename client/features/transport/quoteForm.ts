/** A transport company's quote: price, pickup and delivery times, vehicle, notes (shared schema rules). */
import { transportOfferCreateSchema, type TransportOffer } from '../../../shared/schemas/transport-offer';
import { isoToLocal, issuesToErrors, localToIso, parseNumber, type FieldErrors } from '../../ui/formInput';
import type { TransportFormError } from './requestForm';

export const QUOTE_FIELDS = ['quoted_price', 'estimated_pickup_time', 'estimated_delivery_time', 'vehicle_details', 'notes'] as const;
type QuoteField = (typeof QUOTE_FIELDS)[number];
export type QuoteValues = Record<QuoteField, string>;
export type QuoteErrors = FieldErrors<QuoteField, TransportFormError>;

export interface QuoteInput {
  quoted_price: number;
  estimated_pickup_time: string | null;
  estimated_delivery_time: string | null;
  vehicle_details: string | null;
  notes: string | null;
}

export const quoteValuesFrom = (quote: TransportOffer | undefined): QuoteValues => ({
  quoted_price: quote ? String(quote.quoted_price) : '',
  estimated_pickup_time: isoToLocal(quote?.estimated_pickup_time),
  estimated_delivery_time: isoToLocal(quote?.estimated_delivery_time),
  vehicle_details: quote?.vehicle_details ?? '',
  notes: quote?.notes ?? '',
});

export function validateQuote(values: QuoteValues, requestId: string): { errors: QuoteErrors; input?: QuoteInput } {
  const raw = {
    quoted_price: parseNumber(values.quoted_price) ?? Number.NaN,
    estimated_pickup_time: localToIso(values.estimated_pickup_time),
    estimated_delivery_time: localToIso(values.estimated_delivery_time),
    vehicle_details: values.vehicle_details,
    notes: values.notes,
  };
  const result = transportOfferCreateSchema.safeParse({ ...raw, transport_request_id: requestId });
  if (result.success) {
    const d = result.data;
    return {
      errors: {},
      input: {
        quoted_price: d.quoted_price,
        estimated_pickup_time: d.estimated_pickup_time ?? null,
        estimated_delivery_time: d.estimated_delivery_time ?? null,
        vehicle_details: d.vehicle_details ?? null,
        notes: d.notes ?? null,
      },
    };
  }
  return {
    errors: issuesToErrors(result.error.issues, QUOTE_FIELDS, {
      blank: (f) => values[f].trim() === '',
      messages: { delivery_before_pickup: 'deliveryBeforePickup' },
      fallback: { quoted_price: 'money', estimated_pickup_time: 'date', estimated_delivery_time: 'date' },
    }),
  };
}
