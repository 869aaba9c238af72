/**
 * Every page at phone size, in Arabic and English: no axe violations of any
 * impact, and a full-page screenshot in test-results/screenshots/ for a person to
 * look at (overlaps, mirroring, untranslated text).
 */
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './page-models/AppShell';
import { expectFitsAndAccessible } from './page-models/checkPage';
import { SetupPage } from './page-models/SetupPage';
import { expectLandedOn, signInThroughDevIdp, uniqueEmail } from './page-models/SignIn';

const LANGS = [
  { code: 'ar', locale: 'ar-SA', dir: 'rtl' },
  { code: 'en', locale: 'en-US', dir: 'ltr' },
] as const;

async function check(page: Page, lang: (typeof LANGS)[number], name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
  await expect(page.locator('html')).toHaveAttribute('dir', lang.dir);
  await page.screenshot({ path: `test-results/screenshots/${lang.code}-${name}.png`, fullPage: true });
  await expectFitsAndAccessible(page, `${lang.code} ${name}`);
}

for (const lang of LANGS) {
  test.describe(`pages in ${lang.code}`, () => {
    test.use({ locale: lang.locale });

    test('public pages', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('#hero-title')).toBeVisible();
      await check(page, lang, 'landing');

      await page.goto('/services');
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await check(page, lang, 'services-products');
      await page.getByTestId('tab-transport').click();
      await expect(page.getByTestId('transport-card').first()).toBeVisible();
      await check(page, lang, 'services-transport');

      await page.getByTestId('join-button').click();
      await expect(page.getByTestId('quick-signup-form')).toBeVisible();
      await page.getByTestId('quick-signup-submit').click();
      await check(page, lang, 'services-join-errors');

      await page.goto('/info/faq');
      await check(page, lang, 'info-faq');
      await page.goto('/auth/callback');
      await expect(page.getByTestId('callback-error')).toBeVisible();
      await check(page, lang, 'auth-callback-no-code');
      await page.goto('/no-such-page');
      await check(page, lang, 'not-found');
    });

    test('signed-in pages', async ({ page }) => {
      test.slow(); // every signed-in screen, each with a screenshot and an axe run
      await signInThroughDevIdp(page, uniqueEmail(`pages-${lang.code}`), lang.code === 'ar' ? 'ريم القحطاني' : 'Reem Alqahtani');
      await expectLandedOn(page, '/setup');
      const setup = new SetupPage(page);
      await setup.submit();
      await expect(setup.roleAlert).toBeVisible();
      await check(page, lang, 'setup');
      await setup.complete('contractor', lang.code === 'ar' ? 'مؤسسة البناء الحديث' : 'Modern Build Est.');
      await expectLandedOn(page, '/dashboard');
      await expect(new AppShell(page).greeting).toBeVisible();
      await check(page, lang, 'dashboard');

      await new AppShell(page).openMenu();
      await check(page, lang, 'menu');
      await page.keyboard.press('Escape');

      // A new contractor's screens with nothing in them yet. Checked elsewhere, in all three
      // languages: /pricing and /admin's refusal (screens-pages.spec.ts), an empty
      // /instant-orders (orders-transport-pages.spec.ts).
      for (const path of ['/products', '/projects', '/transport', '/notifications', '/sync']) {
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        await check(page, lang, path.slice(1));
      }
    });
  });
}
