import type { BrowserContext, Page } from '@playwright/test';

/**
 * Taking the network away as a building site does. `context.setOffline` does not cover
 * the service worker's own fetches, so the API is also blocked by a route (and the
 * service worker serves the shell from its precache).
 */
export async function goOffline(context: BrowserContext) {
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

/** Waits until the service worker has precached the shell and controls the page. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}
