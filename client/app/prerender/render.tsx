/**
 * The public pages a visitor lands on (the landing page and the services catalogue) as
 * HTML, rendered at build time (plugin.ts loads this module in Node) in each language,
 * so index.html can paint them before any JavaScript has loaded: on a slow phone a page
 * used to stay blank until React had downloaded and rendered (Lighthouse LCP 2.7 s on
 * the landing page, 4.6 s on /services). main.tsx's first render replaces it.
 *
 * It is what a new visitor's first render shows: the session still loading (the spinner
 * where the login button goes), the catalogue still loading (its spinner where the cards
 * go), so swapping in the live page moves nothing. Its styles are the ones Griffel
 * inserted while rendering them, in Griffel's bucket order.
 */
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import i18next, { type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { RendererProvider, SSRProvider, createDOMRenderer, renderToStyleElements } from '@fluentui/react-components';
import { PublicLayout } from '../PublicLayout';
import { ThemedProvider } from '../ThemedProvider';
import { themeStyleSheet } from '../theme';
import { SessionProvider } from '../../data/session';
import { LandingScreen } from '../../features/landing/LandingScreen';
import { ServicesScreen } from '../../features/services/ServicesScreen';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '../../i18n/languages';
import { PRERENDERED_PATHS, type PrerenderedPath } from './paths';

const locales = import.meta.glob<{ default: Resource[string][string] }>('../../i18n/locales/*/{common,landing,services,products}.json', { eager: true });

function resources(): Resource {
  const all: Resource = {};
  for (const [file, module] of Object.entries(locales)) {
    const [, language, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
    (all[language] ??= {})[namespace] = module.default;
  }
  return all;
}

/** Each pre-rendered path's screen, under the public header. */
const SCREENS: Record<PrerenderedPath, React.ComponentType> = {
  '/': LandingScreen,
  '/services': ServicesScreen,
};

export interface PrerenderedLanding {
  /** Each page's markup (the FluentProvider element and what it holds), per path and language. */
  pages: Record<PrerenderedPath, Record<LanguageCode, string>>;
  /** The page's title, per language. */
  titles: Record<LanguageCode, string>;
  /** <style> elements with every rule the pages use and the theme's variables, for the document's head. */
  styles: string;
}

export async function renderLanding(): Promise<PrerenderedLanding> {
  const renderer = createDOMRenderer();
  const pages = Object.fromEntries(PRERENDERED_PATHS.map((p) => [p, {}])) as PrerenderedLanding['pages'];
  const titles = {} as Record<LanguageCode, string>;
  for (const { code } of LANGUAGES) {
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({
      lng: code,
      fallbackLng: DEFAULT_LANGUAGE,
      resources: resources(),
      ns: ['common', 'landing', 'services', 'products'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    titles[code] = i18n.t('common:app.title');
    for (const path of PRERENDERED_PATHS) {
      const Screen = SCREENS[path];
      pages[path][code] = renderToString(
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <RendererProvider renderer={renderer}>
              <SSRProvider>
                <ThemedProvider>
                  <SessionProvider>
                    <MemoryRouter initialEntries={[path]}>
                      <PublicLayout>
                        <Screen />
                      </PublicLayout>
                    </MemoryRouter>
                  </SessionProvider>
                </ThemedProvider>
              </SSRProvider>
            </RendererProvider>
          </I18nextProvider>
        </StrictMode>,
        // Ids of their own, so none can clash with the live page's while both are in the document.
        { identifierPrefix: 'prerender-' },
      );
    }
  }
  return { pages, titles, styles: `${renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>)}<style>${themeStyleSheet()}</style>` };
}
