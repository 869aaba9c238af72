import { expect, type Page } from '@playwright/test';
import type { SetupRole } from './SetupPage';

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

/**
 * Signs in without the screens, for tests about something else: the requests the browser
 * makes (the identity provider's redirect, its form, the login code exchanged at
 * POST /api/sessions), sent through the page's own request context so the session cookie
 * lands in its browser context. The sign-in screens themselves are auth.spec.ts's subject;
 * elsewhere they cost some ten seconds a person and check nothing new.
 */
export async function signInByRequest(page: Page, email: string, name: string) {
  const origin = appOrigin();
  const request = page.request;
  const start = await request.get('/api/oauth/google/redirect_url');
  expect(start.status(), 'redirect_url').toBe(200);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const formUrl = new URL((await request.get(redirectUrl)).url()); // redirects end on the provider's form
  expect(formUrl.pathname, 'the identity provider\'s form').toMatch(/\/dev-idp\//);
  let response = await request.post('/dev-idp/authorize', {
    form: { ...Object.fromEntries(formUrl.searchParams), email, name },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  let location = response.headers().location ?? '';
  for (let hop = 0; hop < 5 && location && !location.startsWith('/auth/callback'); hop++) {
    response = await request.get(new URL(location, origin).toString(), { maxRedirects: 0 });
    location = response.headers().location ?? '';
  }
  const code = new URL(location, origin).searchParams.get('code');
  expect(code, `a login code (${response.status()} ${location})`).toBeTruthy();
  const session = await request.post('/api/sessions', { data: { code }, headers: { Origin: origin } });
  expect(session.status(), await session.text()).toBe(200);
}

/** The profile a new user fills in at /setup, saved the way the setup form saves it. */
export async function setUpByRequest(page: Page, role: SetupRole, companyName: string, language: string, fields: Record<string, string> = {}) {
  const origin = appOrigin();
  const data = { ...fields, role, company_name: companyName, language };
  const response = await page.request.post('/api/profiles', { data, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The test server's origin (playwright.config.ts's baseURL), which writes must name as their Origin. */
function appOrigin(): string {
  return `http://localhost:${process.env.E2E_PORT}`;
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
