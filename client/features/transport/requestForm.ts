/**
 * The transport request form: text values, the mutation input, and field errors from the
 * shared schema (the server parses the same one).
 */
import { transportRequestCreateSchema, type TransportRequestCreateInput } from '../../../shared/schemas/transport-request';
import type { KeysUnder } from '../../i18n/keys';
import { issuesToErrors, localToIso, parseNumber, type FieldErrors, type SharedFieldError } from '../../ui/formInput';

export const REQUEST_FIELDS = [
  'pickup_location',
  'delivery_location',
  'cargo_description',
  'cargo_weight',
  'cargo_volume',
  'vehicle_type_required',
  'preferred_pickup_time',
  'preferred_delivery_time',
  'budget',
] as const;
type RequestField = (typeof REQUEST_FIELDS)[number];
export type RequestValues = Record<RequestField, string>;
/** The message keys of the transport forms: transport:form.errors, and the shared ones of common:validation. */
export type TransportFormError = KeysUnder<'transport', 'form.errors'> | SharedFieldError;
export type RequestErrors = FieldErrors<RequestField, TransportFormError>;

export const emptyRequest = (): RequestValues => Object.fromEntries(REQUEST_FIELDS.map((f) => [f, ''])) as RequestValues;

function toRequestInput(v: RequestValues): Omit<TransportRequestCreateInput, 'id'> {
  return {
    pickup_location: v.pickup_location,
    delivery_location: v.delivery_location,
    cargo_description: v.cargo_description,
    cargo_weight: parseNumber(v.cargo_weight),
    cargo_volume: parseNumber(v.cargo_volume),
    vehicle_type_required: v.vehicle_type_required,
    preferred_pickup_time: localToIso(v.preferred_pickup_time),
    preferred_delivery_time: localToIso(v.preferred_delivery_time),
    budget: parseNumber(v.budget),
  };
}

const FALLBACK: Partial<Record<RequestField, TransportFormError>> = {
  cargo_weight: 'measure',
  cargo_volume: 'measure',
  budget: 'money',
  preferred_pickup_time: 'date',
  preferred_delivery_time: 'date',
};

export function validateRequest(values: RequestValues): { errors: RequestErrors; input?: Omit<TransportRequestCreateInput, 'id'> } {
  const input = toRequestInput(values);
  const result = transportRequestCreateSchema.safeParse(input);
  if (result.success) return { errors: {}, input };
  return {
    errors: issuesToErrors(result.error.issues, REQUEST_FIELDS, {
      blank: (f) => values[f].trim() === '',
      messages: { delivery_before_pickup: 'deliveryBeforePickup' },
      fallback: FALLBACK,
    }),
  };
}
