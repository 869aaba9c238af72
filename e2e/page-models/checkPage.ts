import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Lang } from './Users';

const DIR: Record<Lang, 'rtl' | 'ltr'> = { ar: 'rtl', en: 'ltr', zh: 'ltr' };
// WCAG A and AA, and axe's best practices (heading order, unique landmarks and the like).
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe's violations on the page as it is, every impact, as "rule (impact): nodes". One
 * exclusion, for one rule: Fluent's focus manager (tabster) puts focusable `aria-hidden`
 * redirectors (`<i data-tabster-dummy>`) at the edges of <body> and of arrow-key groups,
 * which pass focus on the moment they get it; axe's aria-hidden-focus reports them, a
 * documented false positive. So those nodes are dropped from that rule's findings, and
 * every other rule checks them as it checks the rest.
 *
 * One axe.run in the page itself (legacy mode): the app has no frames, so the per-frame
 * run and the blank page axe otherwise opens to merge frames' results add nothing but
 * time.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
  return violations
    .map((v) => ({ ...v, nodes: v.id === 'aria-hidden-focus' ? v.nodes.filter((n) => !n.html.includes('data-tabster-dummy')) : v.nodes }))
    .filter((v) => v.nodes.length > 0)
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * How far the page scrolls sideways, in CSS pixels: 0 when everything fits the screen's
 * width, as it must on a phone (a row pushed past the edge is cut off or shifts the page).
 */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Nothing wider than the screen and no axe violation of any impact; `label` names the page in a failure. */
export async function expectFitsAndAccessible(page: Page, label: string) {
  expect(await sidewaysScroll(page), `${label} scrolls sideways`).toBe(0);
  expect(await axeViolations(page), label).toEqual([]);
}

/**
 * The page in `lang` with its direction, a full-page screenshot in
 * test-results/screenshots/ for a person to look at, nothing wider than the screen, and
 * no axe violation of any impact.
 */
export async function checkPage(page: Page, lang: Lang, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', DIR[lang]);
  // Dialogs finish their opening animation before the picture (a spinner's endless one aside).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  await page.screenshot({ path: `test-results/screenshots/${lang}-${name}.png`, fullPage: true });
  await expectFitsAndAccessible(page, `${lang} ${name}`);
}
