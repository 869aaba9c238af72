/**
 * The instant order form: its text values (the company's site it buys for and a budget
 * line of it among them, '' for none), the mutation input they make, and the field
 * errors of the shared schema (the server parses the same one), plus one rule of the
 * form's own: a delivery deadline is in the future.
 */
import { URGENCY_LEVELS, type UrgencyLevel } from '../../../shared/constants';
import { instantOrderCreateSchema, type InstantOrderCreateInput } from '../../../shared/schemas/instant-order';
import type { KeysUnder } from '../../i18n/keys';
import { issuesToErrors, localToIso, parseNumber, type FieldErrors, type SharedFieldError } from '../../ui/formInput';

export const ORDER_FIELDS = [
  'title',
  'description',
  'quantity',
  'unit',
  'category_id',
  'location',
  'urgency_level',
  'budget_range_min',
  'budget_range_max',
  'delivery_deadline',
  'site_id',
  'budget_line_id',
] as const;
type OrderField = (typeof ORDER_FIELDS)[number];
export type OrderValues = Record<OrderField, string> & { urgency_level: UrgencyLevel };
/** The message keys of the orders forms: orders:form.errors, and the shared ones of common:validation. */
export type OrdersFormError = KeysUnder<'orders', 'form.errors'> | SharedFieldError;
export type OrderErrors = FieldErrors<OrderField, OrdersFormError>;

export const URGENCIES = URGENCY_LEVELS;

export const emptyOrder = (): OrderValues => ({
  title: '',
  description: '',
  quantity: '1',
  unit: '',
  category_id: '',
  location: '',
  urgency_level: 'normal',
  budget_range_min: '',
  budget_range_max: '',
  delivery_deadline: '',
  site_id: '',
  budget_line_id: '',
});

function toOrderInput(values: OrderValues): Omit<InstantOrderCreateInput, 'id'> {
  return {
    title: values.title,
    description: values.description,
    quantity: parseNumber(values.quantity) ?? Number.NaN,
    unit: values.unit,
    category_id: values.category_id || null,
    location: values.location,
    urgency_level: values.urgency_level,
    budget_range_min: parseNumber(values.budget_range_min),
    budget_range_max: parseNumber(values.budget_range_max),
    delivery_deadline: localToIso(values.delivery_deadline),
    site_id: values.site_id || null,
    // A budget line is of the site: without one the order spends none.
    budget_line_id: (values.site_id && values.budget_line_id) || null,
  };
}

const FALLBACK: Partial<Record<OrderField, OrdersFormError>> = {
  quantity: 'quantity',
  budget_range_min: 'money',
  budget_range_max: 'money',
  delivery_deadline: 'date',
};

/** Field errors (message keys of orders:form.errors or common:validation) and the input when valid. */
export function validateOrder(values: OrderValues, now = Date.now()): { errors: OrderErrors; input?: Omit<InstantOrderCreateInput, 'id'> } {
  const input = toOrderInput(values);
  const result = instantOrderCreateSchema.safeParse(input);
  const errors = result.success
    ? {}
    : issuesToErrors(result.error.issues, ORDER_FIELDS, {
        blank: (f) => values[f].trim() === '',
        messages: { budget_range_inverted: 'budgetInverted' },
        fallback: FALLBACK,
      });
  if (!errors.delivery_deadline && input.delivery_deadline && Date.parse(input.delivery_deadline) <= now) errors.delivery_deadline = 'deadlinePast';
  return Object.keys(errors).length ? { errors } : { errors, input };
}
