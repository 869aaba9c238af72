/**
 * The app's theme: Fluent's light theme with the fonts and, in Arabic, the line heights
 * below. A built page carries it as a style sheet on the document (themeStyleSheet, which
 * the build writes into index.html's head), so no theme is built in the browser.
 */
import { createCSSRuleFromTheme, webLightTheme, type Theme } from '@fluentui/react-components';
import type { LanguageCode } from '../i18n/languages';

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
const theme = (): Theme => ({ ...webLightTheme, fontFamilyBase: `'Noto Sans', 'Noto Sans Arabic', 'Noto Sans CJK SC', ${webLightTheme.fontFamilyBase}` });

/**
 * Arabic script stands taller than Latin: marks above and below the letters and deep
 * descenders. Fluent's line heights for titles (1.25 to 1.33 of the size) are drawn for
 * Latin, and a title that wraps to a second line in Arabic touches the line below. From
 * the 20 px size up, Arabic text gets about 1.6 of its size; body sizes keep Fluent's,
 * which fit, and which set the height of controls.
 */
const arabicLineHeights = (): Partial<Theme> => ({
  lineHeightBase500: '32px',
  lineHeightBase600: '38px',
  lineHeightHero700: '44px',
  lineHeightHero800: '50px',
  lineHeightHero900: '62px',
  lineHeightHero1000: '104px',
});

/**
 * The theme of a language, as FluentProvider takes it. Built when asked for, never as this
 * module loads: the built app asks for none, and the bundle then leaves Fluent's colour
 * palettes out altogether.
 */
export function themeOf(language: LanguageCode): Theme {
  const key = language === 'ar' ? 'ar' : 'other';
  // The same object on every render, so the provider does not rewrite its variables.
  return (themes[key] ??= key === 'ar' ? { ...theme(), ...arabicLineHeights() } : theme());
}
const themes: Partial<Record<'ar' | 'other', Theme>> = {};

/**
 * The theme as CSS variables on the document: the light theme on :root, and the Arabic
 * line heights where <html lang="ar"> (main.tsx and index.html's inline script set it
 * before anything paints, and again when the language changes).
 */
export function themeStyleSheet(): string {
  return `${createCSSRuleFromTheme(':root', theme())}${createCSSRuleFromTheme(':root:lang(ar)', arabicLineHeights())}`;
}
