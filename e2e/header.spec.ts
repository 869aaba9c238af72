/**
 * The signed-in header at a laptop's 1280 px, in Arabic, English and Chinese: a contractor's
 * navigation (the role with the most entries) stands in one row of groups, with the sync
 * status and the company's name whole and unwrapped; a group opens as a menu of links, the
 * account as a menu with sign-out. At a
 * phone's 390 px (Arabic) the bar is one row too and its menu lists the same groups under
 * headings; the admin panel's seven tabs are all whole on the screen. Screenshots of the
 * header in /tmp/shots/ and test-results/screenshots/ for a person to look at.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { AppShell } from './page-models/AppShell';
import { axeViolations, sidewaysScroll } from './page-models/checkPage';
import { signInByRequest, setUpByRequest, uniqueEmail } from './page-models/SignIn';
import { LOCALE, type Lang } from './page-models/Users';

const COMPANY: Record<Lang, string> = {
  ar: 'مؤسسة الأفق للمقاولات العامة',
  en: 'Horizon General Contracting Est.',
  zh: '地平线综合建筑承包有限公司',
};

async function contractorAt(browser: Browser, testInfo: TestInfo, lang: Lang, viewport: { width: number; height: number }): Promise<Page> {
  const { baseURL, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, timezoneId, locale: LOCALE[lang] });
  const page = await context.newPage();
  await signInByRequest(page, uniqueEmail(`header-${lang}`), COMPANY[lang]);
  await setUpByRequest(page, 'contractor', COMPANY[lang], lang);
  await page.goto('/dashboard');
  await new AppShell(page).dismissGuide();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  return page;
}

/**
 * The header's visible items (brand, each navigation entry, the status, the bell, the
 * account, the language), each with its box and how many lines its text takes.
 */
function headerItems(page: Page) {
  return page.locator('header').evaluate((header) => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const items = [
      ...header.querySelectorAll(':scope > a, [data-testid="wide-nav"] > li, [data-testid="sync-status"], [data-testid="account-menu"], [data-testid="language-switcher"], [data-testid="menu-button"]'),
    ].filter(visible);
    const linesOf = (el: Element) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top / 4));
      }
      return tops.size;
    };
    return {
      height: header.getBoundingClientRect().height,
      items: items.map((el) => {
        const r = el.getBoundingClientRect();
        return { name: (el.textContent ?? '').trim() || el.getAttribute('data-testid') || el.tagName, middle: r.top + r.height / 2, lines: linesOf(el) };
      }),
    };
  });
}

/** Whether an element's text is cut (ellipsis or clipped): its content wider than its box. */
const cut = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => el.scrollWidth > el.clientWidth);

for (const lang of ['ar', 'en', 'zh'] as const) {
  test(`the header fits one row at 1280 px with the status and the company whole (${lang})`, async ({ browser }, testInfo) => {
    const page = await contractorAt(browser, testInfo, lang, { width: 1280, height: 800 });
    const { height, items } = await headerItems(page);
    // Brand, six entries (dashboard, buying, projects, finance, transport, company), status, bell, account, language.
    expect(items.length, JSON.stringify(items)).toBeGreaterThanOrEqual(10);
    const middles = items.map((i) => i.middle);
    expect(Math.max(...middles) - Math.min(...middles), JSON.stringify(items)).toBeLessThanOrEqual(4);
    expect(height).toBeLessThanOrEqual(64);
    for (const item of items) expect(item.lines, `${item.name} wraps`).toBeLessThanOrEqual(1);
    await expect(page.getByTestId('sync-status-text')).toBeVisible();
    expect(await cut(page, 'sync-status-text'), 'the sync status is cut').toBe(false);
    await expect(page.getByTestId('account-name')).toHaveText(COMPANY[lang]);
    expect(await cut(page, 'account-name'), 'the company name is cut').toBe(false);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('header').screenshot({ path: `/tmp/shots/header-1280-${lang}.png` });
    await page.locator('header').screenshot({ path: `test-results/screenshots/${lang}-header-1280.png` });

    // A group is a menu of links: the company's settings lead to the tax profile's own page.
    await page.getByTestId('nav-group-company').click();
    const taxEntry = page.locator('a[role="menuitem"][href="/company/tax"]');
    await expect(taxEntry).toBeVisible();
    expect(await axeViolations(page), 'the company menu open').toEqual([]);
    await page.screenshot({ path: `/tmp/shots/header-1280-${lang}-company-menu.png`, clip: { x: 0, y: 0, width: 1280, height: 320 } });
    await taxEntry.click();
    await expect(page).toHaveURL(/\/company\/tax$/);
    await expect(page.getByTestId('tax-profile')).toBeVisible();

    // The account menu: the whole summary, and sign-out (nothing waits to be sent: no question).
    await page.getByTestId('account-menu').click();
    await expect(page.getByTestId('user-summary').first()).toContainText(COMPANY[lang]);
    expect(await axeViolations(page), 'the account menu open').toEqual([]);
    await page.screenshot({ path: `/tmp/shots/header-1280-${lang}-account-menu.png`, clip: { x: 0, y: 0, width: 1280, height: 320 } });
    await page.getByTestId('account-logout').click();
    await expect(page).toHaveURL(/\/$/);
    await page.context().close();
  });
}

test('at 390 px the bar is one row, its menu lists the groups, and the admin panel’s tabs are whole (ar)', async ({ browser }, testInfo) => {
  const page = await contractorAt(browser, testInfo, 'ar', { width: 390, height: 844 });
  const { items } = await headerItems(page);
  const middles = items.map((i) => i.middle);
  expect(Math.max(...middles) - Math.min(...middles), JSON.stringify(items)).toBeLessThanOrEqual(4);
  expect(await sidewaysScroll(page)).toBe(0);
  await page.locator('header').screenshot({ path: '/tmp/shots/header-390-ar.png' });
  await page.locator('header').screenshot({ path: 'test-results/screenshots/ar-header-390.png' });
  const shell = new AppShell(page);
  await shell.openMenu();
  await expect(shell.mobileNav).toContainText('الشراء');
  expect(await axeViolations(page), 'the menu open').toEqual([]);
  await page.screenshot({ path: '/tmp/shots/menu-390-ar.png' });
  await page.context().close();

  // The admin panel (ADMIN_EMAILS names this address; admin.spec.ts and auth.spec.ts may have set it up already).
  const { baseURL, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, timezoneId, locale: LOCALE.ar });
  const admin = await context.newPage();
  await signInByRequest(admin, 'admin-e2e@example.sa', 'Platform Admin');
  const { profile } = (await (await admin.request.get('/api/session')).json()) as { profile: unknown };
  if (!profile) await setUpByRequest(admin, 'government', 'أمانة منطقة الرياض', 'ar');
  await admin.goto('/admin');
  const tabs = admin.locator('[data-testid^="admin-tab-"]');
  await expect(tabs).toHaveCount(8);
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(390);
    expect(await tab.evaluate((el) => el.scrollWidth > el.clientWidth), `${await tab.innerText()} is cut`).toBe(false);
  }
  await admin.getByTestId('admin-tabs').screenshot({ path: '/tmp/shots/admin-tabs-390-ar.png' });
  await context.close();
});
