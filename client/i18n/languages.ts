/**
 * The languages the interface offers (the list is shared/constants.ts's), in order:
 * Arabic first, the default and the fallback; and how i18next picks one.
 */
import { DEFAULT_LANGUAGE, LANGUAGES as CODES, LANGUAGE_DETAILS, type Language } from '../../shared/constants';

export { DEFAULT_LANGUAGE };
export type LanguageCode = Language;

export const LANGUAGES = CODES.map((code) => ({ code, ...LANGUAGE_DETAILS[code] }));

/** localStorage key where the detector caches the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'binaa.language';

/**
 * How i18next picks the language (i18n/index.ts): the stored choice, the browser's
 * languages, the document's. index.html's inline script picks the pre-rendered page's
 * language the same way (app/prerender/inlineScript.ts; its test holds them together).
 */
export const LANGUAGE_DETECTION = {
  order: ['localStorage', 'navigator', 'htmlTag'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage'],
};

export const NAMESPACES = ['common', 'landing', 'services', 'account', 'sync', 'projects', 'orders', 'transport', 'deliveries', 'products', 'reviews', 'notifications', 'dashboard', 'pricing', 'profile', 'admin', 'tender', 'photos', 'price-list', 'live', 'company', 'quotes', 'purchase-orders', 'rfqs', 'invoices', 'payments', 'receipts', 'disputes', 'sites', 'purchase-requests', 'audit', 'scorecards', 'errors'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function toLanguageCode(lng: string | undefined): LanguageCode {
  const base = (lng ?? '').toLowerCase().split('-')[0];
  return CODES.find((code) => code === base) ?? DEFAULT_LANGUAGE;
}

function isRtl(lng: string | undefined): boolean {
  return LANGUAGE_DETAILS[toLanguageCode(lng)].rtl;
}

export function dirOf(lng: string | undefined): 'rtl' | 'ltr' {
  return isRtl(lng) ? 'rtl' : 'ltr';
}

/** The locale handed to Intl for a language (Saudi conventions for ar and en). */
export function intlLocaleOf(lng: string | undefined): string {
  return LANGUAGE_DETAILS[toLanguageCode(lng)].intlLocale;
}
