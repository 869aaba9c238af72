/**
 * Every signed-in screen of issue 9 at phone width in Arabic, English and Chinese: a
 * full-page screenshot in test-results/screenshots/ and no axe violations of any
 * impact. Demo accounts bring data (products, orders, notifications).
 */
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './page-models/AppShell';
import { expectFitsAndAccessible } from './page-models/checkPage';
import { signInDemo } from './page-models/Session';

const LANGS = [
  { code: 'ar', locale: 'ar-SA', dir: 'rtl' },
  { code: 'en', locale: 'en-US', dir: 'ltr' },
  { code: 'zh', locale: 'zh-CN', dir: 'ltr' },
] as const;

async function check(page: Page, lang: (typeof LANGS)[number], name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
  await expect(page.locator('html')).toHaveAttribute('dir', lang.dir);
  await expect(page.getByTestId('list-skeleton')).toHaveCount(0);
  await page.screenshot({ path: `test-results/screenshots/${lang.code}-screen-${name}.png`, fullPage: true });
  await expectFitsAndAccessible(page, `${lang.code} ${name}`);
}

for (const lang of LANGS) {
  test.describe(`screens in ${lang.code}`, () => {
    test.use({ locale: lang.locale, viewport: { width: 412, height: 915 } });
    test.slow(); // a screenshot and an axe run per screen

    test('supplier screens', async ({ page }) => {
      await page.addInitScript((code) => localStorage.setItem('binaa.language', code), lang.code);
      // The guide first, as a new visitor of this role sees it: neither this browser nor the
      // account has closed it (the demo account is the three languages' runs', and the first
      // run's closing is kept on it).
      await page.addInitScript(() => localStorage.removeItem('binaa.guideSeen.supplier'));
      await page.route('**/api/session', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        if (body.user) body.user.guide_seen_at = null;
        await route.fulfill({ response, json: body });
      });
      await page.goto('/');
      await page.getByTestId('login-button').click();
      await page.waitForURL(/\/dev-idp\//);
      await page.locator('input[name="email"]').fill('supplier@demo.binaa.sa');
      await page.locator('input[name="name"]').fill('Demo');
      await page.locator('button[type="submit"]').click();
      await expect(page.getByTestId('guide')).toBeVisible({ timeout: 20_000 });
      await check(page, lang, 'dashboard-guide');
      await new AppShell(page).dismissGuide(); // the page is inert, and hidden from assistive technology, until the dialog has gone
      await expect(page.getByTestId('sync-status').first()).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
      await expect(page.getByTestId('stat-products')).toBeVisible();
      await check(page, lang, 'dashboard-supplier');

      await page.goto('/products');
      await expect(page.getByTestId('my-products')).toBeVisible();
      await check(page, lang, 'products-supplier');
      await page.getByTestId('add-product').first().click();
      await page.getByTestId('add-spec').click();
      await page.getByTestId('product-save').click();
      await expect(page.getByTestId('product-form')).toBeVisible();
      await check(page, lang, 'products-add-dialog');
      await page.keyboard.press('Escape');

      await page.goto('/pricing');
      await expect(page.getByTestId('comparison')).toBeVisible();
      await check(page, lang, 'pricing');

      await page.goto('/notifications');
      await expect(page.getByTestId('notification-list').or(page.getByTestId('empty-state'))).toBeVisible();
      await check(page, lang, 'notifications');

      await page.goto('/profile');
      await expect(page.getByTestId('profile-view')).toBeVisible();
      await check(page, lang, 'profile');
      await page.getByTestId('edit-profile').click();
      await check(page, lang, 'profile-edit');

      await page.goto('/admin');
      await expect(page.getByTestId('admin-not-authorized')).toBeVisible();
      await check(page, lang, 'admin-not-authorized');
    });

    test('contractor catalogue and a supplier’s reviews', async ({ page }) => {
      await page.addInitScript((code) => localStorage.setItem('binaa.language', code), lang.code);
      await signInDemo(page, 'contractor@demo.binaa.sa');
      await check(page, lang, 'dashboard-contractor');
      await page.goto('/products');
      await expect(page.getByTestId('catalogue')).toBeVisible();
      await check(page, lang, 'products-catalogue');
      await page.getByTestId('product-card').first().getByTestId('contact-supplier').click();
      await expect(page.getByTestId('contact-dialog')).toBeVisible();
      await check(page, lang, 'contact-dialog');
      await page.keyboard.press('Escape');
      // A review needs a completed deal: the catalogue opens the supplier's reviews instead.
      await page.getByTestId('product-card').first().getByTestId('supplier-reviews').click();
      await expect(page.getByTestId('company-rating').or(page.getByTestId('reviews-unavailable'))).toBeVisible();
      await check(page, lang, 'company-reviews');
      await page.goto('/notifications');
      await expect(page.getByTestId('notification-list').or(page.getByTestId('empty-state'))).toBeVisible();
      await check(page, lang, 'notifications-contractor');
    });

    test('admin panel', async ({ page }) => {
      await page.addInitScript((code) => localStorage.setItem('binaa.language', code), lang.code);
      await signInDemo(page, 'admin@demo.binaa.sa');
      await page.goto('/admin');
      await expect(page.getByTestId('admin-list')).toBeVisible();
      await check(page, lang, 'admin-products');
      await page.getByTestId('admin-tab-users').click();
      await expect(page.getByTestId('admin-user').first()).toBeVisible();
      await check(page, lang, 'admin-users');
      await page.getByTestId('admin-tab-quickSignups').click();
      await expect(page.getByTestId('admin-list').or(page.getByTestId('empty-state'))).toBeVisible();
      await check(page, lang, 'admin-quick-signups');
    });
  });
}
