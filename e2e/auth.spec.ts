import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './page-models/AppShell';
import { SetupPage, type SetupRole } from './page-models/SetupPage';
import { expectLandedOn, signInLinkKeptUnused, signInThroughDevIdp, uniqueEmail } from './page-models/SignIn';

const COMPANY = ['/profile', '/company', '/company/tax', '/company/audit', '/pricing'];
const MENUS: Record<SetupRole, string[]> = {
  supplier: ['/dashboard', '/products', '/instant-orders', '/quotes', '/purchase-orders', '/invoices', '/statements', '/transport', '/notifications', ...COMPANY],
  contractor: ['/dashboard', '/products', '/instant-orders', '/rfqs', '/purchase-orders', '/sites', '/purchase-requests', '/projects', '/invoices', '/statements', '/transport', '/notifications', ...COMPANY],
  government: ['/dashboard', '/projects', '/transport', '/notifications', ...COMPANY],
  transport: ['/dashboard', '/transport', '/notifications', ...COMPANY],
};

const ROLE_NAMES: Record<SetupRole, string> = {
  supplier: 'مورّد',
  contractor: 'مقاول',
  government: 'جهة حكومية',
  transport: 'شركة نقل',
};

/** Signs a new user in, sets up `role`, checks the dashboard and the menu, and signs out. */
async function signUpAndOut(page: Page, role: SetupRole, roleName: string, company: string) {
  await signInThroughDevIdp(page, uniqueEmail(role), `${role} user`);
  await expectLandedOn(page, '/setup');
  await new SetupPage(page).complete(role, company);
  await expectLandedOn(page, '/dashboard');

  const shell = new AppShell(page);
  await expect(shell.greeting).toContainText(company);
  await shell.openMenu();
  expect(await shell.menuPaths()).toEqual(MENUS[role]);
  await expect(page.getByTestId('user-summary').last()).toContainText(company);
  await expect(page.getByTestId('user-role').last()).toHaveText(roleName);
  // A new profile is unverified: no badge.
  await expect(page.getByTestId('tier-badge')).toHaveCount(0);

  // Signed in, the landing page sends the user on to the dashboard.
  await page.keyboard.press('Escape');
  await page.goto('/');
  await expectLandedOn(page, '/dashboard');

  await shell.openMenu();
  await shell.logout();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
}

test.describe('sign-in, setup and the dashboard', () => {
  for (const role of Object.keys(MENUS) as SetupRole[]) {
    test(`a new ${role} signs in, sets up the profile and gets the ${role} menu`, async ({ page }) => {
      await signUpAndOut(page, role, ROLE_NAMES[role], `شركة ${role} التجريبية`);
    });
  }

  test.describe('in Chinese', () => {
    test.use({ locale: 'zh-CN' });

    test('a new contractor signs in from the Chinese landing page, sets up the profile and gets the contractor menu (zh)', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
      await expect(page.getByTestId('login-button')).toContainText('登录');
      await signUpAndOut(page, 'contractor', '承包商', '利雅得建筑有限公司');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    });
  });

  test('setup asks for a role before saving and returning users skip it', async ({ page }) => {
    const email = uniqueEmail('returning');
    await signInThroughDevIdp(page, email, 'عائد');
    await expectLandedOn(page, '/setup');
    const setup = new SetupPage(page);
    await setup.fill('company_name', 'مؤسسة بلا نوع');
    await setup.submit();
    await expect(setup.roleAlert).toHaveText('يرجى اختيار نوع الحساب للمتابعة.');
    await expect(page).toHaveURL(/\/setup$/);
    await setup.chooseRole('contractor');
    await setup.submit();
    await expectLandedOn(page, '/dashboard');

    await new AppShell(page).openMenu();
    await new AppShell(page).logout();
    await signInThroughDevIdp(page, email, 'عائد');
    await expectLandedOn(page, '/dashboard');
  });

  test('setup shows field errors from the shared rules', async ({ page }) => {
    await signInThroughDevIdp(page, uniqueEmail('fields'), 'حقول');
    await expectLandedOn(page, '/setup');
    const setup = new SetupPage(page);
    await setup.chooseRole('supplier');
    await setup.fill('website', 'ليس رابطًا');
    await setup.submit();
    await expect(page.getByText('أدخل رابطًا صحيحًا يبدأ بـ https://.')).toBeVisible();
    await expect(page).toHaveURL(/\/setup$/);
  });

  test('an admin also gets the admin panel, and the unread badge caps at 9+', async ({ page }) => {
    // Twelve unread notifications arrive with the first sync, whatever the server holds for this new user.
    let added = false;
    await page.route('**/api/sync/pull*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (!added && Array.isArray(body.changes)) {
        added = true;
        body.changes.push(
          ...Array.from({ length: 12 }, (_, i) => {
            const id = `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`;
            // Whole rows, as the feed sends them: the client parses every page and refuses one that does not fit.
            const data = { id, kind: 'system', params: {}, type: 'system', priority: 'normal', title: 't', message: 'm', is_read: false, created_at: new Date().toISOString() };
            return { entity: 'notification', id, op: 'upsert', data };
          }),
        );
      }
      await route.fulfill({ response, json: body });
    });
    await signInThroughDevIdp(page, 'admin-e2e@example.sa', 'مشرف');
    await expect(page).toHaveURL(/\/(setup|dashboard)$/, { timeout: 15_000 });
    if (page.url().endsWith('/setup')) await new SetupPage(page).complete('government', 'أمانة منطقة الرياض');
    await expectLandedOn(page, '/dashboard');
    const shell = new AppShell(page);
    await shell.openMenu();
    expect(await shell.menuPaths()).toEqual([...MENUS.government, '/admin']);
    await expect(shell.mobileNav.getByTestId('unread-badge')).toHaveText('٩+');
    await shell.mobileNav.getByRole('link', { name: 'لوحة الإدارة' }).click();
    await expect(page.locator('#screen-title')).toHaveText('لوحة الإدارة');
    await expect(page.getByTestId('admin-not-authorized')).toHaveCount(0);
  });

  test('the callback without a code says so', async ({ page }) => {
    await page.goto('/auth/callback');
    await expect(page.getByTestId('callback-error')).toContainText('لم يُرسَل رمز تسجيل الدخول في عنوان الصفحة.');
  });

  test("a sign-in link opened in another browser says so and signs no one in (login CSRF)", async ({ page, browser }) => {
    // The service worker would answer the page's fetch itself, out of the route's reach.
    const attackerContext = await browser.newContext({ serviceWorkers: 'block', baseURL: test.info().project.use.baseURL, locale: 'ar-SA' });
    const link = await signInLinkKeptUnused(await attackerContext.newPage(), uniqueEmail('attacker'), 'المهاجم');
    await attackerContext.close();
    await page.goto(link);
    await expect(page.getByTestId('callback-error')).toContainText('بدأ تسجيل الدخول هذا في متصفح آخر', { timeout: 15_000 });
    expect((await (await page.request.get('/api/session')).json()).user).toBeNull();
  });

  test('the callback with a spent code shows the translated server error', async ({ page }) => {
    // A code the server issued and this sign-in used: the link opened again once signed out.
    const callback = page.waitForRequest((r) => new URL(r.url()).pathname === '/auth/callback' && new URL(r.url()).searchParams.has('code'));
    await signInThroughDevIdp(page, uniqueEmail('spent'), 'مستخدم الرمز المستعمل');
    const code = new URL((await callback).url()).searchParams.get('code')!;
    await expectLandedOn(page, '/setup');
    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Signed out on the server too before the link is opened again (a live session would
    // take the callback straight on to the signed-in screens).
    await expect.poll(async () => (await (await page.request.get('/api/session')).json()).user).toBeNull();
    await page.goto(`/auth/callback?code=${encodeURIComponent(code)}`);
    await expect(page.getByTestId('callback-error')).toContainText('رابط تسجيل الدخول غير صالح أو انتهت صلاحيته', { timeout: 15_000 });
  });
});
