/**
 * The offline promise, in the system Chromium against the real
 * server: what a contractor does without a network is kept, shown as waiting, survives a
 * reload, and reaches the server exactly once; lost answers, two tabs, an expired session
 * and a refusal all end with nothing lost or doubled; the installed app opens offline on
 * the signed-in screens with the data it had.
 */
import { expect, test, type Page } from '@playwright/test';
import { goOffline, goOnline, waitForServiceWorker } from './page-models/Network';
import { ProjectsPage } from './page-models/ProjectsPage';
import { SetupPage, type SetupRole } from './page-models/SetupPage';
import { expectLandedOn, signInByRequest, signInThroughDevIdp, setUpByRequest, uniqueEmail } from './page-models/SignIn';
import { SyncShell } from './page-models/SyncShell';
import { expectAppliedOnce, expectSentOnce, storedResults } from './page-models/ServerWrites';
import { holdingServerClock } from './page-models/ServerClock';
import { pageApi } from './page-models/pageApi';

test.describe.configure({ mode: 'serial' });

/**
 * A new user set up as `role`, on the dashboard. By request, or through the sign-in and
 * setup screens (`screens`) where what the app does on the way matters: signing in there
 * first ends a sign-out made offline, so it cannot end the session about to begin.
 */
async function newUser(page: Page, role: SetupRole, company: string, { screens = false } = {}): Promise<string> {
  const email = uniqueEmail(`sync-${role}`);
  if (screens) {
    await signInThroughDevIdp(page, email, company);
    await expectLandedOn(page, '/setup');
    await new SetupPage(page).complete(role, company);
    await expectLandedOn(page, '/dashboard');
    return email;
  }
  await signInByRequest(page, email, company);
  await setUpByRequest(page, role, company, 'ar');
  await page.goto('/dashboard');
  return email;
}

/** A call to the API from inside the page (same origin, the page's session cookie). */
const api = pageApi;

/** The bid was received once: a second application would have written a second receipt. */
const expectOneReceipt = async (page: Page, bidId: string) =>
  expect((await api<Array<{ kind: string }>>(page, 'GET', `/api/bids/${bidId}/receipts`)).body.map((r) => r.kind)).toEqual(['submitted']);
const myBids = async (page: Page) => (await api<Array<{ id: string; project_id: string; amount: number }>>(page, 'GET', '/api/bids/my?limit=100')).body;

test('a bid placed offline survives a reload and reaches the server exactly once', async ({ page, context }) => {
  await newUser(page, 'contractor', 'مؤسسة الموقع للمقاولات');
  const sync = new SyncShell(page);
  const projects = new ProjectsPage(page);
  await projects.goto();
  await sync.expectSynced();
  await waitForServiceWorker(page);
  const projectId = await projects.demoProjectId();
  const before = await storedResults(page);

  await goOffline(context);
  await projects.bid(projectId, 1_250_000, 'ننفذ المشروع خلال ستة أشهر بفريق معتمد', 180);
  await expect(projects.myBid(projectId)).toContainText('١٬٢٥٠٬٠٠٠');
  await expect(projects.myBid(projectId).getByTestId('pending-badge')).toBeVisible();
  await expect(sync.status).toHaveAttribute('data-state', /offline|waiting/);

  // Still offline: the page comes back from the service worker, the bid from IndexedDB.
  await page.reload();
  await expect(projects.myBid(projectId).getByTestId('pending-badge')).toBeVisible();
  await sync.expectWaiting(1);

  await goOnline(context);
  await expect(projects.myBid(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 20_000 });
  await sync.expectSynced();
  const bids = (await myBids(page)).filter((b) => b.project_id === projectId);
  expect(bids).toHaveLength(1);
  expect(bids[0]).toMatchObject({ amount: 1_250_000 });
  // One bid row whatever happens; sent once, applied once, the government told once.
  await expectSentOnce(page, before);
  // The bid is sealed: the government's notice names the project, not the bid; one receipt
  // says the bid was received once.
  await expectAppliedOnce(page, bids[0].id, []);
  await expectOneReceipt(page, bids[0].id);
});

test('an answer lost after the server applied the bid does not apply it twice', async ({ page, context }) => {
  await newUser(page, 'contractor', 'مؤسسة الإشارة الضعيفة');
  const sync = new SyncShell(page);
  const projects = new ProjectsPage(page);
  await projects.goto();
  await sync.expectSynced();
  const projectId = await projects.demoProjectId();
  const before = await storedResults(page);

  let dropped = 0;
  await context.route('**/api/sync/push', async (route) => {
    if (dropped > 0) return route.continue();
    dropped += 1;
    await route.fetch(); // the server applies it...
    await route.abort('connectionreset'); // ...and the answer never arrives
  });
  await projects.bid(projectId, 990_000, 'عرض بعد انقطاع الاتصال');
  await expect.poll(() => dropped).toBe(1);
  await expect(projects.myBid(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
  const bids = (await myBids(page)).filter((b) => b.project_id === projectId);
  expect(bids).toHaveLength(1);
  // The resent push was recognised: answered with the stored result (not refused as out
  // of order), stored once, and the bid's writes and notification happened once.
  await sync.expectSynced();
  await expect(projects.card(projectId).getByTestId('item-rejection')).toHaveCount(0);
  await expectSentOnce(page, before);
  // The bid is sealed: the government's notice names the project, not the bid; one receipt
  // says the bid was received once.
  await expectAppliedOnce(page, bids[0].id, []);
  await expectOneReceipt(page, bids[0].id);
  await context.unroute('**/api/sync/push');
});

test('two tabs writing at once converge', async ({ page, context }) => {
  await newUser(page, 'contractor', 'مؤسسة التبويبين');
  const first = new ProjectsPage(page);
  await first.goto();
  await new SyncShell(page).expectSynced();
  const second = new ProjectsPage(await context.newPage());
  await second.goto();
  await new SyncShell(second.page).expectSynced();
  const ids = [await first.demoProjectId(0), await first.demoProjectId(1)];
  const before = await storedResults(page);

  await Promise.all([first.bid(ids[0], 500_000, 'من التبويب الأول'), second.bid(ids[1], 600_000, 'من التبويب الثاني')]);
  for (const tab of [first, second]) {
    for (const id of ids) await expect(tab.myBid(id)).toBeVisible({ timeout: 20_000 });
    await new SyncShell(tab.page).expectSynced();
  }
  const bids = await myBids(page);
  expect(bids.map((b) => b.project_id).sort()).toEqual([...ids].sort());
  // Both tabs share one outbox: each bid sent by one of them, once.
  await expectSentOnce(page, before, 2);
  for (const bid of bids) {
    await expectAppliedOnce(page, bid.id, []);
    await expectOneReceipt(page, bid.id);
  }
  await second.page.close();
});

test('a session that expires while offline loses nothing: the queue goes out after signing in again', async ({ page, context }) => {
  const email = await newUser(page, 'contractor', 'مؤسسة الجلسة المنتهية');
  const sync = new SyncShell(page);
  const projects = new ProjectsPage(page);
  await projects.goto();
  await sync.expectSynced();
  const projectId = await projects.demoProjectId();
  const before = await storedResults(page);

  await goOffline(context);
  await projects.bid(projectId, 777_000, 'عرض قبل انتهاء الجلسة');
  await context.clearCookies(); // the session ends on the server's side meanwhile
  await goOnline(context);
  await expect(sync.status).toHaveAttribute('data-state', 'signIn', { timeout: 20_000 });
  await expect(projects.myBid(projectId).getByTestId('pending-badge')).toBeVisible();

  await sync.status.click(); // "sign in again"
  await page.waitForURL(/\/dev-idp\//);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="name"]').fill('مؤسسة الجلسة المنتهية');
  await page.locator('button[type="submit"]').click();
  await expectLandedOn(page, '/dashboard');
  await sync.expectSynced();
  await expect.poll(async () => (await myBids(page)).filter((b) => b.project_id === projectId && b.amount === 777_000).length).toBe(1);
  await expectSentOnce(page, before);
});

test('a queued bid on a project closed meanwhile is refused with its reason, and the rest of the queue is applied', async ({ page, context, browser }) => {
  // A government posts two projects.
  const govContext = await browser.newContext();
  const gov = await govContext.newPage();
  await newUser(gov, 'government', 'أمانة المنطقة');
  const closing = (await api(gov, 'POST', '/api/projects', { title: 'صيانة طرق الحي', description: 'أعمال صيانة', location: 'الرياض' })).body.id;
  const staying = (await api(gov, 'POST', '/api/projects', { title: 'إنارة الحديقة', description: 'أعمال كهربائية', location: 'جدة' })).body.id;

  await newUser(page, 'contractor', 'مؤسسة الطابور');
  const sync = new SyncShell(page);
  const projects = new ProjectsPage(page);
  await projects.goto();
  await sync.expectSynced();
  await expect(projects.card(closing)).toBeVisible();

  await goOffline(context);
  await projects.bid(closing, 300_000, 'عرض على مشروع سيغلق');
  await projects.bid(staying, 200_000, 'عرض على مشروع مفتوح');
  await sync.expectWaiting(2);
  expect((await api(gov, 'POST', `/api/projects/${closing}/status`, { status: 'cancelled' })).status).toBe(200);

  await goOnline(context);
  await expect(sync.status).toHaveAttribute('data-state', 'refused', { timeout: 20_000 });
  await expect(projects.myBid(staying).getByTestId('pending-badge')).toHaveCount(0);
  const bids = await myBids(page);
  expect(bids.map((b) => b.project_id)).toEqual([staying]);

  await sync.openCentre();
  await expect(sync.rejections).toHaveCount(1);
  await expect(sync.rejections.first()).toHaveAttribute('data-code', 'project_not_open');
  await expect(sync.rejections.first().getByTestId('rejection-reason')).toContainText('المشروع');
  await sync.rejections.first().getByTestId('rejection-discard').click();
  await page.getByTestId('rejection-discard-confirm').click();
  await expect(sync.rejections).toHaveCount(0);
  await govContext.close();
});

test('a bid queued offline on the deadline day and sent the next day is refused, on the project and in the sync centre', async ({ page, context, browser }) => {
  // The server's clock is shared by every test running now: held for the whole test.
  await holdingServerClock(async () => {
    const govContext = await browser.newContext();
    const gov = await govContext.newPage();
    await newUser(gov, 'government', 'أمانة الموعد النهائي');
    // The server's deadline calendar (TEST_CLOCK=1 in playwright.config.ts); days: 0 is the real day.
    const today = (await api<{ today: string }>(gov, 'POST', '/api/test/clock', { days: 0 })).body.today;
    const projectId = (await api(gov, 'POST', '/api/projects', { title: 'ترميم سور المدرسة', description: 'أعمال ترميم', location: 'الطائف', deadline_date: today })).body.id;

    await newUser(page, 'contractor', 'مؤسسة آخر يوم');
    const sync = new SyncShell(page);
    const projects = new ProjectsPage(page);
    await projects.goto();
    await sync.expectSynced();
    await expect(projects.card(projectId)).toBeVisible();

    // On site, no signal, on the last day: the bid waits in the outbox overnight.
    await goOffline(context);
    await projects.bid(projectId, 410_000, 'عرض في آخر يوم');
    await sync.expectWaiting(1);
    try {
      expect((await api<{ today: string }>(gov, 'POST', '/api/test/clock', { days: 1 })).body.today > today).toBe(true);
      await goOnline(context);
      await expect(sync.status).toHaveAttribute('data-state', 'refused', { timeout: 20_000 });
    } finally {
      await api(gov, 'POST', '/api/test/clock', { days: 0 });
    }
    // On the project itself, once, with the reason in Arabic; nothing reached the server.
    const onCard = projects.card(projectId).getByTestId('item-rejection');
    await expect(onCard).toHaveCount(1);
    await expect(onCard).toHaveAttribute('data-code', 'deadline_passed');
    await expect(onCard).toContainText('انتهى الموعد النهائي لتقديم العروض');
    expect((await myBids(page)).filter((b) => b.project_id === projectId)).toEqual([]);

    await sync.openCentre();
    await expect(sync.rejections).toHaveCount(1);
    await expect(sync.rejections.first()).toHaveAttribute('data-code', 'deadline_passed');
    await expect(sync.rejections.first().getByTestId('rejection-reason')).toContainText('انتهى الموعد النهائي');
    await govContext.close();
  });
});

test('the installed app opened offline shows the signed-in screens with the data it had', async ({ page, context }) => {
  await newUser(page, 'contractor', 'مؤسسة بلا شبكة');
  const sync = new SyncShell(page);
  const projects = new ProjectsPage(page);
  await projects.goto();
  await sync.expectSynced();
  await waitForServiceWorker(page);
  const titles = await projects.cards.getByRole('heading', { level: 2 }).allTextContents();
  expect(titles.length).toBeGreaterThan(0);

  await goOffline(context);
  // Next morning, no signal: the app opens from the home screen (its start URL, /).
  await page.goto('/');
  await expectLandedOn(page, '/dashboard');
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  await expect(sync.status).toHaveAttribute('data-state', 'offline', { timeout: 20_000 });
  await projects.goto();
  // Every project it had (one another user posted a moment before going offline may have reached it live too).
  await expect(projects.cards.first()).toBeVisible();
  await expect.poll(() => projects.cards.getByRole('heading', { level: 2 }).allTextContents()).toEqual(expect.arrayContaining(titles));
  await goOnline(context);
});

test('signing out with unsent changes warns first, and the next user on the device sees none of them', async ({ page, context }) => {
  await newUser(page, 'contractor', 'مؤسسة الجهاز المشترك');
  const sync = new SyncShell(page);
  const projects = new ProjectsPage(page);
  await projects.goto();
  await sync.expectSynced();
  const projectId = await projects.demoProjectId();
  const firstUserDb = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).find((n) => n?.startsWith('binaa-')));
  expect(firstUserDb).toBeTruthy();

  await goOffline(context);
  await projects.bid(projectId, 450_000, 'عرض لم يُرسل');
  await page.getByTestId('menu-button').click();
  await page.getByTestId('logout').click();
  const dialog = page.getByTestId('signout-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('signout-send').click(); // still offline: it cannot send
  await expect(dialog.getByRole('alert').or(dialog.locator('.fui-MessageBar'))).toBeVisible();
  await dialog.getByTestId('signout-anyway').click();
  await expect(page).toHaveURL(/\/$/);
  await goOnline(context);
  await expect.poll(async () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain(firstUserDb);

  await newUser(page, 'contractor', 'مؤسسة المستخدم التالي', { screens: true });
  await projects.goto();
  await sync.expectSynced();
  await expect(page.getByTestId('my-bid')).toHaveCount(0);
  await page.getByTestId('tab-my-bids').click();
  await expect(page.getByTestId('my-bid')).toHaveCount(0);
  expect(await myBids(page)).toEqual([]);
});
