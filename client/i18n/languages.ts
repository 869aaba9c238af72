/**
 * The languages the interface offers. Arabic is first, the default and the fallback.
 * `rtl` drives <html dir> and FluentProvider's dir. The autonyms are
 * deliberately not translated: a language is always offered in its own name.
 */
export const LANGUAGES = [
  { code: 'ar', rtl: true, autonym: 'العربية', intlLocale: 'ar-SA' },
  { code: 'en', rtl: false, autonym: 'English', intlLocale: 'en-SA' },
  { code: 'zh', rtl: false, autonym: '中文', intlLocale: 'zh-CN' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'ar';

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

export const NAMESPACES = ['common', 'landing', 'services', 'account', 'screens', 'sync', 'projects', 'orders', 'transport', 'products', 'reviews', 'notifications', 'dashboard', 'pricing', 'profile', 'admin'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function toLanguageCode(lng: string | undefined): LanguageCode {
  const base = (lng ?? '').toLowerCase().split('-')[0];
  return LANGUAGES.find((l) => l.code === base)?.code ?? DEFAULT_LANGUAGE;
}

export function isRtl(lng: string | undefined): boolean {
  return LANGUAGES.find((l) => l.code === toLanguageCode(lng))?.rtl ?? true;
}

export function dirOf(lng: string | undefined): 'rtl' | 'ltr' {
  return isRtl(lng) ? 'rtl' : 'ltr';
}

/** The locale handed to Intl for a language (Saudi conventions for ar and en). */
export function intlLocaleOf(lng: string | undefined): string {
  return LANGUAGES.find((l) => l.code === toLanguageCode(lng))?.intlLocale ?? 'ar-SA';
}
