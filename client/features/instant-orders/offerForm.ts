/** The supplier's offer form: price, delivery hours and notes, checked by the shared schema. */
import { instantOrderResponseCreateSchema } from '../../../shared/schemas/instant-order-response';
import type { InstantOrderResponse } from '../../../shared/schemas/instant-order-response';
import { issuesToErrors, parseNumber, type FieldErrors } from '../../ui/formInput';
import type { OrdersFormError } from './orderForm';

export const OFFER_FIELDS = ['offered_price', 'delivery_time_hours', 'notes'] as const;
type OfferField = (typeof OFFER_FIELDS)[number];
export type OfferValues = Record<OfferField, string>;
export type OfferErrors = FieldErrors<OfferField, OrdersFormError>;

export interface OfferInput {
  offered_price: number;
  delivery_time_hours: number | null;
  notes: string | null;
}

export const offerValuesFrom = (offer: InstantOrderResponse | null | undefined): OfferValues => ({
  offered_price: offer ? String(offer.offered_price) : '',
  delivery_time_hours: offer?.delivery_time_hours != null ? String(offer.delivery_time_hours) : '',
  notes: offer?.notes ?? '',
});

export function validateOffer(values: OfferValues, orderId: string): { errors: OfferErrors; input?: OfferInput } {
  const input = {
    offered_price: parseNumber(values.offered_price) ?? Number.NaN,
    delivery_time_hours: parseNumber(values.delivery_time_hours),
    notes: values.notes,
  };
  const result = instantOrderResponseCreateSchema.safeParse({ ...input, instant_order_id: orderId });
  if (result.success) return { errors: {}, input: { ...input, notes: result.data.notes ?? null } };
  return {
    errors: issuesToErrors(result.error.issues, OFFER_FIELDS, {
      blank: (f) => values[f].trim() === '',
      fallback: { offered_price: 'money', delivery_time_hours: 'hours' },
    }),
  };
}
