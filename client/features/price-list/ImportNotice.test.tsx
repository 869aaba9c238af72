import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import ar from '../../i18n/locales/ar/price-list.json';
import en from '../../i18n/locales/en/price-list.json';
import zh from '../../i18n/locales/zh/price-list.json';
import { ImportNotice } from './ImportNotice';
import type { Outcome } from './usePriceListImport';

async function render(lng: 'ar' | 'en' | 'zh', outcome: Outcome): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { ar: { 'price-list': ar }, en: { 'price-list': en }, zh: { 'price-list': zh } }, interpolation: { escapeValue: false } });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ImportNotice outcome={outcome} />
    </I18nextProvider>,
  );
  return [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]).join('\n');
}

const refused: Outcome = { kind: 'refusedRows', lines: [{ line: 6, issues: ['missing_name', 'missing_unit'] }, { line: 12, issues: ['duplicate_sku'] }] };

describe("a refused import's lines", () => {
  it('are whole sentences, the problems a list in the way of each language', async () => {
    expect(await render('en', refused)).toBe('Line 6: Name is missing and Unit is missing\nLine 12: ' + en.issues.duplicate_sku);
    expect(await render('ar', refused)).toBe('السطر ٦: الاسم مفقود والوحدة مفقودة\nالسطر ١٢: ' + ar.issues.duplicate_sku);
    expect(await render('zh', refused)).toBe('第 6 行：缺少名称和缺少单位\n第 12 行：' + zh.issues.duplicate_sku);
  });
});
