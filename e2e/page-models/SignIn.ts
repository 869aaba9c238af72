import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A fresh email address so every sign-in creates a new user on the shared test server. */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.sa`;
}

/**
 * Signs in the way a person does: the landing page's login button, the development
 * identity provider's form (email and name), then /auth/callback.
 */
export async function signInThroughDevIdp(page: Page, email: string, name: string) {
  await page.goto('/');
  await page.getByTestId('login-button').click();
  await fillDevIdp(page, email, name);
  await page.waitForURL(/\/auth\/callback|\/setup|\/dashboard/);
}

/** The development identity provider's form, once a sign-in button has led there. */
export async function fillDevIdp(page: Page, email: string, name: string) {
  await page.waitForURL(/\/dev-idp\//);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="name"]').fill(name);
  await page.locator('button[type="submit"]').click();
}

/**
 * An attacker's half of a login CSRF: signs in through the development identity provider
 * but keeps the login code unused (the page's exchange is cut off), and returns the
 * /auth/callback?code=… link they would send to a victim.
 */
export async function signInLinkKeptUnused(page: Page, email: string, name: string): Promise<string> {
  await page.route('**/api/sessions', (route) => route.abort());
  await signInThroughDevIdp(page, email, name);
  await expect(page).toHaveURL(/\/auth\/callback\?code=/);
  return page.url();
}

/** Waits until the callback has sent the user on to setup or the dashboard. */
export async function expectLandedOn(page: Page, path: '/setup' | '/dashboard') {
  await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 15_000 });
}
