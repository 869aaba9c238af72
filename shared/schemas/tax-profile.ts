/**
 * The tax profile of a company: what a ZATCA tax invoice says about its seller or buyer.
 * Each field is checked as ZATCA's business rules would check the document built from it,
 * so a profile that saves is one that invoices:
 * - vat_number: 15 digits (BR-KSA-39), first and last 3 (BR-KSA-40);
 * - cr_number: the commercial registration, 10 digits (the seller's CRN, BR-KSA-08);
 * - address: street, building number, postal code, city and district required
 *   (BR-KSA-09), building number 4 digits (BR-KSA-37), postal code 5 digits (BR-KSA-66),
 *   additional number 4 digits;
 * - legal_name: the registered name in Arabic, as the invoice shows it;
 * - iban: optional, a Saudi IBAN whose checksum holds (shared/iban.ts).
 * Digits may be typed in Arabic-Indic form (shared/numbers.ts asciiDigits); they are
 * stored as ASCII.
 *
 * PUT /api/company/tax-profile taxProfileInput -> taxProfile (the company's owner)
 * GET /api/company/tax-profile -> taxProfile (owner and members; 404 before one is saved)
 */
import { z } from 'zod';
import { isSaudiIban, normalizeIban } from '../iban';
import { MAX, crNumberSchema, digitsOnly, optionalName, requiredName, timestampSchema, vatNumberSchema } from './common';
import { DEFAULT_PAYMENT_TERMS_DAYS, paymentTermsSchema } from './payment';

/** A required run of exactly `n` digits (Arabic-Indic accepted), refused with `message`. */
const exactDigits = (n: number, message: string) => digitsOnly(30).pipe(z.string().regex(new RegExp(`^\\d{${n}}$`), message));

/**
 * An optional field with a rule: blank (or null) is absent (null); anything else must pass
 * `schema`, and a refusal keeps the rule's own message (optionalOf's union would not).
 */
const optionalRule = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .transform((v) => (v.trim() === '' ? null : v))
    .pipe(schema.nullable())
    .nullable()
    .optional();

const ARABIC_LETTER = /[\u0621-\u064a]/;

const ibanSchema = z
  .string()
  .max(60)
  .transform(normalizeIban)
  .refine(isSaudiIban, 'invalid_iban');

const nationalAddressSchema = z.strictObject({
  building_number: exactDigits(4, 'invalid_building_number'),
  street: requiredName(MAX.short),
  district: requiredName(MAX.short),
  city: requiredName(MAX.short),
  postal_code: exactDigits(5, 'invalid_postal_code'),
  additional_number: optionalRule(exactDigits(4, 'invalid_additional_number')),
});

export const taxProfileInputSchema = z.strictObject({
  legal_name: requiredName(MAX.name).refine((v) => v === '' || ARABIC_LETTER.test(v), 'arabic_required'),
  legal_name_en: optionalName(MAX.name),
  vat_number: vatNumberSchema,
  cr_number: crNumberSchema,
  iban: optionalRule(ibanSchema),
  address: nationalAddressSchema,
  /** the terms its invoices are owed on unless others are named at issue (DEFAULT_PAYMENT_TERMS_DAYS when not sent) */
  default_payment_terms_days: paymentTermsSchema.default(DEFAULT_PAYMENT_TERMS_DAYS),
});
export type TaxProfileInput = z.input<typeof taxProfileInputSchema>;
export type TaxProfileSave = z.output<typeof taxProfileInputSchema>;

/** A national address as a tax profile holds it (each part checked at save). */
export const nationalAddressShape = z.object({
  building_number: z.string(),
  street: z.string(),
  district: z.string(),
  city: z.string(),
  postal_code: z.string(),
  additional_number: z.string().nullable(),
});
type NationalAddress = z.infer<typeof nationalAddressShape>;

/**
 * A national address on one line, as Saudi Post writes it: building number and street,
 * district, then city and postal code with the additional number after a dash
 * ("1234 طريق الملك فهد، العليا، الرياض 12345-5678"). A pickup filled from it brings a
 * driver to the gate, where a city alone does not.
 */
export function nationalAddressLine(a: NationalAddress): string {
  const postal = a.additional_number ? `${a.postal_code}-${a.additional_number}` : a.postal_code;
  return [`${a.building_number} ${a.street}`, a.district, `${a.city} ${postal}`].map((part) => part.trim()).join('، ');
}

/** A saved tax profile, as the API answers it and the company's profile row carries it. */
export const taxProfileSchema = z.object({
  legal_name: z.string(),
  legal_name_en: z.string().nullable(),
  vat_number: z.string(),
  cr_number: z.string(),
  iban: z.string().nullable(),
  address: nationalAddressShape,
  default_payment_terms_days: paymentTermsSchema,
  updated_at: timestampSchema,
});
export type TaxProfile = z.infer<typeof taxProfileSchema>;

/** A saved profile as it reads, from what was sent (the optimistic copy of an offline save). */
export function taxProfileFromInput(input: TaxProfileSave, updatedAt: string): TaxProfile {
  const { address } = input;
  return {
    legal_name: input.legal_name,
    legal_name_en: input.legal_name_en ?? null,
    vat_number: input.vat_number,
    cr_number: input.cr_number,
    iban: input.iban ?? null,
    address: { ...address, additional_number: address.additional_number ?? null },
    default_payment_terms_days: input.default_payment_terms_days,
    updated_at: updatedAt,
  };
}

