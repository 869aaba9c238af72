/**
 * A company's suspension, in Arabic at phone width: the admin suspends a supplier from the
 * users tab with a reason (asked in a dialog), the row shows it suspended and why; the
 * supplier's device, on its next sync, shows the banner on every screen with that reason
 * and what it can still do, and the server refuses it a new product (company_suspended).
 */
import { expect, test } from '@playwright/test';
import { AppShell } from './page-models/AppShell';
import { AdminPage } from './page-models/ScreensPages';
import { pageApi } from './page-models/pageApi';
import { setUpByRequest, signInByRequest } from './page-models/SignIn';
import { LOCALE, newUser, reloadUntil } from './page-models/Users';

const PHONE = { width: 390, height: 844 };
const REASON = 'انتهت صلاحية السجل التجاري ولم يُجدَّد';

test('an admin suspends a supplier with a reason, and the supplier sees the banner with it (ar, phone)', async ({ browser }, testInfo) => {
  test.slow(); // two people, each waiting for a sync
  const company = `مؤسسة الإيقاف ${Date.now()}`;
  const supplier = await newUser(browser, testInfo, 'supplier', 'ar', company);
  await supplier.page.setViewportSize(PHONE);
  await expect(supplier.page.getByTestId('suspension-banner')).toHaveCount(0);

  // ADMIN_EMAILS (playwright.config.ts) makes this address an admin; another spec may have set it up.
  const { baseURL, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport: PHONE, timezoneId, locale: LOCALE.ar });
  const page = await context.newPage();
  await signInByRequest(page, 'admin-e2e@example.sa', 'Platform Admin');
  const { profile } = (await (await page.request.get('/api/session')).json()) as { profile: unknown };
  if (!profile) await setUpByRequest(page, 'government', 'أمانة منطقة الرياض', 'ar');
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.tab('users');
  await admin.search(company);
  await expect(admin.rows).toHaveCount(1);
  const row = admin.rows.first();
  await row.getByTestId('admin-suspend').click();
  // The reason is required: the dialog says so and stays open.
  await page.getByTestId('suspend-submit').click();
  await expect(page.getByTestId('suspend-form')).toContainText('اكتب سبب الإيقاف.');
  await page.getByTestId('suspend-reason').fill(REASON);
  await page.screenshot({ path: '/tmp/shots/suspend-dialog-390-ar.png' });
  await page.getByTestId('suspend-submit').click();
  // Names are isolated for bidi in the sentence (i18n/bidi.ts): the sentence and the name, each.
  await expect(page.getByTestId('admin-notice')).toContainText('أُوقفت شركة');
  await expect(page.getByTestId('admin-notice')).toContainText(company);
  await expect(row.getByTestId('admin-suspended')).toHaveText('موقوفة');
  await expect(row.getByTestId('admin-suspension-reason')).toContainText(REASON);
  await expect(row.getByTestId('admin-lift-suspension')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/suspended-row-390-ar.png' });
  await context.close();

  // The supplier's device learns it from the sync: the banner, with the reason, on every screen.
  const banner = supplier.page.getByTestId('suspension-banner');
  await reloadUntil(supplier.page, () => expect(banner).toBeVisible());
  await new AppShell(supplier.page).dismissGuide();
  await expect(banner.getByTestId('suspension-reason')).toContainText('السبب:');
  await expect(banner.getByTestId('suspension-reason')).toContainText(REASON);
  await expect(banner).toContainText('لا يمكنكم الآن بدء صفقات جديدة');
  await expect(banner).toContainText('ويمكنكم إتمام ما عليكم');
  await supplier.page.screenshot({ path: '/tmp/shots/suspension-banner-390-ar.png' });
  await supplier.page.goto('/products');
  await expect(banner).toBeVisible();
  const refused = await pageApi(supplier.page, 'POST', '/api/products', { name: 'أسمنت', price: 20, unit: 'كيس' });
  expect(refused).toMatchObject({ status: 403, body: { code: 'company_suspended' } });
  // Phone width: the banner does not push the page sideways.
  expect(await supplier.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await supplier.context.close();
});
