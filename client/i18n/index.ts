/**
 * i18next setup. The Arabic strings of the landing page (common and
 * landing) are bundled because Arabic is both the default and the fallback language, so
 * every visitor needs them; everything else (the other Arabic namespaces, the error
 * sentences of `errors` among them, English, Chinese) loads on demand through a tiny
 * backend over import.meta.glob, which keeps it out of the landing page's initial
 * JavaScript. Screens ask for their namespace with
 * useTranslation(ns) and suspend until it is there. Changing language updates
 * <html lang dir>.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import arCommon from './locales/ar/common.json';
import arLanding from './locales/ar/landing.json';
import { BIDI_INTERPOLATION } from './bidi';
import { formatNumber } from './format';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_DETECTION,
  dirOf,
  type Namespace,
  toLanguageCode,
} from './languages';

const lazyLocales = import.meta.glob<{ default: ResourceKey }>([
  './locales/*/*.json',
  '!./locales/ar/common.json',
  '!./locales/ar/landing.json',
]);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyLocales[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no locale ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

export function applyDocumentLanguage(lng: string): void {
  const code = toLanguageCode(lng);
  document.documentElement.lang = code;
  document.documentElement.dir = dirOf(code);
}

/**
 * Whether this runs in a page. The build's pre-render loads this module in Node too, and
 * Node 22 and later have a global `navigator` (with the machine's language), so only the
 * document tells a browser apart. Outside one there is no language to detect and no
 * <html> to update: the pre-render sets each language itself.
 */
const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';

export const i18nReady = (inBrowser ? i18n.use(LanguageDetector) : i18n)
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: {
      ar: { common: arCommon, landing: arLanding },
    },
    partialBundledLanguages: true,
    supportedLngs: LANGUAGES.map((l) => l.code),
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    // Loaded before the first render; the other NAMESPACES load with their screens.
    ns: ['common', 'landing'] satisfies Namespace[],
    defaultNS: 'common',
    // Every value isolated in its own direction; React escapes the text (bidi.ts).
    interpolation: BIDI_INTERPOLATION,
    detection: LANGUAGE_DETECTION,
    react: { useSuspense: true },
  });

// {{count, number}} in a sentence formats as every other number on the page: with the
// language's Saudi locale (ar-SA writes ١٤ where plain ar writes 14). No string passes
// format options inline, so none are read.
i18n.services.formatter?.add('number', (value: number, lng?: string) => formatNumber(value, lng ?? DEFAULT_LANGUAGE));

if (inBrowser) {
  i18n.on('languageChanged', (lng) => {
    applyDocumentLanguage(lng);
    document.title = i18n.t('common:app.title');
  });
}

export { i18n };
