import { FluentProvider, webLightTheme, type Theme } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dirOf } from '../i18n/languages';

/**
 * Fluent's light theme with the system's Noto faces named first, one per script of the
 * three languages: Noto Sans for Latin text, then Noto Sans Arabic and Noto Sans CJK SC
 * for the glyphs it lacks. They come with ChromeOS and Linux desktops; where they are
 * missing, the families after them (Segoe UI, the Apple system face, Roboto) draw the text
 * as before. Named, they are found at once: Chromium on Linux otherwise asked the system
 * for each missing family of Fluent's stack and then for a face with each script, and a
 * page of Arabic text took about twice as long to lay out. Noto Sans comes first because
 * the first face sets the line's metrics and an input's default width: the Arabic face's
 * tall line metrics (for its stacked marks) would make text boxes taller than Fluent's
 * line heights, and a box that scrolls, such as a dialog's body, scroll by a few pixels.
 */
export const THEME: Theme = { ...webLightTheme, fontFamilyBase: `'Noto Sans', 'Noto Sans Arabic', 'Noto Sans CJK SC', ${webLightTheme.fontFamilyBase}` };

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
