import { FluentProvider, webLightTheme, type Theme } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dirOf, toLanguageCode } from '../i18n/languages';

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

/**
 * Arabic script stands taller than Latin: marks above and below the letters and deep
 * descenders. Fluent's line heights for titles (1.25 to 1.33 of the size) are drawn for
 * Latin, and a title that wraps to a second line in Arabic touches the line below. From
 * the 20 px size up, Arabic text gets about 1.6 of its size; body sizes keep Fluent's,
 * which fit, and which set the height of controls.
 */
export const ARABIC_THEME: Theme = {
  ...THEME,
  lineHeightBase500: '32px',
  lineHeightBase600: '38px',
  lineHeightHero700: '44px',
  lineHeightHero800: '50px',
  lineHeightHero900: '62px',
  lineHeightHero1000: '104px',
};

/** Fluent's provider, with its direction and line heights following the current language. */
export function ThemedProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = toLanguageCode(i18n.resolvedLanguage ?? i18n.language);
  return (
    <FluentProvider theme={language === 'ar' ? ARABIC_THEME : THEME} dir={dirOf(language)} style={{ minBlockSize: '100vh' }}>
      {children}
    </FluentProvider>
  );
}
