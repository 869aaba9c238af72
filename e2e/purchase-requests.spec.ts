/**
 * A purchase request through two approval levels, in Arabic on a 390 px phone, with three
 * people of one contractor's company: the owner, a site manager and a site engineer (both
 * members, joined by invite). The owner's site has a budget line and two levels (the
 * manager up to 50,000 SAR, the owner above). The engineer raises a request from the
 * budget line; the form shows its amount with VAT and both levels as it is typed. The
 * manager, with no signal, approves level 1: the device shows it approved at once and
 * waiting for the owner; back online it reaches the server once, and the owner approves
 * the second level, which approves the request. An approval the server refuses (the owner
 * took the level over meanwhile) is said on the request in Arabic, and undone on the device.
 * The approved request becomes an RFQ from its screen; the award, over what was approved,
 * waits for approval again at its new amount, which the manager and the owner give; the
 * site's budget then shows the line committed.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { AppShell } from './page-models/AppShell';
import { checkPage } from './page-models/checkPage';
import { pageApi } from './page-models/pageApi';
import { openDashboard } from './page-models/Session';
import { signInByRequest, uniqueEmail } from './page-models/SignIn';
import { RfqsPage } from './page-models/RfqsPage';
import { SyncShell } from './page-models/SyncShell';
import { LOCALE, goOffline, goOnline, newUser, reloadUntil, waitForServiceWorker, type User } from './page-models/Users';

const PHONE = { width: 390, height: 844 };

async function ok<T = any>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await pageApi<T>(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** A person signed in at phone width who joins the owner's company as a member through an invite. */
async function member(browser: Browser, testInfo: TestInfo, owner: Page, prefix: string, name: string): Promise<User & { id: string }> {
  const { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport: PHONE, userAgent, deviceScaleFactor, isMobile, hasTouch, timezoneId, locale: LOCALE.ar });
  const page = await context.newPage();
  await signInByRequest(page, uniqueEmail(`${prefix}-ar`), name);
  // The page's own requests carry the session: it needs to be on the app's origin.
  await page.goto('/');
  const invite = await ok<{ token: string }>(owner, 'POST', '/api/company/invites', { role: 'member' });
  await ok(page, 'POST', `/api/company/invites/${invite.token}/accept`);
  // The join happened beside the app (as on another device): the session this device
  // cached has no profile, so /dashboard opens on /setup until the server's answer, held
  // back here so that order is certain, says the person is a member, and takes them on.
  await page.route('**/api/session', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(new AppShell(page).greeting).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.unroute('**/api/session');
  await openDashboard(page);
  const me = await ok<{ id: string }>(page, 'GET', '/api/users/me');
  return { context, page, company: name, id: me.id };
}

test('a member raises a request; the manager approves level 1 offline and sees it at once; back online the owner approves level 2; it becomes an RFQ whose award over it waits for approval again, and the budget of the site shows the line committed', async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const owner = await newUser(browser, testInfo, 'contractor', 'ar', 'شركة الياسمين للمقاولات');
  await owner.page.setViewportSize(PHONE);
  const ownerId = (await ok<{ id: string }>(owner.page, 'GET', '/api/users/me')).id;
  const manager = await member(browser, testInfo, owner.page, 'manager', 'خالد مدير الموقع');
  const engineer = await member(browser, testInfo, owner.page, 'engineer', 'سارة مهندسة الموقع');

  // A steel supplier selling in the budget line's category: the RFQ the request becomes reaches it.
  const categories = await ok<Array<{ id: string }>>(owner.page, 'GET', '/api/categories');
  const category = categories[0].id;
  const supplier = await newUser(browser, testInfo, 'supplier', 'ar', 'مصنع حديد الجزيرة');
  await ok(supplier.page, 'POST', '/api/products', { name: 'حديد تسليح ١٢ مم', price: 3200, unit: 'طن', category_id: category });

  // The owner's site: one budget line, the manager up to 50,000 and the owner above.
  const siteId = crypto.randomUUID();
  const budgetLineId = crypto.randomUUID();
  await ok(owner.page, 'POST', '/api/sites', {
    id: siteId, name: 'برج الياسمين السكني', location: 'الرياض، حي الياسمين', manager_id: manager.id,
    budget_lines: [{ id: budgetLineId, code: '2.1', description: 'حديد تسليح ١٢ مم', quantity: 40, unit: 'طن', category_id: category, budget_amount: 160000 }],
  });
  await ok(owner.page, 'PUT', `/api/sites/${siteId}/approval-rules`, { levels: [{ up_to_amount: 50000, approver_ids: [manager.id] }, { up_to_amount: null, approver_ids: [ownerId] }] });

  // The engineer raises a request from the site's budget line: 20 tonnes at 3,000 SAR, 69,000 with VAT, above the manager's 50,000.
  const e = engineer.page;
  await e.goto(`/purchase-requests/new?site_id=${siteId}`);
  const form = e.getByTestId('request-form');
  await reloadUntil(e, () => expect(e.getByTestId('request-line-budget')).toBeVisible({ timeout: 5_000 }));
  await expect(e.getByTestId('request-site')).toHaveValue(siteId);
  await e.getByTestId('request-line-budget').selectOption(budgetLineId);
  await expect(e.getByTestId('request-line-description')).toHaveValue('حديد تسليح ١٢ مم');
  await expect(e.getByTestId('request-line-unit')).toHaveValue('طن');
  await e.getByTestId('request-line-quantity').fill('٢٠');
  await e.getByTestId('request-line-price').fill('3000');
  await e.getByTestId('request-needed-by').fill('2027-02-01');
  await expect(e.getByTestId('request-summary-amount')).toHaveAttribute('data-value', '69000');
  await expect(e.getByTestId('request-summary-levels')).toHaveAttribute('data-levels', '1,2');
  await expect(form.getByTestId('request-summary')).toContainText('خالد مدير الموقع');
  await checkPage(e, 'ar', 'purchase-request-form-390');
  await e.getByTestId('request-submit').click();
  const raised = e.getByTestId('request-detail');
  await expect(raised).toBeVisible();
  const requestId = (await raised.getAttribute('data-id'))!;
  await expect(raised).not.toHaveAttribute('data-pending', 'true', { timeout: 30_000 });
  await new SyncShell(e).expectSynced();
  const stored = await ok<{ number: string; amount: number; required_levels: number[]; waiting_for: string[] }>(e, 'GET', `/api/purchase-requests/${requestId}`);
  expect(stored).toMatchObject({ amount: 69000, required_levels: [1, 2], waiting_for: [manager.id] });
  expect(stored.number).toMatch(/^PR-\d{4}-\d{6}$/);

  // The manager sees it waiting for them (the menu's count too), then loses the signal and approves.
  const m = manager.page;
  await m.goto('/purchase-requests?show=waiting');
  await reloadUntil(m, () => expect(m.locator(`[data-testid="request-card"][data-id="${requestId}"]`)).toBeVisible({ timeout: 5_000 }));
  await expect(m.getByTestId('tab-waiting')).toHaveAttribute('aria-selected', 'true');
  await checkPage(m, 'ar', 'purchase-requests-390');
  // The menu's entry counts it: one request waits for the manager.
  await new AppShell(m).openMenu();
  await expect(m.getByTestId('mobile-nav').getByTestId('waiting-badge')).toHaveText('١');
  await m.keyboard.press('Escape');
  await waitForServiceWorker(m);
  await m.locator(`[data-testid="request-card"][data-id="${requestId}"]`).getByTestId('open-request').click();
  const detail = m.getByTestId('request-detail');
  await expect(detail).toHaveAttribute('data-status', 'pending');
  await expect(detail.getByTestId('request-decide')).toBeVisible();
  await goOffline(manager.context);
  await m.getByTestId('request-approve').click();
  // At once, on the device: level 1 approved by the manager, waiting for the owner, the decision queued.
  const level = (n: number) => detail.locator(`[data-testid="request-level"][data-level="${n}"]`);
  await expect(level(1)).toHaveAttribute('data-decision', 'approved', { timeout: 1_000 });
  await expect(level(2)).toHaveAttribute('data-decision', 'next');
  await expect(detail.getByTestId('request-decide')).toBeHidden();
  await expect(detail).toHaveAttribute('data-pending', 'true');
  const sync = new SyncShell(m);
  await sync.expectWaiting(1);

  // Back online: sent once; the server has level 1 approved by the manager and waits for the owner.
  await goOnline(manager.context);
  await expect(detail).not.toHaveAttribute('data-pending', 'true', { timeout: 30_000 });
  await sync.expectSynced();
  const afterManager = await ok<{ status: string; approvals: Array<{ level: number; decision: string; decided_by: string }>; next_level: number | null; waiting_for: string[] }>(
    m, 'GET', `/api/purchase-requests/${requestId}`,
  );
  expect(afterManager).toMatchObject({ status: 'pending', next_level: 2, waiting_for: [ownerId] });
  expect(afterManager.approvals.map((a) => [a.level, a.decision, a.decided_by])).toEqual([[1, 'approved', manager.id]]);

  // The owner approves the second level: the request is approved.
  const o = owner.page;
  await o.goto(`/purchase-requests/${requestId}`);
  await reloadUntil(o, () => expect(o.getByTestId('request-decide')).toBeVisible({ timeout: 5_000 }));
  await checkPage(o, 'ar', 'purchase-request-390');
  await o.getByTestId('request-approve').click();
  const ownerDetail = o.getByTestId('request-detail');
  await expect(ownerDetail).toHaveAttribute('data-status', 'approved');
  await expect(ownerDetail).not.toHaveAttribute('data-pending', 'true', { timeout: 30_000 });
  const approved = await ok<{ status: string; approvals: Array<{ level: number; decided_by: string }> }>(o, 'GET', `/api/purchase-requests/${requestId}`);
  expect(approved.status).toBe('approved');
  expect(approved.approvals.map((a) => [a.level, a.decided_by])).toEqual([[1, manager.id], [2, ownerId]]);

  // The requester's device shows it approved.
  await e.goto(`/purchase-requests/${requestId}`);
  await reloadUntil(e, () => expect(e.getByTestId('request-detail')).toHaveAttribute('data-status', 'approved', { timeout: 5_000 }));
  await checkPage(e, 'ar', 'purchase-request-approved-390');

  // The engineer buys it: Request quotes opens the RFQ builder on the request's site and lines, sent to the market.
  await e.getByTestId('request-to-rfq').click();
  await expect(e.getByTestId('rfq-request-lines')).toBeVisible();
  await expect(e.getByTestId('rfq-site-name')).toContainText('برج الياسمين السكني');
  await checkPage(e, 'ar', 'rfq-from-request-390');
  const rfqId = await new RfqsPage(e).send();
  await new SyncShell(e).expectSynced();
  const rfq = await ok<{ purchase_request_id: string; site_id: string; lines: Array<{ id: string; budget_line_id: string }> }>(e, 'GET', `/api/rfqs/${rfqId}`);
  expect(rfq).toMatchObject({ purchase_request_id: requestId, site_id: siteId, lines: [{ budget_line_id: budgetLineId }] });

  // The supplier quotes 3,500 a tonne: 80,500 with VAT, over the 69,000 approved. The award waits for approval again.
  const quote = await ok<{ id: string }>(supplier.page, 'POST', `/api/rfqs/${rfqId}/quotes`, {
    id: crypto.randomUUID(), delivery_days: 5, valid_until: '2027-01-31', lines: [{ rfq_line_id: rfq.lines[0].id, unit_price: 3500 }],
  });
  const [po] = await ok<Array<{ id: string; status: string; approval_request_id: string }>>(e, 'POST', `/api/rfqs/${rfqId}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: quote.id }] });
  expect(po.status).toBe('awaiting_approval');
  await e.goto(`/purchase-orders/${po.id}`);
  await reloadUntil(e, () => expect(e.getByTestId('po-awaiting-approval')).toBeVisible({ timeout: 5_000 }));
  await checkPage(e, 'ar', 'purchase-order-awaiting-approval-390');

  // The manager approves the order's first level, the owner its second: the order is issued.
  await m.goto(`/purchase-requests/${po.approval_request_id}`);
  await reloadUntil(m, () => expect(m.getByTestId('request-decide')).toBeVisible({ timeout: 5_000 }));
  await expect(m.getByTestId('request-kind')).toBeVisible();
  await m.getByTestId('request-approve').click();
  await expect(m.getByTestId('request-detail')).not.toHaveAttribute('data-pending', 'true', { timeout: 30_000 });
  await o.goto(`/purchase-requests/${po.approval_request_id}`);
  await reloadUntil(o, () => expect(o.getByTestId('request-decide')).toBeVisible({ timeout: 5_000 }));
  await o.getByTestId('request-approve').click();
  await expect(ownerDetail).toHaveAttribute('data-status', 'approved');
  await expect(ownerDetail).not.toHaveAttribute('data-pending', 'true', { timeout: 30_000 });
  expect((await ok<{ status: string }>(o, 'GET', `/api/purchase-orders/${po.id}`)).status).toBe('issued');

  // The site's budget shows the line committed: 80,500 of its 160,000, what is left beside it.
  await o.goto(`/sites/${siteId}`);
  const line = o.getByTestId('site-budget-standing').getByTestId('standing-line').filter({ hasText: 'حديد تسليح ١٢ مم' });
  await reloadUntil(o, () => expect(line.locator('[data-figure="committed"]')).toHaveAttribute('data-value', '80500', { timeout: 5_000 }));
  await expect(line.locator('[data-figure="remaining"]')).toHaveAttribute('data-value', '79500');
  await checkPage(o, 'ar', 'site-budget-390');

  // A decision the server refuses: the manager approves a second request offline while the
  // owner takes level 1 over; back online the approval is refused (not_an_approver), said in
  // Arabic on the request, and the device shows it waiting again.
  const second = crypto.randomUUID();
  await ok(e, 'POST', '/api/purchase-requests', { id: second, site_id: siteId, lines: [{ id: crypto.randomUUID(), budget_line_id: budgetLineId, description: 'حديد تسليح ١٢ مم', quantity: 5, unit: 'طن', estimated_unit_price: 3000 }] });
  await m.goto(`/purchase-requests/${second}`);
  await reloadUntil(m, () => expect(m.getByTestId('request-decide')).toBeVisible({ timeout: 5_000 }));
  await goOffline(manager.context);
  await m.getByTestId('request-approve').click();
  await expect(level(1)).toHaveAttribute('data-decision', 'approved', { timeout: 1_000 });
  await ok(o, 'PUT', `/api/sites/${siteId}/approval-rules`, { levels: [{ up_to_amount: 50000, approver_ids: [ownerId] }, { up_to_amount: null, approver_ids: [ownerId] }] });
  await goOnline(manager.context);
  const refusal = detail.getByTestId('item-rejection');
  await expect(refusal).toHaveAttribute('data-code', 'not_an_approver', { timeout: 30_000 });
  await expect(refusal).toContainText('لست من معتمدي مستوى الاعتماد الحالي لهذا الطلب');
  await expect(level(1)).toHaveAttribute('data-decision', 'next');
  await expect(detail.getByTestId('request-decide')).toBeHidden();
  await checkPage(m, 'ar', 'purchase-request-refused-390');

  for (const u of [owner, manager, engineer, supplier]) await u.context.close();
});
