/**
 * The benchmarks' browser: Debian's Chromium driven by Playwright, a user signed in the way
 * a real sign-in ends, and the wait for the sync status to read "synced".
 */
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { createLoginCode, loginCookieName } from '../server/auth/login-codes';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The end of a sign-in in this browser: the code for the URL, its key in a cookie; lands on the dashboard. */
export async function signIn(page: Page, base: string, knex: Knex, userId: string): Promise<void> {
  const { code, browserKey } = await createLoginCode(knex, userId);
  await page.context().addCookies([{ name: loginCookieName(false), value: browserKey, url: base, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto(`${base}/auth/callback?code=${encodeURIComponent(code)}`);
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
}

export const synced = (page: Page, timeout = 120_000) => page.locator('[data-testid="sync-status"][data-state="synced"]').first().waitFor({ timeout });

/**
 * The demo supplier signed in through the development sign-in (a server in development
 * with the demo data), the first visit's guide dismissed; resolves once the dashboard's
 * data is synced.
 */
export async function signInDemoSupplier(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.setItem('binaa.guideSeen.supplier', '1'));
  await page.getByTestId('login-button').click();
  await page.waitForURL(/\/dev-idp\//);
  await page.locator('input[name="email"]').fill('supplier@demo.binaa.sa');
  await page.locator('input[name="name"]').fill('Bench');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
  await synced(page);
}

/** The milliseconds of `n` raw IndexedDB puts of `row` in `page`, each its own transaction: the floor a local write on screen is compared with. */
export function rawPutTimes(page: Page, n: number, row: Record<string, unknown>): Promise<number[]> {
  return page.evaluate(
    async ({ n, row }) => {
      const idb: IDBDatabase = await new Promise((resolve) => {
        const open = indexedDB.open('bench-put', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('rows', { keyPath: 'id' });
        open.onsuccess = () => resolve(open.result);
      });
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await new Promise((resolve) => {
          const tx = idb.transaction('rows', 'readwrite');
          tx.objectStore('rows').put({ ...row, id: 'x', i });
          tx.oncomplete = resolve;
        });
        out.push(performance.now() - t);
      }
      idb.close();
      return out;
    },
    { n, row },
  );
}
