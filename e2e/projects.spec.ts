/**
 * Projects and sealed bids across browser contexts: a government posts, two contractors
 * bid (one of them offline), the government closes the bidding, awards one, and the
 * winner and the loser each see their outcome while the standstill runs; every screen
 * checked with axe and photographed in Arabic, English and Chinese. The standstill's end
 * and the objections are e2e/tender.spec.ts's (it moves the server's clock).
 */
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { ProjectsPage } from './page-models/ProjectsPage';
import { watchHiddenAfterShown } from './page-models/Visibility';
import { expectAppliedOnce, expectSentOnce, storedResults } from './page-models/ServerWrites';
import { goOffline, goOnline, newUser, reloadUntil, waitForServiceWorker, type Lang } from './page-models/Users';

test.slow();

const myBidsOnServer = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/api/bids/my?limit=100', { credentials: 'include' })).json()) as Array<{ id: string; project_id: string; status: string; amount: number }>);

const NAMES: Record<Lang, { gov: string; a: string; b: string; title: string }> = {
  ar: { gov: 'أمانة محافظة الخرج', a: 'مؤسسة الأول للمقاولات', b: 'شركة الثاني للمقاولات', title: 'تأهيل طريق الملك فهد' },
  en: { gov: 'Al-Kharj Municipality', a: 'First Contracting Est.', b: 'Second Contracting Co.', title: 'King Fahd Road rehabilitation' },
  zh: { gov: '海尔吉市政', a: '第一建筑公司', b: '第二建筑公司', title: '法赫德国王路改造' },
};

/** `deadline`: none makes a project whose owner opens the bids by closing the bidding. */
async function postedProject(page: Page, lang: Lang, deadline: string | null = '2030-01-15'): Promise<string> {
  const projects = new ProjectsPage(page);
  await projects.goto();
  const id = await projects.post({ title: `${NAMES[lang].title} ${Date.now() % 100000}`, description: 'أعمال سفلتة وإنارة', location: 'الخرج', budget: 2_500_000, deadline: deadline ?? undefined });
  await expect(projects.card(id).getByTestId('pending-badge')).toHaveCount(0, { timeout: 20_000 });
  return id;
}

for (const lang of ['ar', 'en'] as const) {
  test(`two contractors bid, the government closes the bidding and awards one, and each sees the outcome (${lang})`, async ({ browser }, testInfo) => {
    const gov = await newUser(browser, testInfo, 'government', lang, NAMES[lang].gov);
    const projectId = await postedProject(gov.page, lang, null);

    const a = await newUser(browser, testInfo, 'contractor', lang, NAMES[lang].a);
    const b = await newUser(browser, testInfo, 'contractor', lang, NAMES[lang].b);
    const aProjects = new ProjectsPage(a.page);
    const bProjects = new ProjectsPage(b.page);
    for (const p of [aProjects, bProjects]) {
      await p.goto();
      await expect(p.card(projectId)).toBeVisible({ timeout: 20_000 });
    }

    await aProjects.openBid(projectId);
    await checkPage(a.page, lang, 'projects-contractor-bid-dialog');
    await a.page.keyboard.press('Escape');
    await expect(a.page.getByTestId('bid-dialog')).toBeHidden();
    // Typed on an Arabic keyboard: Arabic-Indic digits (the server gets 2,300,000; see below).
    await aProjects.bid(projectId, '٢٣٠٠٠٠٠', 'نفذنا طرقًا مماثلة في الرياض', 200);
    await checkPage(a.page, lang, 'projects-contractor-bid-waiting');

    // The second contractor is on a site with no signal: the bid waits, survives a reload, goes once.
    await waitForServiceWorker(b.page);
    const bBefore = await storedResults(b.page);
    await goOffline(b.context);
    await bProjects.bid(projectId, 2_100_000, 'فريق معتمد ومعدات جاهزة', 180);
    await expect(bProjects.myBid(projectId).getByTestId('pending-badge')).toBeVisible();
    await b.page.reload();
    await expect(bProjects.myBid(projectId).getByTestId('pending-badge')).toBeVisible();
    await goOnline(b.context);
    for (const p of [aProjects, bProjects]) await expect(p.myBid(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
    const bBids = (await myBidsOnServer(b.page)).filter((x) => x.project_id === projectId);
    expect(bBids).toHaveLength(1);
    await expectSentOnce(b.page, bBefore);
    // The owner's notice names the project, not the sealed bid.
    await expectAppliedOnce(b.page, bBids[0].id, []);

    // The government sees how many bids there are, closes the bidding, and then sees both
    // side by side and awards the first contractor's: the standstill starts.
    const govProjects = new ProjectsPage(gov.page);
    await reloadUntil(gov.page, async () => {
      await expect(govProjects.card(projectId).getByTestId('sealed-bids')).toHaveAttribute('data-count', '2');
    });
    await expect(govProjects.receivedBids(projectId)).toHaveCount(0);
    await govProjects.card(projectId).getByTestId('close-bidding').click();
    await gov.page.getByTestId('close-bidding-confirm').click();
    // The close is queued on the device first: a reload before it is stored would lose it.
    await expect(govProjects.card(projectId).getByTestId('tender-phase')).toHaveAttribute('data-status', 'evaluation');
    await expect(govProjects.card(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
    await reloadUntil(gov.page, async () => {
      await govProjects.showBids(projectId);
      await expect(govProjects.receivedBids(projectId)).toHaveCount(2);
    });
    await checkPage(gov.page, lang, 'projects-government-bids');
    await govProjects.award(projectId, NAMES[lang].a);
    await expect(govProjects.card(projectId).getByTestId('tender-phase')).toHaveAttribute('data-status', 'standstill');
    // The row stays open until the award is final, but the card reads awarded: the bidding is over.
    await expect(govProjects.card(projectId).getByTestId('project-status')).toHaveAttribute('data-status', 'awarded');
    await expect(govProjects.card(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });

    // Each contractor sees the outcome of their own bid, and only their own.
    for (const [p, won] of [
      [aProjects, 'true'],
      [bProjects, 'false'],
    ] as const) {
      await reloadUntil(p.page, async () => {
        await expect(p.card(projectId).getByTestId('tender-outcome')).toHaveAttribute('data-won', won);
      });
      await p.openMyBids();
      await expect(p.page.getByTestId('my-bid')).toHaveCount(1);
    }
    await checkPage(a.page, lang, 'projects-contractor-my-bids');
    expect((await myBidsOnServer(a.page)).find((x) => x.project_id === projectId)).toMatchObject({ status: 'submitted', amount: 2_300_000 });
    expect((await myBidsOnServer(b.page)).find((x) => x.project_id === projectId)).toMatchObject({ status: 'submitted', amount: 2_100_000 });
    for (const user of [gov, a, b]) await user.context.close();
  });
}

test('the projects screens in Chinese, and a bid placed offline that survives a reload and goes once (zh)', async ({ browser }, testInfo) => {
  const gov = await newUser(browser, testInfo, 'government', 'zh', NAMES.zh.gov);
  const projectId = await postedProject(gov.page, 'zh');
  await gov.page.getByTestId('post-project').click();
  await checkPage(gov.page, 'zh', 'projects-government-post-dialog');
  await gov.page.keyboard.press('Escape');
  const c = await newUser(browser, testInfo, 'contractor', 'zh', NAMES.zh.a);
  const projects = new ProjectsPage(c.page);
  await projects.goto();
  await expect(projects.card(projectId)).toBeVisible({ timeout: 20_000 });
  await checkPage(c.page, 'zh', 'projects-contractor-open');
  await projects.card(projectId).getByTestId('bid-button').click();
  await checkPage(c.page, 'zh', 'projects-contractor-bid-dialog');
  await c.page.keyboard.press('Escape');
  await checkPage(gov.page, 'zh', 'projects-government');

  // The contractor bids from a site with no signal: the bid waits, survives a reload, goes once.
  await waitForServiceWorker(c.page);
  const before = await storedResults(c.page);
  await goOffline(c.context);
  await projects.bid(projectId, 1_800_000, '团队已就位，六个月内完工', 150);
  await expect(projects.myBid(projectId)).toContainText('1,800,000');
  await expect(projects.myBid(projectId).getByTestId('pending-badge')).toHaveText('等待发送');
  await c.page.reload();
  await expect(projects.myBid(projectId).getByTestId('pending-badge')).toHaveText('等待发送');
  await goOnline(c.context);
  await expect(projects.myBid(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
  const bids = (await myBidsOnServer(c.page)).filter((x) => x.project_id === projectId);
  expect(bids).toHaveLength(1);
  expect(bids[0]).toMatchObject({ amount: 1_800_000, status: 'submitted' });
  await expectSentOnce(c.page, before);
  await expectAppliedOnce(c.page, bids[0].id, []);
  for (const user of [gov, c]) await user.context.close();
});

test('the screen stays shown as its cards arrive; a bid the device cannot store comes back in its dialog with what was typed, Arabic-Indic digits and all (en)', async ({ browser }, testInfo) => {
  const gov = await newUser(browser, testInfo, 'government', 'en', NAMES.en.gov);
  const projectId = await postedProject(gov.page, 'en');
  const c = await newUser(browser, testInfo, 'contractor', 'en', NAMES.en.b);
  const projects = new ProjectsPage(c.page);
  // Once shown, the screen stays shown while its cards arrive (their tender and transport
  // lines' strings load with the screen, not after it).
  const hiddenFrames = await watchHiddenAfterShown(c.page, '#projects-title');
  await projects.goto();
  await expect(projects.card(projectId)).toBeVisible({ timeout: 20_000 });
  expect(await hiddenFrames()).toBe(0);
  // The dialog closes as soon as the input is accepted; the next outbox write fails as a
  // full disk would make it fail.
  await c.page.evaluate(() => {
    // oxlint-disable-next-line typescript/unbound-method -- kept to be called with .apply(this) and put back
    const add = IDBObjectStore.prototype.add;
    IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args: Parameters<typeof add>) {
      if (this.name !== 'outbox') return add.apply(this, args);
      IDBObjectStore.prototype.add = add;
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await projects.card(projectId).getByTestId('bid-button').click();
  const dialog = c.page.getByTestId('bid-dialog');
  await dialog.locator('[name="amount"]').fill('١٢٥٠٠٠');
  await dialog.locator('[name="proposal"]').fill('Crew on site next week');
  await dialog.getByTestId('bid-submit').click();
  await expect(dialog.getByTestId('bid-failed')).toBeVisible();
  await expect(dialog.locator('[name="amount"]')).toHaveValue('١٢٥٠٠٠');
  await expect(dialog.locator('[name="proposal"]')).toHaveValue('Crew on site next week');
  await expect(projects.myBid(projectId)).toHaveCount(0);
  // Sent again, it is stored and shown.
  await dialog.getByTestId('bid-submit').click();
  await expect(dialog).toBeHidden();
  await expect(projects.myBid(projectId)).toContainText('125,000');
  for (const user of [gov, c]) await user.context.close();
});
