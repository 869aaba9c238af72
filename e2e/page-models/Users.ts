import { expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import type { SetupRole } from './SetupPage';
import { signInByRequest, setUpByRequest, uniqueEmail } from './SignIn';

export type Lang = 'ar' | 'en' | 'zh';
export const LOCALE: Record<Lang, string> = { ar: 'ar-SA', en: 'en-US', zh: 'zh-CN' };

export interface User {
  context: BrowserContext;
  page: Page;
  company: string;
}

/**
 * A new person in a browser context of their own (the project's phone settings, their
 * language), signed in and set up with a role by request (the screens are auth.spec.ts's),
 * on the dashboard.
 */
export async function newUser(browser: Browser, testInfo: TestInfo, role: SetupRole, lang: Lang, company: string): Promise<User> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, timezoneId, locale: LOCALE[lang] });
  const page = await context.newPage();
  await signInByRequest(page, uniqueEmail(`${role}-${lang}`), company);
  await setUpByRequest(page, role, company, lang);
  await page.goto('/dashboard');
  return { context, page, company };
}

export { goOffline, goOnline, waitForServiceWorker } from './Network';

/**
 * Reloads until `check` passes: another person's change reaches this device with the
 * next sync, and a reload syncs at once instead of waiting for the 30 s poll.
 */
export async function reloadUntil(page: Page, check: () => Promise<void>, timeout = 45_000) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout, intervals: [1_000, 2_000, 3_000] });
}
