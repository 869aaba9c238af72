import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * Taking the network away as a building site does. `context.setOffline` has not always
 * covered the service worker's own fetches, so the API is also blocked by a route (a
 * context's routes see the service worker's requests too), and the service worker serves
 * the shell from its precache. `everything`: every request is blocked, the app's own
 * files too, so a page can only come from what the service worker stored.
 */
export async function goOffline(context: BrowserContext, opts: { everything?: boolean } = {}) {
  await context.route(opts.everything ? '**/*' : '**/api/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/api/**');
  await context.unroute('**/*');
  await context.setOffline(false);
}

/**
 * Waits until the service worker has precached the shell and controls the page. If it
 * does not within `timeoutMs`, fails with the registration's state (which worker is
 * installing, waiting or active, and the caches so far), not a bare test timeout.
 */
export async function waitForServiceWorker(page: Page, timeoutMs = 30_000) {
  // A page can miss the worker's claim (its client was being replaced, a reload racing the
  // activation): the worker is active, the page is not controlled and never will be. A
  // page loaded under an active worker is controlled, as at a user's next visit: reload once.
  if ((await controlledWithin(page, timeoutMs / 2)) === 'active, not controlling') await page.reload();
  const outcome = await controlledWithin(page, timeoutMs / 2);
  if (outcome !== 'controlled') throw new Error(`service worker ${outcome}`);
}

async function controlledWithin(page: Page, timeoutMs: number): Promise<string> {
  return page.evaluate(async (timeoutMs) => {
    const controlled = (async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
      return 'controlled';
    })();
    const late = new Promise<string>((resolve) =>
      setTimeout(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        if (reg?.active?.state === 'activated' && !reg.installing && !reg.waiting) return resolve('active, not controlling');
        const workers = reg ? `installing ${reg.installing?.state}, waiting ${reg.waiting?.state}, active ${reg.active?.state}` : 'no registration';
        resolve(`not controlling the page after ${timeoutMs} ms: ${workers}; caches ${JSON.stringify(await caches.keys())}`);
      }, timeoutMs),
    );
    return Promise.race([controlled, late]);
  }, timeoutMs);
}

/**
 * A visit whose scripts never arrive (every .js request fails), in a context of its own
 * with this locale: what a pre-rendered page shows before, or without, its JavaScript.
 */
export async function withoutJavaScript(browser: Browser, locale: string, visit: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ locale });
  try {
    const page = await context.newPage();
    await page.route(/\.js$/, (route) => route.abort());
    await visit(page);
  } finally {
    await context.close();
  }
}
