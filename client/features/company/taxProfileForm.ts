/**
 * The tax profile form's values, request body and per-field messages. The rules are the
 * shared schema's (shared/schemas/tax-profile.ts), which the server applies too: a
 * refused field gets the message of the rule it breaks (company:taxProfile.errors).
 */
import { taxProfileInputSchema, type TaxProfile, type TaxProfileInput } from '../../../shared/schemas/tax-profile';

const TOP_FIELDS = ['legal_name', 'legal_name_en', 'vat_number', 'cr_number', 'iban'] as const;
const ADDRESS_FIELDS = ['building_number', 'street', 'district', 'city', 'postal_code', 'additional_number'] as const;
export const TAX_PROFILE_FIELDS = [...TOP_FIELDS, ...ADDRESS_FIELDS] as const;
export type TaxProfileField = (typeof TAX_PROFILE_FIELDS)[number];
export type TaxProfileValues = Record<TaxProfileField, string>;

/** The messages of company:taxProfile.errors: a broken rule's own, or required / invalid. */
const RULE_MESSAGES = [
  'invalid_vat_number',
  'invalid_cr_number',
  'invalid_iban',
  'invalid_building_number',
  'invalid_postal_code',
  'invalid_additional_number',
  'arabic_required',
] as const;
type TaxProfileMessage = (typeof RULE_MESSAGES)[number] | 'required' | 'invalid';
export type TaxProfileErrors = Partial<Record<TaxProfileField, TaxProfileMessage>>;

export function initialTaxProfileValues(profile: TaxProfile | null | undefined): TaxProfileValues {
  const values = {} as TaxProfileValues;
  for (const f of TOP_FIELDS) values[f] = profile?.[f] ?? '';
  for (const f of ADDRESS_FIELDS) values[f] = profile?.address[f] ?? '';
  return values;
}

/** The body PUT /api/company/tax-profile and tax_profile.save take; blank optional fields clear. */
export function toTaxProfileBody(values: TaxProfileValues): TaxProfileInput {
  const text = (f: TaxProfileField) => values[f].trim();
  return {
    legal_name: text('legal_name'),
    legal_name_en: text('legal_name_en') || null,
    vat_number: text('vat_number'),
    cr_number: text('cr_number'),
    iban: text('iban') || null,
    address: {
      building_number: text('building_number'),
      street: text('street'),
      district: text('district'),
      city: text('city'),
      postal_code: text('postal_code'),
      additional_number: text('additional_number') || null,
    },
  };
}

/** The first issue of each field (paths like `address.postal_code` name the field `postal_code`). */
export function taxProfileIssuesToErrors(issues: ReadonlyArray<{ path: string | ReadonlyArray<PropertyKey>; message: string }>, values: TaxProfileValues): TaxProfileErrors {
  const errors: TaxProfileErrors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : issue.path.map(String);
    const name = path[0] === 'address' ? path[1] : path[0];
    const field = TAX_PROFILE_FIELDS.find((f) => f === name);
    if (!field || errors[field]) continue;
    const rule = RULE_MESSAGES.find((m) => m === issue.message);
    errors[field] = values[field].trim() === '' ? 'required' : (rule ?? 'invalid');
  }
  return errors;
}

export function validateTaxProfile(values: TaxProfileValues): TaxProfileErrors {
  const result = taxProfileInputSchema.safeParse(toTaxProfileBody(values));
  return result.success ? {} : taxProfileIssuesToErrors(result.error.issues, values);
}
