import { webLightTheme } from '@fluentui/react-components';
import { describe, expect, it } from 'vitest';
import { themeOf, themeStyleSheet } from './theme';

/** The rule of `selector` in the sheet, as `--token: value;` pairs. */
function variables(sheet: string, selector: string): Map<string, string> {
  const body = new RegExp(`${selector.replace(/[()]/g, '\\$&')} \\{([^}]*)\\}`).exec(sheet)?.[1] ?? '';
  return new Map([...body.matchAll(/--([\w-]+): ([^;]*);/g)].map((m) => [m[1], m[2]]));
}

describe('the theme as a style sheet (index.html writes it; the built provider writes none)', () => {
  it("holds every one of Fluent's light theme variables on :root, with the app's fonts", () => {
    const root = variables(themeStyleSheet(), ':root');
    expect([...root.keys()].sort()).toEqual(Object.keys(webLightTheme).sort());
    expect(root.get('fontFamilyBase')).toMatch(/^'Noto Sans', 'Noto Sans Arabic', 'Noto Sans CJK SC', /);
    expect(root.get('colorBrandBackground')).toBe(webLightTheme.colorBrandBackground);
  });

  it('gives Arabic the line heights of its theme where <html lang="ar">, and only those', () => {
    const sheet = themeStyleSheet();
    const root = variables(sheet, ':root');
    const arabic = variables(sheet, ':root:lang(ar)');
    const ar = themeOf('ar') as unknown as Record<string, string>;
    const differs = Object.keys(ar).filter((token) => String(ar[token]) !== root.get(token));
    expect([...arabic.keys()].sort()).toEqual(differs.sort());
    for (const token of differs) expect(arabic.get(token)).toBe(String(ar[token]));
    expect(arabic.get('lineHeightHero700')).toBe('44px');
  });
});
