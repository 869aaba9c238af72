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
