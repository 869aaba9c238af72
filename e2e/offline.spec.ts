import { expect, test } from '@playwright/test';
import { LandingPage } from './page-models/LandingPage';
import { goOffline, goOnline, waitForServiceWorker } from './page-models/Network';

const VISITS = [
  { lang: 'ar', locale: 'ar-SA', hero: 'كل ما يحتاجه مشروعك من مواد بناء في سوق واحد', login: 'تسجيل الدخول', products: 'المنتجات' },
  { lang: 'zh', locale: 'zh-CN', hero: '项目所需的建筑材料，尽在一个市场', login: '登录', products: '产品' },
] as const;

for (const visit of VISITS) {
  test.describe(`offline in ${visit.lang}`, () => {
    test.use({ locale: visit.locale });

    test(`a visited app opens offline from the service worker, in the reader's language (${visit.lang})`, async ({ page, context }) => {
      const landing = new LandingPage(page);
      await landing.goto();
      await waitForServiceWorker(page);

      // Offline as on a building site, the service worker's own fetches included: the
      // pages can only come from its precache.
      await goOffline(context, { everything: true });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', visit.lang);
      await expect(landing.hero).toHaveText(visit.hero);
      await expect(landing.loginButton).toContainText(visit.login);
      // A client route that was never visited also opens from the cached shell.
      await page.goto('/services');
      await expect(page.getByTestId('tab-products')).toContainText(visit.products);
      await goOnline(context);
    });
  });
}

test('the manifest is Arabic first and installable', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'سوق بناء', lang: 'ar', dir: 'rtl', display: 'standalone', start_url: '/' });
  const sizes = manifest.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes}:${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  for (const icon of manifest.icons as Array<{ src: string }>) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type']).toContain('image/png');
  }
});
