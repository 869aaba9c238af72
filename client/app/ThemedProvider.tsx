import { FluentProvider, webLightTheme, type Theme } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dirOf } from '../i18n/languages';

/**
 * Fluent's light theme with an Arabic face named first: 'Binaa Arabic' (global.css), the
 * system's Noto Sans Arabic with line metrics that fit Fluent's line heights. It comes
 * with ChromeOS and Linux desktops; where it is missing, the families after it (Segoe UI,
 * the Apple system face, Roboto) draw the text as before. Named first, it is found at
 * once: Chromium on Linux otherwise asked the system for each missing family in turn, and
 * a page of Arabic text took about twice as long to lay out.
 */
export const THEME: Theme = { ...webLightTheme, fontFamilyBase: `'Binaa Arabic', ${webLightTheme.fontFamilyBase}` };

/** Fluent's provider, with its direction following the current language. */
export function ThemedProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const dir = dirOf(i18n.resolvedLanguage ?? i18n.language);
  return (
    <FluentProvider theme={THEME} dir={dir} style={{ minBlockSize: '100vh' }}>
      {children}
    </FluentProvider>
  );
}
