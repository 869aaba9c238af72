import { expect, test } from '@playwright/test';
import { LandingPage } from './page-models/LandingPage';

test('a visited app opens offline from the service worker', async ({ page, context }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  // Wait until the service worker has installed (precached the shell) and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(landing.hero).toBeVisible();
  await expect(landing.loginButton).toBeVisible();
  // A client route that was never visited also opens from the cached shell.
  await page.goto('/services');
  await expect(page.getByTestId('tab-products')).toBeVisible();
  await context.setOffline(false);
});

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
