import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Lang } from './Users';

const DIR: Record<Lang, 'rtl' | 'ltr'> = { ar: 'rtl', en: 'ltr', zh: 'ltr' };

/**
 * The page in `lang` with its direction, a full-page screenshot in
 * test-results/screenshots/ for a person to look at, and no serious or critical axe
 * violation.
 */
export async function checkPage(page: Page, lang: Lang, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', DIR[lang]);
  // Let dialogs finish their opening animation before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `test-results/screenshots/${lang}-${name}.png`, fullPage: true });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Fluent's focus sentinels (tabster): aria-hidden and focusable on purpose, not content.
    .exclude('[data-tabster-dummy]')
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${lang} ${name}`).toEqual([]);
}
