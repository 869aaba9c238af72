/**
 * Signing in for the screen tests, and the network switch. A fresh user per test (no
 * test sees another's writes), or a demo account for screens that need data.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { AppShell } from './AppShell';
import type { SetupRole } from './SetupPage';
import { signInByRequest, setUpByRequest, uniqueEmail } from './SignIn';

/** A new user of this role, set up, on the dashboard with the guide closed and the first sync done. */
export async function signUpAs(page: Page, role: SetupRole, company: string, email = uniqueEmail(role)) {
  await signInByRequest(page, email, company);
  await setUpByRequest(page, role, company, 'ar');
  await openDashboard(page);
  return email;
}

/** A demo account of the e2e server's demo data (already set up). */
export async function signInDemo(page: Page, email: string, name = 'Demo') {
  await signInByRequest(page, email, name);
  await openDashboard(page);
}

/** The dashboard of the signed-in user, its guide closed and the first sync done. */
export async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await new AppShell(page).dismissGuide();
  await waitSynced(page);
}

/** The sync status says up to date: nothing waits, nothing is being sent. */
export async function waitSynced(page: Page, timeout = 30_000) {
  await expect(page.getByTestId('sync-status').first()).toHaveAttribute('data-state', 'synced', { timeout });
}

/**
 * Offline the way a person is: the browser offline and, since setOffline does not cover
 * the service worker's own fetches, every /api request refused.
 */
export async function goOffline(context: BrowserContext) {
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}
