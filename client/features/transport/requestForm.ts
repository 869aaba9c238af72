/**
 * The transport request form: text values, the mutation input, and field errors from the
 * shared schema (the server parses the same one).
 */
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import { nationalAddressLine } from '../../../shared/schemas/tax-profile';
import { transportRequestCreateSchema, type TransportRequestCreateInput } from '../../../shared/schemas/transport-request';
import { formatSaudiPhone } from '../../ui/phone';
import { placeOf } from '../deliveries/deliveryView';
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
  'pickup_contact_name',
  'pickup_contact_phone',
  'delivery_contact_name',
  'delivery_contact_phone',
] as const;
type RequestField = (typeof REQUEST_FIELDS)[number];
export type RequestValues = Record<RequestField, string>;
/** The message keys of the transport forms: transport:form.errors, and the shared ones of common:validation. */
export type TransportFormError = KeysUnder<'transport', 'form.errors'> | SharedFieldError;
export type RequestErrors = FieldErrors<RequestField, TransportFormError>;

export const emptyRequest = (): RequestValues => Object.fromEntries(REQUEST_FIELDS.map((f) => [f, ''])) as RequestValues;

/**
 * Where and whom a truck booked for a purchase order picks up from: the seller's national
 * address (the one its tax invoice states, down to the building and postal code), else its
 * profile's address and city, else `fallback`; the seller's person and phone at the yard.
 * An order synced before the server sent these fields has them undefined.
 */
export function purchaseOrderPickup(
  order: Pick<PurchaseOrder, 'seller_address' | 'seller_city'> & Partial<Pick<PurchaseOrder, 'seller_national_address' | 'seller_contact_name' | 'seller_phone'>>,
  fallback = '',
): Pick<RequestValues, 'pickup_location' | 'pickup_contact_name' | 'pickup_contact_phone'> {
  const national = order.seller_national_address;
  return {
    pickup_location: (national ? nationalAddressLine(national) : placeOf(order.seller_address, order.seller_city)) || fallback,
    pickup_contact_name: order.seller_contact_name ?? '',
    pickup_contact_phone: formatSaudiPhone(order.seller_phone),
  };
}

/** The buyer's person on site: who books is whom the driver calls at drop-off, until they name another. */
export function dropoffContact(name: string | null | undefined, phone: string | null | undefined): Pick<RequestValues, 'delivery_contact_name' | 'delivery_contact_phone'> {
  return { delivery_contact_name: name?.trim() ?? '', delivery_contact_phone: formatSaudiPhone(phone) };
}

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
    pickup_contact_name: v.pickup_contact_name,
    pickup_contact_phone: v.pickup_contact_phone,
    delivery_contact_name: v.delivery_contact_name,
    delivery_contact_phone: v.delivery_contact_phone,
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
      messages: { delivery_before_pickup: 'deliveryBeforePickup', invalid_phone: 'phone', contact_phone_required: 'contactPhoneRequired' },
      fallback: FALLBACK,
    }),
  };
}
