import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import ar from '../i18n/locales/ar/common.json';
import en from '../i18n/locales/en/common.json';
import zh from '../i18n/locales/zh/common.json';
import { SearchField } from './SearchField';

async function clearButton(lng: 'ar' | 'en' | 'zh'): Promise<{ label?: string; title?: string }> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { ar: { common: ar }, en: { common: en }, zh: { common: zh } } });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <SearchField aria-label="search" />
    </I18nextProvider>,
  );
  const button = html.match(/<span[^>]*role="button"[^>]*>/)?.[0] ?? '';
  return { label: button.match(/aria-label="([^"]*)"/)?.[1], title: button.match(/title="([^"]*)"/)?.[1] };
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' || name === 'public' ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('a search field', () => {
  it("names its clear button in the interface language, for a screen reader and as a tooltip", async () => {
    expect(await clearButton('ar')).toEqual({ label: 'مسح البحث', title: 'مسح البحث' });
    expect(await clearButton('en')).toEqual({ label: 'Clear search', title: 'Clear search' });
    expect(await clearButton('zh')).toEqual({ label: '清除搜索', title: '清除搜索' });
  });

  it("is the only use of Fluent's SearchBox, whose own clear button says 'clear' in English", () => {
    const root = path.join(__dirname, '..');
    const users = sources(root)
      .filter((file) => /\bSearchBox\b[^'"]*\}\s*from\s*'@fluentui\/react-(components|search)'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(users).toEqual([path.join('ui', 'SearchField.tsx')]);
  });
});
