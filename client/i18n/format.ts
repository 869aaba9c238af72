/**
 * Numbers, SAR amounts, weights and dates through Intl in the current language.
 * Pure functions of (value, language) so they are easy to test.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from './languages';

// Building an Intl formatter costs far more than using one, and a list renders hundreds
// of amounts and dates: each (locale, options) pair is built once.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  // The key of the commonest call, a plain number, without serialising options per call.
  const key = options ? `${locale}|${JSON.stringify(options)}` : locale;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options ?? {})}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

export function formatNumber(value: number, lng: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(intlLocaleOf(lng), options).format(value);
}

const SAR: Intl.NumberFormatOptions = { style: 'currency', currency: 'SAR', maximumFractionDigits: 2 };
/** By language: a comparison formats thousands of amounts, each looked up without building a key. */
const sarFormats = new Map<string, Intl.NumberFormat>();

export function formatSar(amount: number, lng: string): string {
  let format = sarFormats.get(lng);
  if (!format) sarFormats.set(lng, (format = numberFormat(intlLocaleOf(lng), SAR)));
  return format.format(amount);
}

/**
 * Builds the formatters screens use first (numbers, SAR amounts) for `lng`. A page's first
 * Intl formatter loads the engine's locale data, 15 to 25 ms on a mid-range phone; inside
 * the first render of a list of cards that made one long task of it. The entry point calls
 * this in a task of its own, while the page still waits for its data.
 */
export function prepareFormats(lng: string): void {
  formatNumber(0, lng);
  formatSar(0, lng);
}

const listFormats = new Map<string, Intl.ListFormat>();

/** Items joined as a list in the language's own way ("a, b, and c"; "أ وب وج"; "甲、乙和丙"). */
export function formatList(items: readonly string[], lng: string): string {
  const locale = intlLocaleOf(lng);
  let format = listFormats.get(locale);
  if (!format) listFormats.set(locale, (format = new Intl.ListFormat(locale, { type: 'conjunction' })));
  return format.format(items);
}

export function formatKg(weight: number, lng: string): string {
  return numberFormat(intlLocaleOf(lng), { style: 'unit', unit: 'kilogram', maximumFractionDigits: 1 }).format(weight);
}

export function formatDate(value: string | Date, lng: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(intlLocaleOf(lng), { dateStyle: 'medium' }).format(date);
}

/** A date with its time of day (pickup times, delivery deadlines). */
function formatDateTime(value: string | Date, lng: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(intlLocaleOf(lng), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function formatRating(rating: number, lng: string): string {
  return formatNumber(rating, lng, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** The unread badge text: the count, or 9+ above 9. */
export function formatBadgeCount(count: number, cap: number, lng: string): string {
  return count > cap ? `${formatNumber(cap, lng)}+` : formatNumber(count, lng);
}

/** Formatters bound to `lng`. */
function formatsFor(lng: string) {
  return {
    lng,
    number: (v: number, o?: Intl.NumberFormatOptions) => formatNumber(v, lng, o),
    sar: (v: number) => formatSar(v, lng),
    kg: (v: number) => formatKg(v, lng),
    date: (v: string | Date) => formatDate(v, lng),
    dateTime: (v: string | Date) => formatDateTime(v, lng),
    rating: (v: number) => formatRating(v, lng),
    list: (items: readonly string[]) => formatList(items, lng),
  };
}

/**
 * Formatters bound to the current language: the same object until the language changes,
 * so a memo or a memoised row that depends on them renders again only then.
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => formatsFor(lng), [lng]);
}
