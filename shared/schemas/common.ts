/**
 * Building blocks of every schema: ids, money, text with limits, Saudi identifiers,
 * timestamps and list queries. Bodies are JSON, so their numbers are numbers (never
 * coerced); query strings are strings, so their schemas coerce.
 */
import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../constants';
import { PRICE_MAX, PRICE_STEP, STOCK_MAX, STOCK_STEP, asciiDigits } from '../numbers';

// --- Ids and times ---------------------------------------------------------------------

export const uuidSchema = z.uuid();

/**
 * A list's refinement: each item names a different `key` (an order line, an invoice line),
 * since an item's quantity is its whole claim on that line and a line named twice would be
 * two claims on one remainder. The repeat is reported at its own place (duplicate_line).
 */
export const namedOnce =
  <K extends string>(key: K) =>
  (items: ReadonlyArray<Record<K, string>>, ctx: z.RefinementCtx): void => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item[key])) ctx.addIssue({ code: 'custom', message: 'duplicate_line', path: [i, key] });
      seen.add(item[key]);
    });
  };

/** The optional client-chosen id of a create (offline creation keeps its id). */
export const clientIdField = { id: uuidSchema.optional() };

/** Postgres has no year 0: an ISO string that starts 0000 is not a date it can store. */
const realYear = (v: string) => !v.startsWith('0000');

/** A point in time with an explicit offset, as JSON sends it: 2026-11-22T09:30:00Z. */
export const timestampSchema = z.iso.datetime({ offset: true }).refine(realYear, 'invalid_year');

/** A calendar date: 2026-12-31. */
export const dateSchema = z.iso.date().refine(realYear, 'invalid_year');

// --- Text ------------------------------------------------------------------------------

/** Length limits, so every free-text field has one. */
export const MAX = {
  name: 200,
  short: 100,
  unit: 50,
  /** a supplier's own product code */
  sku: 64,
  location: 300,
  text: 5000,
  url: 2048,
  email: 254,
} as const;

/**
 * Characters a tax invoice cannot carry, refused in every text field before they are
 * stored: XML 1.0 has no way to write the C0 controls (other than tab and the line
 * breaks), U+FFFE, U+FFFF or half of a surrogate pair, so a document naming them is
 * malformed and ZATCA rejects it (after it took a number in the seller's chain). A text
 * (requiredText, optionalText: descriptions, notes, reasons) keeps tabs and line
 * breaks, which a person types in a text area and XML carries; a name or a one-line value
 * (requiredName, lineString) takes no control at all (DEL and the C1 controls neither:
 * nothing typed puts them in a line).
 */
// oxlint-disable-next-line no-control-regex -- matching the controls is the point
const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/u;
const UNSAFE_IN_LINE = /[\p{Cc}\ufffe\uffff]|\p{Cs}/u;
/** The validation message of a field holding such a character. */
const CONTROL_CHARACTER = 'control_character';
const safeText = (v: string) => !UNSAFE_IN_TEXT.test(v);
const safeLine = (v: string) => !UNSAFE_IN_LINE.test(v);

/** One line of text: trimmed, at most `max` characters, possibly empty, without controls (file names, specification values). */
export const lineString = (max: number) => z.string().trim().max(max).refine(safeLine, CONTROL_CHARACTER);

/** A required string: trimmed, non-empty, at most `max` characters, without the controls above. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max).refine(safeText, CONTROL_CHARACTER);

/**
 * An optional string: trimmed, at most `max` characters. Empty (or null) means absent and
 * comes out as null, so a blank form field clears the value rather than storing ''.
 */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(safeText, CONTROL_CHARACTER)
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .optional();

/**
 * The bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069):
 * inside a name they reorder what is shown, so a listing can display as something other
 * than what was stored and searched (after U+202E the rest of a name shows backwards).
 * Names and titles drop them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * One character a reader can see: not a space, a control, a format character (zero-width
 * space and joiners, direction marks, the soft hyphen) or another character fonts draw as
 * nothing (Hangul fillers, variation selectors, the Braille blank).
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** The validation message that refuses a name made only of invisible characters. */
const INVISIBLE_ONLY = 'invisible_only';

const visibleOrBlank = (v: string) => v === '' || VISIBLE.test(v);

/**
 * A name or title (products, projects, orders, companies, people): bidirectional controls
 * dropped, trimmed, at most `max` characters, and refused when nothing in it is visible,
 * so an empty-looking name cannot pass for one. Blank is too_small, as for any required text.
 */
export const requiredName = (max: number) =>
  z
    .string()
    .overwrite((v) => v.replace(BIDI_CONTROLS, ''))
    .trim()
    .min(1)
    .max(max)
    .refine(safeLine, CONTROL_CHARACTER)
    .refine(visibleOrBlank, INVISIBLE_ONLY);

/** An optional name: as requiredName, and blank (or null) means absent (null), as optionalText. */
export const optionalName = (max: number) =>
  z
    .string()
    .overwrite((v) => v.replace(BIDI_CONTROLS, ''))
    .trim()
    .max(max)
    .refine(safeLine, CONTROL_CHARACTER)
    .refine(visibleOrBlank, INVISIBLE_ONLY)
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .optional();

/** An http(s) URL. */
const httpUrlSchema = z.string().trim().max(MAX.url).refine(safeLine, CONTROL_CHARACTER).pipe(z.url({ protocol: /^https?$/ }));

/** An empty or all-blank string: how a form sends a field left empty. */
const blankSchema = z.string().trim().max(0);

/**
 * Makes a validated string field optional: absent stays absent, and null, '' or blanks
 * come out as null (a blank form field clears the value).
 */
export const optionalOf = <T extends z.ZodType<string, string>>(schema: T) =>
  z
    .union([blankSchema, schema])
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .optional();

/** An optional http(s) URL; empty or null means absent (null). */
export const optionalUrl = () => optionalOf(httpUrlSchema);

/** An email address, trimmed and lowercased. */
export const emailSchema = z.string().trim().toLowerCase().max(MAX.email).pipe(z.email());

// --- Numbers ---------------------------------------------------------------------------

/** SAR, at most two decimals (halalas, shared/numbers.ts), never negative. */
export const moneySchema = z.number().min(0).max(PRICE_MAX).multipleOf(PRICE_STEP);

/** A quantity in steps of 0.1 with a minimum of 0.1 (instant orders). */
export const quantitySchema = z.number().min(0.1).max(99_999_999_999.9).multipleOf(0.1);

/** Stock in steps of 0.1 (shared/numbers.ts), zero allowed. */
export const stockSchema = z.number().min(0).max(STOCK_MAX).multipleOf(STOCK_STEP);

/** A whole number >= 1 (days, hours, minimum order quantity). */
export const positiveInt = (max: number) => z.number().int().min(1).max(max);

// --- Saudi identifiers -------------------------------------------------------------------

/**
 * A Saudi phone number (mobile or landline) in any usual spelling: 0501234567, 501234567,
 * 966501234567, +966 50 123 4567, 00966..., also in Arabic-Indic digits. It comes out in
 * E.164 (+966501234567). Only numbers valid in Saudi Arabia pass.
 */
export const saudiPhoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(25)
  .transform((value, ctx) => {
    const phone = parsePhoneNumberFromString(value, 'SA');
    if (!phone || phone.country !== 'SA' || !phone.isValid()) {
      ctx.addIssue({ code: 'custom', message: 'invalid_phone' });
      return z.NEVER;
    }
    return phone.number as string;
  });

/**
 * An optional Saudi phone: blank (or null) is none (null); anything else must be one and
 * is refused as invalid_phone (optionalOf's union would answer a length error instead).
 */
export const optionalSaudiPhone = () =>
  z
    .string()
    .transform((v) => (v.trim() === '' ? null : v))
    .pipe(saudiPhoneSchema.nullable())
    .nullable()
    .optional();

/** Spaces and dashes dropped and Arabic-Indic digits made ASCII before a digits check. */
export const digitsOnly = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => asciiDigits(v).replace(/[\s-]/g, ''));

/** Commercial registration number: exactly 10 digits. */
export const crNumberSchema = digitsOnly(30).pipe(z.string().regex(/^\d{10}$/, 'invalid_cr_number'));

/** VAT registration number: 15 digits, first and last digit 3. */
export const vatNumberSchema = digitsOnly(40).pipe(z.string().regex(/^3\d{13}3$/, 'invalid_vat_number'));

// --- Lists -------------------------------------------------------------------------------

/** limit (default 20, at most 100) and offset (default 0), from query strings. */
export const paginationFields = {
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
};
export const paginationQuerySchema = z.strictObject(paginationFields);
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** A search term from a query string. */
export const searchQueryField = z.string().trim().max(MAX.name).refine(safeLine, CONTROL_CHARACTER).optional();

/** At least one key present: for PATCH bodies. */
export const atLeastOneField = <T extends object>(value: T): boolean =>
  Object.values(value).some((v) => v !== undefined);
export const AT_LEAST_ONE_FIELD = 'at_least_one_field';
