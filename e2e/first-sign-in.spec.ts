/**
 * An account's first minutes on a device, at phone size in Arabic: a new account signs in
 * and sets up with no request that fails (the console stays free of errors such as a 404),
 * and an account with a project, signed in on a new device, reads "loading" until the
 * first sync has brought its rows, not "no projects yet" and zero counts.
 */
import { expect, test } from '@playwright/test';
import { SetupPage } from './page-models/SetupPage';
import { expectLandedOn, setUpByRequest, signInByRequest, signInThroughDevIdp, uniqueEmail } from './page-models/SignIn';

test('a new account signs in and sets up with no failed request and no console error', async ({ page }) => {
  const failed: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failed.push(`console: ${message.text()} ${message.location().url}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  await signInThroughDevIdp(page, uniqueEmail('first'), 'مستخدم جديد');
  await expectLandedOn(page, '/setup');
  await new SetupPage(page).complete('supplier', 'مؤسسة البداية للتوريد');
  await expectLandedOn(page, '/dashboard');
  await expect(page.getByTestId('recent').or(page.getByTestId('empty-state')).first()).toBeVisible();
  expect(failed).toEqual([]);
});

test('on a new device the lists and the counts say they are loading until the first sync has brought the rows', async ({ page }) => {
  await signInByRequest(page, uniqueEmail('desk'), 'أمانة الرياض');
  await setUpByRequest(page, 'government', 'أمانة منطقة الرياض', 'ar');
  const created = await page.request.post('/api/projects', {
    data: { title: 'توسعة مدرسة الملك فهد', description: 'أعمال إنشائية', location: 'الرياض', budget: 2_500_000 },
    headers: { Origin: `http://localhost:${process.env.E2E_PORT}` },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The first sync's pages wait until the screens have been looked at.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/sync/pull*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('first-sync')).toBeVisible();
  await expect(page.getByTestId('list-skeleton')).toBeVisible();
  await expect(page.getByTestId('stat-value')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/shots/first-sync-dashboard.png' });
  await page.goto('/projects');
  await expect(page.getByTestId('list-skeleton')).toBeVisible();
  await expect(page.getByText('لم تنشر أي مشروع بعد.')).toHaveCount(0);
  await expect(page.getByTestId('project-card')).toHaveCount(0);

  release();
  await expect(page.getByTestId('project-card')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('list-skeleton')).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-projectsOpen').getByTestId('stat-value')).toHaveText('١');
});
