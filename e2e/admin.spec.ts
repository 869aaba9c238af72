/**
 * The admin panel (issue 9): tabs with search and paging, delete with confirmation, tier
 * and admin changes, each checked on the server; own account's delete disabled; offline
 * the writes are disabled and the panel says so; non-admins are not authorized. A removal
 * shows in the audit trail's tab under its label, and its CSV link follows the filter.
 */
import { expect, test, type Page } from '@playwright/test';
import { AdminPage, ProfilePage } from './page-models/ScreensPages';
import { goOffline, goOnline, signInDemo, signUpAs } from './page-models/Session';
import { AppShell } from './page-models/AppShell';
import { AuditPage } from './page-models/CompanyPage';
import { sidewaysScroll } from './page-models/checkPage';
import { SetupPage } from './page-models/SetupPage';
import { signInThroughDevIdp, uniqueEmail } from './page-models/SignIn';

const english = (page: Page) => page.addInitScript(() => localStorage.setItem('binaa.language', 'en'));

test('an admin searches, sees the earned tier, changes the admin flag, and deletes a product and a user (en)', async ({ page, browser }) => {
  test.slow(); // many steps, each waiting for a sync
  // A supplier with a product and a fresh account to moderate, made in their own browser.
  const other = await browser.newPage();
  const supplierEmail = uniqueEmail('moderated');
  await signUpAs(other, 'supplier', 'Moderated Supplies', supplierEmail);
  const created = await other.request.post('/api/products', { data: { name: 'Moderated product XYZ', price: 10, unit: 'bag' }, headers: { Origin: new URL(other.url()).origin } });
  expect(created.ok()).toBe(true);
  const product = await created.json();
  await other.close();

  await english(page);
  // ADMIN_EMAILS (playwright.config.ts) makes this address an admin.
  // auth.spec.ts signs the same address in and sets it up as this government entity:
  // whichever runs first sets it up, the other finds it ready.
  await signInThroughDevIdp(page, 'admin-e2e@example.sa', 'Platform Admin');
  await expect(page).toHaveURL(/\/(setup|dashboard)$/, { timeout: 15_000 });
  if (page.url().endsWith('/setup')) await new SetupPage(page).complete('government', 'أمانة منطقة الرياض');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await new AppShell(page).dismissGuide();
  const admin = new AdminPage(page);
  await admin.goto();

  await admin.search('Moderated product XYZ');
  await expect(admin.rows).toHaveCount(1);
  await admin.deleteFirst();
  await expect(page.getByTestId('admin-notice')).toContainText('was deleted');
  expect((await page.request.get(`/api/products/${product.id}`)).status()).toBe(404);
  // The removal is in the audit trail's tab: its label, the company it was done to, and in the CSV.
  await admin.tab('audit');
  const audit = new AuditPage(page);
  const removal = audit.row('admin.product_remove', product.id);
  await expect(removal.getByTestId('audit-action')).toHaveText('Product removed by the admin');
  await expect(removal.getByTestId('audit-company')).toHaveText('Moderated Supplies');
  await page.getByTestId('audit-filter-action').click();
  await page.getByRole('option', { name: 'Product removed by the admin' }).click();
  await expect(audit.csvLink).toHaveAttribute('href', '/api/admin/audit.csv?action=admin.product_remove');
  expect((await audit.csv()).headers()['content-type']).toMatch(/^text\/csv/);

  await admin.tab('users');
  await admin.search(supplierEmail);
  await expect(admin.rows).toHaveCount(1);
  // The tier is earned by the company's record: shown, not set; a patch naming it is refused.
  await expect(admin.rows.first().getByTestId('admin-tier')).toContainText('Unverified');
  await expect(admin.rows.first().getByTestId('admin-tier')).toContainText("earned from the company's record");
  await admin.rows.first().getByTestId('admin-toggle').click();
  await expect(page.getByTestId('admin-notice')).toContainText('now an admin');
  const users = await (await page.request.get(`/api/admin/users?search=${encodeURIComponent(supplierEmail)}`)).json();
  expect(users[0]).toMatchObject({ verification_tier: 'unverified', is_admin: true });
  expect((await page.request.patch(`/api/admin/users/${users[0].id}`, { data: { verification_tier: 'gold' }, headers: { Origin: new URL(page.url()).origin } })).status()).toBe(400);

  // One's own account cannot be deleted or demoted.
  await admin.search('admin-e2e@example.sa');
  await expect(admin.rows).toHaveCount(1);
  await expect(admin.rows.first().getByTestId('admin-delete')).toBeDisabled();
  await expect(admin.rows.first().getByRole('switch')).toBeDisabled();

  await admin.search(supplierEmail);
  await expect(admin.rows).toHaveCount(1);
  await expect(admin.rows.first()).toContainText('Moderated Supplies');
  // With the search box focused (its clear button showing) the row still fits the phone's
  // screen, and stays put when the focus moves to its delete button.
  expect(await sidewaysScroll(page)).toBe(0);
  await admin.deleteFirst();
  await expect(page.getByTestId('admin-notice')).toContainText('was deleted');
  expect(await (await page.request.get(`/api/admin/users?search=${encodeURIComponent(supplierEmail)}`)).json()).toHaveLength(0);

  await admin.tab('quickSignups');
  await expect(page.getByTestId('admin-list').or(page.getByTestId('empty-state'))).toBeVisible();
  await admin.tab('projects');
  await expect(page.getByTestId('admin-list').or(page.getByTestId('empty-state'))).toBeVisible();
  // Paging: the demo data has more products than one page of 20, and the next page
  // shows other products.
  await admin.tab('products');
  await admin.search('');
  await expect(page.getByTestId('page-of')).toHaveText(/^Page \u2068?1\u2069? of \u2068?[2-9]/);
  await expect(admin.rows).toHaveCount(20);
  const firstPage = await admin.rows.allTextContents();
  await page.getByTestId('next-page').click();
  await expect(page.getByTestId('page-of')).toHaveText(/^Page \u2068?2\u2069? of \u2068?[2-9]/);
  await expect
    .poll(async () => {
      const shown = await admin.rows.allTextContents();
      return shown.length > 0 && shown.every((row) => !firstPage.includes(row));
    })
    .toBe(true);

  await goOffline(page.context());
  await expect(page.getByTestId('admin-offline')).toBeVisible();
  await expect(page.getByTestId('admin-delete').first()).toBeDisabled();
  await goOnline(page.context());
});

test('a non-admin sees that the page is for admins only (ar)', async ({ page }) => {
  await signUpAs(page, 'supplier', 'مورد بلا صلاحيات');
  await new AdminPage(page).goto();
  await expect(page.getByTestId('admin-not-authorized')).toContainText('للمشرفين فقط');
});

test('the demo admin edits their own details (role admin, shown and kept) (ar)', async ({ page }) => {
  await signInDemo(page, 'admin@demo.binaa.sa');
  const profile = new ProfilePage(page);
  await profile.goto();
  await profile.edit();
  const company = `إدارة منصة بناء ${Date.now() % 10000}`;
  await profile.fill('company_name', company);
  await profile.save();
  await expect(page.getByTestId('profile-saved')).toBeVisible();
  await expect(profile.value('company_name')).toContainText(company);
  // Saved through the outbox: on the server after the next sync.
  await expect.poll(async () => (await page.request.get('/api/profiles/me')).json(), { timeout: 30_000 }).toMatchObject({ role: 'admin', company_name: company });
});
