import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dirOf } from '../i18n/languages';

/** Fluent's provider, with its direction following the current language. */
export function ThemedProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const dir = dirOf(i18n.resolvedLanguage ?? i18n.language);
  return (
    <FluentProvider theme={webLightTheme} dir={dir} style={{ minBlockSize: '100vh' }}>
      {children}
    </FluentProvider>
  );
}
