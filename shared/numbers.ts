/**
 * Numbers as people write them, and the scale prices and stock are kept at: the one
 * reader behind every number field of the client (product form, the products table's
 * cells, orders, bids, transport), the price-list import (browser preview and server
 * apply), and the zod schemas' steps.
 *
 * What is read:
 * - digits in ASCII, Arabic-Indic (٠-٩) and Persian (۰-۹) forms, mixed freely;
 * - a sign (- or − or +) in front; spaces, no-break spaces and direction marks around;
 * - one currency word or sign before or after the amount: SAR, SR, ر.س, ريال, ريالات,
 *   riyal(s), ﷼ ("SAR 1,250.50", "١٬٢٥٠٫٥٠ ر.س");
 * - decimal marks: "." and the Arabic decimal separator "٫". At most one.
 * - thousands separators: the Arabic "٬", a space (or no-break space), and the comma "," or
 *   Arabic comma "،" under the rule below. Separators group by three: the first group has
 *   1 to 3 digits and does not start with 0, every later group exactly 3, and one number
 *   uses one kind of separator.
 *
 * The comma, the only mark that means either:
 * - followed by groups of exactly three digits, it separates thousands:
 *   "1,250" = 1250, "1,250,000" = 1250000, "1,250.5" = 1250.5;
 * - a single comma followed by one or two digits, with no other decimal mark, is the
 *   decimal mark: "12,5" = 12.5, "12,50" = 12.5, "1 250,5" = 1250.5;
 * - anything else is refused, never guessed: "0,250" and "1234,567" (a single comma
 *   before three digits that cannot be a grouping: 0.25 or 250? 1234.567 or 1234567?),
 *   "1,2,3", "1,2345", "12,5.3".
 * A dot is always a decimal mark ("1.250" = 1.25); two decimal marks ("1.2.3",
 * "1.250,50") are refused.
 *
 * Scale (the database columns): prices are numeric(14,2), halalas; stock and its
 * low-stock mark numeric(14,1). roundPrice and roundStock round half away from zero on
 * the decimal digits, as Postgres rounds a numeric (1.005 is 1.01, not the 1.00 that
 * binary Math.round gives). Values read from a file are rounded (a formula's cached
 * 14.949999999 is 14.95); a value a person types past the scale is refused by the
 * schema's step instead, since rounding it would save a number they did not write.
 */

// --- scale -------------------------------------------------------------------------------

/** Decimals of a price: halalas (products.price numeric(14,2)). */
export const PRICE_DECIMALS = 2;
/** Decimals of stock and the low-stock mark (numeric(14,1)). */
const STOCK_DECIMALS = 1;
export const PRICE_STEP = 10 ** -PRICE_DECIMALS;
export const STOCK_STEP = 10 ** -STOCK_DECIMALS;
/** The largest price numeric(14,2) holds. */
export const PRICE_MAX = 999_999_999_999.99;
/** The largest stock numeric(14,1) holds. */
export const STOCK_MAX = 9_999_999_999_999.9;

/** A number shifted by `places` decimal places on its decimal digits (no binary error). */
function shift(n: number, places: number): number {
  const [mantissa, exponent = '0'] = String(n).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** `n` at `decimals` places, half away from zero, as Postgres rounds a numeric. */
export function roundTo(n: number, decimals: number): number {
  if (!Number.isFinite(n)) return n;
  const rounded = Math.round(shift(Math.abs(n), decimals));
  const value = shift(rounded, -decimals);
  return n < 0 && value !== 0 ? -value : value;
}

export const roundPrice = (n: number): number => roundTo(n, PRICE_DECIMALS);
export const roundStock = (n: number): number => roundTo(n, STOCK_DECIMALS);

// --- reading -----------------------------------------------------------------------------

/** Why a text is not read as a number. */
export type NumberRefusal =
  /** letters, symbols or no digit at all */
  | 'not_a_number'
  /** two decimal marks, or a comma after the decimal mark */
  | 'two_decimal_marks'
  /** separators that do not group by three, or two kinds of separator */
  | 'bad_grouping'
  /** a single comma before three digits that cannot be thousands ("0,250", "1234,567") */
  | 'ambiguous';

type NumberReading = { ok: true; value: number | null } | { ok: false; reason: NumberRefusal };

/** Direction marks, embeddings, isolates and the BOM: invisible in a cell, never part of a number. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/g;
const EASTERN_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * Arabic-Indic (U+0660..) and Persian (U+06F0..) digits as ASCII digits, the rest kept:
 * the one digit reader behind numbers and identifiers (VAT, CR, postal codes). Both
 * ranges end in 0..9, so the low nibble is the digit.
 */
export const asciiDigits = (v: string): string => v.replace(EASTERN_DIGIT, (d) => String(d.charCodeAt(0) & 0xf));
const CURRENCY = String.raw`(?:sar|s\.?r\.?|riyals?|ريالات|ريال|ر\s*\.?\s*س\.?|﷼)`;
const CURRENCY_FIRST = new RegExp(`^${CURRENCY}`, 'iu');
const CURRENCY_LAST = new RegExp(`${CURRENCY}$`, 'iu');
/** What may remain once the sign and currency are gone: digits, marks and separators. */
const NUMBER_BODY = /^[\d.,\u066b\u066c\u060c ]+$/;
const COMMAS = /[,\u060c]/g;

/** Characters that can begin a typed number (the table starts an edit with them, as a spreadsheet does). */
export const NUMBER_START = /^[\d\u0660-\u0669\u06f0-\u06f9.,\u066b\u060c]$/;

const refuse = (reason: NumberRefusal): NumberReading => ({ ok: false, reason });

/**
 * Whole digits with thousands separators of one kind grouping by three, as plain digits;
 * null when they do not group so.
 */
function ungroup(text: string, separators: RegExp): string | null {
  if (/^\d+$/.test(text)) return text;
  const kinds = new Set(text.match(separators) ?? []);
  if (kinds.size !== 1 || /[^\d]/.test(text.replace(separators, ''))) return null;
  const groups = text.split(separators);
  const ok = /^[1-9]\d{0,2}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
  return ok ? groups.join('') : null;
}

/** Every thousands separator, the comma among them. */
const ANY_SEPARATOR = /[,\u060c\u066c ]/g;
/** The separators that are never a decimal mark. */
const PURE_SEPARATOR = /[\u066c ]/g;

/**
 * A number as written (see the module header): its value, null for an empty text, or the
 * reason it is refused. A number (a spreadsheet's numeric cell) is taken as it is.
 */
export function readNumber(raw: string | number | null | undefined): NumberReading {
  if (raw == null) return { ok: true, value: null };
  if (typeof raw === 'number') return Number.isFinite(raw) ? { ok: true, value: raw } : refuse('not_a_number');
  let s = asciiDigits(raw.replace(INVISIBLE, ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (s === '') return { ok: true, value: null };
  const withCurrency = s;
  s = s.replace(CURRENCY_FIRST, '').trim();
  if (s === withCurrency) s = s.replace(CURRENCY_LAST, '').trim();
  const negative = /^[-\u2212]/.test(s);
  if (negative || s.startsWith('+')) s = s.slice(1).trim();
  if (!NUMBER_BODY.test(s) || !/\d/.test(s)) return refuse('not_a_number');

  const decimalMarks = s.match(/[.\u066b]/g)?.length ?? 0;
  let digits: string;
  if (decimalMarks > 1) return refuse('two_decimal_marks');
  if (decimalMarks === 1) {
    const [whole, fraction] = s.split(/[.\u066b]/);
    if (/[,\u060c\u066c ]/.test(fraction)) return refuse(/[,\u060c]/.test(fraction) ? 'two_decimal_marks' : 'bad_grouping');
    const int = whole === '' ? '0' : ungroup(whole, ANY_SEPARATOR);
    if (int === null) return refuse('bad_grouping');
    digits = `${int}.${fraction}`;
  } else {
    const grouped = ungroup(s, ANY_SEPARATOR);
    if (grouped !== null) digits = grouped;
    else {
      // A decimal comma: the only comma, last, before one or two digits.
      const commas = s.match(COMMAS)?.length ?? 0;
      const m = /^(.*)[,\u060c](\d+)$/.exec(s);
      if (commas !== 1 || !m || m[1] === '') return refuse('bad_grouping');
      const int = ungroup(m[1], PURE_SEPARATOR);
      if (int === null) return refuse('bad_grouping');
      if (m[2].length === 3) return refuse('ambiguous');
      if (m[2].length > 2) return refuse('bad_grouping');
      digits = `${int}.${m[2]}`;
    }
  }
  const n = Number(digits);
  if (!Number.isFinite(n)) return refuse('not_a_number');
  return { ok: true, value: negative && n !== 0 ? -n : n };
}

/**
 * readNumber for a field or a cell: the value, null when empty, NaN when refused (so a
 * zod number schema refuses it, as "required" when empty).
 */
export function parseNumber(raw: string | number | null | undefined): number | null {
  const reading = readNumber(raw);
  return reading.ok ? reading.value : Number.NaN;
}
