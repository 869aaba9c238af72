/**
 * The company's people: the owner of the demo transport company invites a driver from
 * /company; a new person opens the link signed out, signs in, comes back to it, joins and
 * lands on their jobs with a driver's navigation; the owner sees them in the list and removes
 * them, and their next load has no company (setup). Then the link reads as used, a
 * revoked link as withdrawn, an unknown one as not valid; the owner reads an invite's
 * revoke in the company's audit trail and downloads it as CSV. Arabic and English at 390x844,
 * axe on both screens (screenshots in test-results/screenshots/).
 *
 * Needs the server's /api/company routes (shared/schemas/company.ts).
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { AppShell } from './page-models/AppShell';
import { checkPage } from './page-models/checkPage';
import { pageApi } from './page-models/pageApi';
import { fillDevIdp, signInByRequest, uniqueEmail } from './page-models/SignIn';
import { AuditPage, CompanyPage, InvitePage } from './page-models/CompanyPage';
import { LOCALE, type Lang } from './page-models/Users';

const PHONE = { width: 390, height: 844 };
const OWNER = 'transport@demo.binaa.sa';

test.use({ viewport: PHONE });

/** A browser of its own in `lang` at phone width: a second person beside the owner. */
async function newPerson(browser: Browser, testInfo: TestInfo, lang: Lang) {
  const { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport: PHONE, userAgent, deviceScaleFactor, isMobile, hasTouch, timezoneId, locale: LOCALE[lang] });
  await context.addInitScript((l) => localStorage.setItem('binaa.language', l), lang);
  return { context, page: await context.newPage() };
}

/**
 * The demo owner, signed in, on the dashboard with the guide closed. The company area is
 * online REST, so nothing here waits for the local store's sync (signInDemo does).
 */
async function signInOwner(page: Page) {
  await signInByRequest(page, OWNER, 'Demo Transport');
  await page.goto('/dashboard');
  await new AppShell(page).dismissGuide();
}

async function screenshotAndAxe(page: Page, lang: Lang, name: string) {
  // The shell's first-sync progress sits outside every landmark while it runs: check the page as a person sees it once ready.
  await expect(page.getByTestId('first-sync')).toHaveCount(0, { timeout: 45_000 });
  await checkPage(page, lang, name);
}

for (const lang of ['ar', 'en'] as const) {
  test.describe(`company (${lang})`, () => {
    test.use({ locale: LOCALE[lang] });

    test('the owner invites a driver, who signs in, joins and lands on their jobs; the owner removes them', async ({ page, browser }, testInfo) => {
      // Two people, two sign-ins, seven full-page checks: past test.slow()'s 3 minutes on a busy machine.
      test.setTimeout(300_000);
      await page.addInitScript((l) => localStorage.setItem('binaa.language', l), lang);
      await signInOwner(page);
      const shell = new AppShell(page);
      await shell.openMenu();
      expect(await shell.menuPaths()).toContain('/company');
      await page.keyboard.press('Escape');

      const company = new CompanyPage(page);
      await company.goto();
      await expect(company.members.filter({ hasText: OWNER })).toHaveAttribute('data-role', 'owner');
      const { path: invitePath } = await company.createInvite('driver');
      await expect(page.getByTestId('invite-link')).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
      await screenshotAndAxe(page, lang, 'company-owner');

      // The driver-to-be opens the link signed out.
      const driver = await newPerson(browser, testInfo, lang);
      const invite = new InvitePage(driver.page);
      await invite.goto(invitePath);
      await invite.expectView('signIn');
      await expect(driver.page.getByTestId('invite-heading')).toBeVisible();
      await screenshotAndAxe(driver.page, lang, 'invite-signed-out');

      // Sign-in brings them back to the link, where they join.
      const email = uniqueEmail(`driver-${lang}`);
      await driver.page.getByTestId('invite-sign-in').click();
      await fillDevIdp(driver.page, email, 'Driver Test');
      await expect(driver.page).toHaveURL(new RegExp(`${invitePath}$`), { timeout: 15_000 });
      await invite.expectView('join');
      await screenshotAndAxe(driver.page, lang, 'invite-join');
      await driver.page.getByTestId('invite-join').click();
      await expect(driver.page).toHaveURL(/\/jobs$/, { timeout: 15_000 });
      const session = await pageApi(driver.page, 'GET', '/api/session');
      expect(session.body.user).toMatchObject({ member_role: 'driver' });
      expect(session.body.profile).toMatchObject({ role: 'driver' });

      // A driver's navigation: jobs, notifications, profile; the dashboard and the company's business send them to their jobs.
      // (/jobs is another screen's; its route may not be on this branch, so the menu is read on /notifications.)
      await driver.page.goto('/notifications');
      const driverShell = new AppShell(driver.page);
      await driverShell.openMenu();
      expect(await driverShell.menuPaths()).toEqual(['/jobs', '/notifications', '/profile']);
      await driver.page.keyboard.press('Escape');
      for (const path of ['/dashboard', '/transport', '/pricing', '/company']) {
        await driver.page.goto(path);
        await expect(driver.page, path).toHaveURL(/\/jobs$/);
      }

      // The owner sees the new driver, with who they are and when they joined, and removes them.
      await company.goto();
      const row = company.member(email);
      await expect(row).toHaveAttribute('data-role', 'driver');
      await expect(row).toContainText('Driver Test');
      await screenshotAndAxe(page, lang, 'company-with-driver');
      await row.getByTestId('member-remove').click();
      await expect(page.getByTestId('member-remove-confirm')).toBeVisible();
      await screenshotAndAxe(page, lang, 'company-remove-question');
      await page.getByTestId('member-remove-confirm').click();
      await expect(company.member(email)).toHaveCount(0);
      await expect(company.notice).toBeVisible();

      // The removed person's next load no longer has the company: setup.
      await driver.page.goto('/notifications');
      await expect(driver.page).toHaveURL(/\/setup$/, { timeout: 15_000 });
      expect((await pageApi(driver.page, 'GET', '/api/session')).body.user).toMatchObject({ company_id: null, member_role: null });

      // The link was used once: it says so now.
      await invite.goto(invitePath);
      await invite.expectView('used');
      await screenshotAndAxe(driver.page, lang, 'invite-used');
      await driver.context.close();
    });
  });
}

test('a revoked link says it was withdrawn, an unknown one that it is not valid, and someone in a company is told to leave it first (en)', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => localStorage.setItem('binaa.language', 'en'));
  await signInOwner(page);
  const company = new CompanyPage(page);
  await company.goto();
  const withdrawn = await company.createInvite('member');
  const kept = await company.createInvite('member');
  await company.revoke(withdrawn.id);
  await expect(company.notice).toBeVisible();

  const visitor = await newPerson(browser, testInfo, 'en');
  const invite = new InvitePage(visitor.page);
  await invite.goto(withdrawn.path);
  await invite.expectView('revoked');
  await invite.goto(`/invite/${'x'.repeat(43)}`);
  await invite.expectView('notFound');
  await screenshotAndAxe(visitor.page, 'en', 'invite-not-found');
  await visitor.context.close();

  // The owner opening a live link of their own company: they are in a company already, so no button.
  const ownInvite = new InvitePage(page);
  await ownInvite.goto(kept.path);
  await ownInvite.expectView('inCompany');
  await expect(page.getByTestId('invite-join')).toHaveCount(0);
  // The demo company keeps no stray invite.
  await company.goto();
  await company.revoke(kept.id);
});

test.describe('the company audit trail (ar)', () => {
  test.use({ locale: LOCALE.ar });

  test('the owner finds the invite they revoked in the audit trail under its Arabic label, narrows it to that invite and downloads those rows as CSV', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('binaa.language', 'ar'));
    await signInOwner(page);
    const company = new CompanyPage(page);
    await company.goto();
    // Two invites, both revoked (the demo company keeps none open): the trail narrowed to one shows only its rows.
    const other = await company.createInvite('member');
    const invite = await company.createInvite('member');
    await company.revoke(invite.id);
    await company.revoke(other.id);

    const audit = new AuditPage(page);
    await audit.goto();
    const revoked = audit.row('company.invite_revoke', invite.id);
    await expect(revoked).toHaveCount(1);
    await expect(revoked.getByTestId('audit-action')).toHaveText('سحب دعوة');
    await expect(revoked.getByTestId('audit-actor')).toHaveText(/\S/);
    await expect(revoked.getByTestId('audit-change')).toContainText('revoked_at');

    // Its record narrows the trail (and the CSV link) to that invite: created, then revoked. The demo
    // company's trail holds what other flows did to it as well: at least these four rows.
    await expect.poll(() => audit.rows.count()).toBeGreaterThanOrEqual(4);
    await revoked.getByTestId('audit-record').click();
    await expect(audit.rows).toHaveCount(2);
    await expect(audit.row('company.invite_create', invite.id).getByTestId('audit-action')).toHaveText('إنشاء دعوة');
    await screenshotAndAxe(page, 'ar', 'company-audit');
    const csv = await audit.csv();
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,at,actor_id,actor_name,company_id,company_name,action,/);
    expect(lines.slice(1).map((l) => l.split(',')[6])).toEqual(['company.invite_revoke', 'company.invite_create']);
    expect(lines.slice(1).every((l) => l.includes(invite.id))).toBe(true);
  });
});
