/**
 * The demo platform (PLATFORM_SELLER_EMAIL's development default), the seller of the plans'
 * tax invoices: its e-invoicing unit ready with the development ZATCA before a test pays a
 * plan, so the payment's invoice is issued at once and not left to the hourly sweep.
 */
import { expect, type Browser } from '@playwright/test';
import { pageApi } from './pageApi';
import { signInByRequest } from './SignIn';

/** The demo platform account. */
const PLATFORM_EMAIL = 'billing@demo.binaa.sa';

/**
 * The platform's unit ready: the development server onboards the demo platform as it
 * starts (plan-invoices.ts onboardDevelopmentPlatform); asked by request too, in case it
 * has not begun yet.
 */
export async function onboardPlatform(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const platform = await context.newPage();
  await signInByRequest(platform, PLATFORM_EMAIL, 'فريق فوترة بناء ماركت');
  await platform.goto('/api/health'); // pageApi calls from a page of the app's origin
  const res = await pageApi(platform, 'POST', '/api/e-invoicing/onboard', { otp: '123456' });
  expect(res.status === 200 ? res.body.status : res.body.code, JSON.stringify(res.body)).toMatch(/^(ready|einvoicing_ready|onboarding_in_progress)$/);
  await expect.poll(async () => (await pageApi(platform, 'GET', '/api/e-invoicing/status')).body.status, { timeout: 30_000 }).toBe('ready');
  await context.close();
}
