/**
 * A contractor's site, in Arabic on a 390 px phone: the owner, with no signal, creates a
 * site with two budget lines typed in; it shows at once, waiting to send, with its lines,
 * their total and the default approval rules (no approval up to 10,000, the owner above).
 * Back online it reaches the server once. The owner then sets two levels (themselves up
 * to 50,000, and above that too), which the server stores as typed.
 */
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { goOffline, goOnline, waitForServiceWorker } from './page-models/Network';
import { pageApi } from './page-models/pageApi';
import { SyncShell } from './page-models/SyncShell';
import { newUser } from './page-models/Users';

const PHONE = { width: 390, height: 844 };

async function ok<T = any>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await pageApi<T>(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

test('the owner creates a site with two budget lines offline; it waits, then syncs once; the owner sets two approval levels', async ({ browser }, testInfo) => {
  const owner = await newUser(browser, testInfo, 'contractor', 'ar', 'شركة الياسمين للمقاولات');
  const c = owner.page;
  await c.setViewportSize(PHONE);
  const sync = new SyncShell(c);
  const me = await ok<{ id: string }>(c, 'GET', '/api/users/me');

  // The sites screen while there is signal (the team loads for the manager's list), then the signal goes.
  await c.goto('/sites');
  await expect(c.getByTestId('sites-empty')).toBeVisible();
  await sync.expectSynced();
  await waitForServiceWorker(c);
  await c.getByTestId('new-site').click();
  await expect(c.getByTestId('site-form')).toBeVisible();
  await expect(c.getByTestId('site-manager-select')).toBeEnabled();
  await goOffline(owner.context);

  await c.getByTestId('site-name').fill('برج الياسمين السكني');
  await c.getByTestId('site-location').fill('الرياض، حي الياسمين');
  await c.getByTestId('site-starts').fill('2027-01-01');
  await c.getByTestId('site-ends').fill('2026-12-01');
  await c.getByTestId('site-manager-select').selectOption(me.id);
  // An end before the start and an empty line are said under their fields, nothing queued.
  await c.getByTestId('add-budget-line').click();
  await c.getByTestId('create-site').click();
  await expect(c.getByTestId('site-form')).toContainText('تاريخ الانتهاء قبل تاريخ البدء');
  await expect(c.getByTestId('budget-line-fields').first()).toContainText('هذا الحقل مطلوب');
  await c.getByTestId('site-ends').fill('2027-12-31');
  // A field fixed loses its message as it is typed.
  await expect(c.getByTestId('site-form')).not.toContainText('تاريخ الانتهاء قبل تاريخ البدء');

  const lines = c.getByTestId('budget-line-fields');
  const fill = async (n: number, v: { code: string; description: string; quantity: string; unit: string; budget: string }) => {
    const line = lines.nth(n);
    await line.getByTestId('line-code').fill(v.code);
    await line.getByTestId('line-description').fill(v.description);
    await line.getByTestId('line-quantity').fill(v.quantity);
    await line.getByTestId('line-unit').fill(v.unit);
    await line.getByTestId('line-budget').fill(v.budget);
  };
  await fill(0, { code: '1.1', description: 'خرسانة مسلحة للقواعد', quantity: '١٢٠', unit: 'م3', budget: '٤٥٦٠٠' });
  await c.getByTestId('add-budget-line').click();
  await fill(1, { code: '1.2', description: 'حديد تسليح ١٢ مم', quantity: '35.5', unit: 'طن', budget: '94075.5' });
  await expect(c.getByTestId('site-form-total')).toContainText('١٣٩٬٦٧٥٫٥');
  await checkPage(c, 'ar', 'site-form-390');
  await c.getByTestId('create-site').click();

  // At once, on the device: the site with its lines and total, waiting to send, the default rules.
  const detail = c.getByTestId('site-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toHaveAttribute('data-pending', 'true');
  await expect(detail.getByTestId('pending-badge')).toBeVisible();
  const budget = c.getByTestId('site-budget-lines');
  await expect(budget.getByTestId('budget-line')).toHaveCount(2);
  await expect(budget.getByTestId('budget-line-amount').nth(0)).toHaveAttribute('data-value', '45600');
  await expect(budget.getByTestId('budget-line-amount').nth(1)).toHaveAttribute('data-value', '94075.5');
  await expect(budget.getByTestId('budget-total')).toContainText('١٣٩٬٦٧٥٫٥');
  const levels = c.getByTestId('rules-level');
  await expect(levels).toHaveCount(2);
  await expect(levels.nth(0)).toHaveAttribute('data-up-to', '10000');
  await expect(levels.nth(0)).toHaveAttribute('data-approvers', '0');
  await expect(levels.nth(1)).toHaveAttribute('data-up-to', 'none');
  await expect(levels.nth(1)).toHaveAttribute('data-approvers', '1');
  await sync.expectWaiting(1);
  const siteId = (await detail.getAttribute('data-id'))!;

  // Back online: sent once, no longer waiting.
  await goOnline(owner.context);
  await expect(detail).not.toHaveAttribute('data-pending', 'true', { timeout: 30_000 });
  await sync.expectSynced();
  const stored = await ok<{ id: string; name: string; manager_id: string | null; budget_lines: Array<{ code: string | null; quantity: number; budget_amount: number }>; levels: Array<{ up_to_amount: number | null; approver_ids: string[] }> }>(
    c, 'GET', `/api/sites/${siteId}`,
  );
  expect(stored).toMatchObject({ name: 'برج الياسمين السكني', manager_id: me.id });
  expect(stored.budget_lines.map((l) => [l.code, l.quantity, l.budget_amount])).toEqual([['1.1', 120, 45600], ['1.2', 35.5, 94075.5]]);
  expect((await ok<unknown[]>(c, 'GET', '/api/sites')).length).toBe(1);

  // The owner's two levels: themselves up to 50,000, and themselves above it. A limit not above the one before is said first.
  await c.getByTestId('edit-rules').click();
  const editor = c.getByTestId('rules-edit-level');
  await expect(editor).toHaveCount(2);
  await editor.nth(0).getByTestId('level-up-to').fill('0');
  await editor.nth(0).getByTestId('level-approvers').getByRole('checkbox').first().check();
  await c.getByTestId('add-level').click();
  await expect(editor).toHaveCount(3);
  await editor.nth(1).getByTestId('level-up-to').fill('0');
  await c.getByTestId('save-rules').click();
  await expect(editor.nth(1)).toContainText('الحد أعلى من حد المستوى السابق');
  await checkPage(c, 'ar', 'site-rules-editor-390');
  await c.getByTestId('remove-level').nth(1).click();
  await expect(editor).toHaveCount(2);
  await editor.nth(0).getByTestId('level-up-to').fill('٥٠٠٠٠');
  await c.getByTestId('save-rules').click();

  await expect(levels).toHaveCount(2);
  await expect(levels.nth(0)).toHaveAttribute('data-up-to', '50000');
  await expect(levels.nth(0)).toHaveAttribute('data-approvers', '1');
  await expect(levels.nth(1)).toHaveAttribute('data-up-to', 'none');
  await expect(levels.nth(1)).toHaveAttribute('data-approvers', '1');
  await expect(detail).not.toHaveAttribute('data-pending', 'true', { timeout: 30_000 });
  await sync.expectSynced();
  const ruled = await ok<{ levels: Array<{ up_to_amount: number | null; approver_ids: string[] }> }>(c, 'GET', `/api/sites/${siteId}`);
  expect(ruled.levels.map((l) => [l.up_to_amount, l.approver_ids])).toEqual([[50000, [me.id]], [null, [me.id]]]);

  await checkPage(c, 'ar', 'site-390');
  await c.evaluate(() => window.scrollTo(0, 0));
  await c.screenshot({ path: 'test-results/screenshots/ar-site-390-top.png', fullPage: true });

  // On a desk the budget is a table, every figure in its column.
  await c.setViewportSize({ width: 1280, height: 900 });
  await expect(budget.locator('table').getByTestId('budget-line')).toHaveCount(2);
  await expect(budget.locator('table').getByTestId('budget-total')).toContainText('١٣٩٬٦٧٥٫٥');
  await checkPage(c, 'ar', 'site-1280');
  await owner.context.close();
});
