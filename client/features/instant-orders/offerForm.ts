/** The supplier's offer form: price, delivery hours, the VAT it is at, and notes, checked by the shared schema. */
import { instantOrderResponseCreateSchema } from '../../../shared/schemas/instant-order-response';
import type { InstantOrderResponse } from '../../../shared/schemas/instant-order-response';
import { ORDER_VATEX_CODES, VATEX, type VatCategory, type VatexCode } from '../../../shared/vatex';
import { issuesToErrors, parseNumber, type FieldErrors } from '../../ui/formInput';
import type { OrdersFormError } from './orderForm';

export const OFFER_FIELDS = ['offered_price', 'delivery_time_hours', 'vat', 'notes'] as const;
type OfferField = (typeof OFFER_FIELDS)[number];
export type OfferValues = Record<OfferField, string>;
export type OfferErrors = FieldErrors<OfferField, OrdersFormError>;

export interface OfferInput {
  offered_price: number;
  delivery_time_hours: number | null;
  notes: string | null;
  vat_category: VatCategory;
  exemption_reason_code: VatexCode | null;
}

/**
 * The VAT select: standard rated (S), or the VATEX reason of a zero-rated or exempt
 * supply, whose category follows from the code; so the form cannot send a zero rate
 * without its reason.
 */
export const STANDARD_VAT = 'S';
const isVatex = (v: string): v is VatexCode => (ORDER_VATEX_CODES as readonly string[]).includes(v);

const vatOfChoice = (choice: string): Pick<OfferInput, 'vat_category' | 'exemption_reason_code'> =>
  isVatex(choice) ? { vat_category: VATEX[choice].category, exemption_reason_code: choice } : { vat_category: 'S', exemption_reason_code: null };

export const offerValuesFrom = (offer: InstantOrderResponse | null | undefined): OfferValues => ({
  offered_price: offer ? String(offer.offered_price) : '',
  delivery_time_hours: offer?.delivery_time_hours != null ? String(offer.delivery_time_hours) : '',
  vat: offer?.exemption_reason_code ?? STANDARD_VAT,
  notes: offer?.notes ?? '',
});

export function validateOffer(values: OfferValues, orderId: string): { errors: OfferErrors; input?: OfferInput } {
  const input = {
    offered_price: parseNumber(values.offered_price) ?? Number.NaN,
    delivery_time_hours: parseNumber(values.delivery_time_hours),
    notes: values.notes,
    ...vatOfChoice(values.vat),
  };
  const result = instantOrderResponseCreateSchema.safeParse({ ...input, instant_order_id: orderId });
  if (result.success) return { errors: {}, input: { ...input, notes: result.data.notes ?? null } };
  return {
    // The schema names the reason code; the form has one VAT field for category and code.
    errors: issuesToErrors(
      result.error.issues.map((i) => (i.path[0] === 'exemption_reason_code' || i.path[0] === 'vat_category' ? { ...i, path: ['vat'] } : i)),
      OFFER_FIELDS,
      {
        blank: (f) => values[f].trim() === '',
        fallback: { offered_price: 'money', delivery_time_hours: 'hours', vat: 'exemptionReason' },
      },
    ),
  };
}
