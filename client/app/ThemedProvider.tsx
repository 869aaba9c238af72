import { FluentProvider } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dirOf, toLanguageCode } from '../i18n/languages';
import { themeOf } from './theme';

/**
 * Fluent's provider, with its direction and line heights following the current language.
 * A built page has the theme's variables on the document already (theme.ts, written into
 * index.html's head), so the provider writes none: building the theme and its thousands
 * of variables in the browser cost the landing page's JavaScript the palette of every
 * colour. In development and tests there is no such sheet and the provider writes them.
 */
export function ThemedProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = toLanguageCode(i18n.resolvedLanguage ?? i18n.language);
  return (
    <FluentProvider theme={import.meta.env.PROD ? undefined : themeOf(language)} dir={dirOf(language)} style={{ minBlockSize: '100vh' }}>
      {children}
    </FluentProvider>
  );
}
