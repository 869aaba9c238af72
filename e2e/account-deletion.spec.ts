/**
 * Deleting one's account, in Arabic at phone width: a person signed in on two devices,
 * each with its local copy (IndexedDB binaa-<id>), deletes the account from the profile
 * screen of one (the dialog right-to-left, confirmed by the email typed again); that
 * device is back at the landing page with its copy gone, and the other drops its copy at
 * its next sync (the connection coming back) and is back at the landing page too.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { pageApi } from './page-models/pageApi';
import { openDashboard } from './page-models/Session';
import { setUpByRequest, signInByRequest, uniqueEmail } from './page-models/SignIn';
import { LOCALE, goOffline, goOnline } from './page-models/Users';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** A device of its own in Arabic at phone width. */
async function device(browser: Browser, testInfo: TestInfo) {
  const { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport: PHONE, userAgent, deviceScaleFactor, isMobile, hasTouch, timezoneId, locale: LOCALE.ar });
  await context.addInitScript(() => localStorage.setItem('binaa.language', 'ar'));
  return { context, page: await context.newPage() };
}

/** The names of the IndexedDB databases the page's origin holds. */
const databases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));

test('a person deletes their account on one device and the other drops its copy at its next sync', async ({ browser }, testInfo) => {
  const email = uniqueEmail('delete-ar');
  const first = await device(browser, testInfo);
  await signInByRequest(first.page, email, 'سارة');
  await setUpByRequest(first.page, 'contractor', 'مقاولات سارة', 'ar');
  await openDashboard(first.page);
  const { id } = (await pageApi(first.page, 'GET', '/api/session')).body.user as { id: string };
  const db = `binaa-${id}`;
  expect(await databases(first.page)).toContain(db);

  const second = await device(browser, testInfo);
  await signInByRequest(second.page, email, 'سارة');
  await openDashboard(second.page);
  expect(await databases(second.page)).toContain(db);

  await first.page.goto('/profile');
  await first.page.getByTestId('account-delete-open').click();
  const dialog = first.page.getByTestId('account-delete-dialog');
  await expect(dialog).toBeVisible();
  await expect(first.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(dialog.getByRole('heading')).toHaveText('هل تريد حذف حسابك؟');
  await expect(first.page.getByTestId('account-delete-confirm')).toBeDisabled();
  await first.page.getByTestId('account-delete-email').fill(email.toUpperCase());
  await first.page.getByTestId('account-delete-confirm').click();
  await expect(first.page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect.poll(() => databases(first.page)).not.toContain(db);
  expect((await pageApi(first.page, 'GET', '/api/session')).body).toEqual({ user: null, profile: null });

  // The other device was open all along; its connection comes back and it syncs.
  await goOffline(second.context);
  await goOnline(second.context);
  await expect.poll(() => databases(second.page), { timeout: 15_000 }).not.toContain(db);
  await expect(second.page).toHaveURL(/\/$/);
  expect((await pageApi(second.page, 'GET', '/api/session')).body).toEqual({ user: null, profile: null });

  await first.context.close();
  await second.context.close();
});
