/**
 * A sealed tender from the bids to a final award, across browser contexts, with the
 * server's test clock moving the app's time: two contractors bid (one amends offline),
 * the owner sees only how many bids there are and its device holds none of them, the
 * opening passes, the owner sees the opening record and awards, the losing bidder
 * checks the record against their receipt and objects, the owner answers, and once the
 * standstill is over the award is final. Every screen photographed in Arabic at phone width.
 */
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { holdingServerClock } from './page-models/ServerClock';
import { expectSentOnce, storedResults } from './page-models/ServerWrites';
import { TenderPage, localRows, pageApi, setServerClock } from './page-models/TenderPage';
import { goOffline, goOnline, newUser as newPhoneUser, reloadUntil, waitForServiceWorker } from './page-models/Users';

test.describe.configure({ mode: 'serial' });
test.slow();

const GOV = 'أمانة منطقة القصيم';
const A = 'مؤسسة البناء الأول';
const B = 'شركة الإعمار الثانية';

/** A new person on a 390x844 phone, the width the tender screens are checked at. */
async function newUser(...args: Parameters<typeof newPhoneUser>) {
  const user = await newPhoneUser(...args);
  await user.page.setViewportSize({ width: 390, height: 844 });
  return user;
}

async function postProject(page: Page, deadline: string | null): Promise<string> {
  const res = await pageApi<{ id: string }>(page, 'POST', '/api/projects', {
    title: `إنشاء مركز صحي ${Date.now() % 100000}`,
    description: 'إنشاء مركز رعاية صحية أولية مع الأعمال الكهربائية والميكانيكية',
    location: 'بريدة',
    budget: 4_000_000,
    deadline_date: deadline,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

test('two contractors bid (one amends offline), the owner sees only the count until the opening, awards, answers an objection, and the award becomes final (ar)', async ({ browser }, testInfo) => {
  // Three people, two offline turns and four clock moves on a shared machine: more than test.slow() gives.
  test.setTimeout(6 * 60_000);
  // The server's clock is shared by every test running now: held for the whole test.
  await holdingServerClock(async () => {
    const gov = await newUser(browser, testInfo, 'government', 'ar', GOV);
    // The deadline is the server's today: the bids are opened at the end of it, in Riyadh.
    const today = await setServerClock(gov.page, 0);
    const projectId = await postProject(gov.page, today);
    try {
      const a = await newUser(browser, testInfo, 'contractor', 'ar', A);
      const b = await newUser(browser, testInfo, 'contractor', 'ar', B);
      const aPage = new TenderPage(a.page);
      const bPage = new TenderPage(b.page);
      for (const p of [aPage, bPage]) {
        await p.goto();
        await expect(p.card(projectId)).toBeVisible({ timeout: 20_000 });
        await expect(p.phase(projectId)).toHaveAttribute('data-status', 'bidding');
      }
      await expect(aPage.card(projectId).getByTestId('tender-opens-at')).toContainText('هـ');
      // Bids close at the end of today in Riyadh: the card counts down to it.
      await expect(aPage.card(projectId).getByTestId('deadline-countdown')).toContainText('يُغلق باب العطاءات بعد');

      // Both bid online; each gets a receipt on their card once the server has the bid.
      await aPage.bid(projectId, 3_200_000, 'خبرة عشر سنوات في المباني الصحية', 300);
      await bPage.bid(projectId, 3_500_000, 'فريق هندسي معتمد', 280);
      const aDigest = await aPage.receiptDigest(projectId);
      const bFirstDigest = await bPage.receiptDigest(projectId);
      expect(aDigest).toMatch(/^[0-9a-f]{64}$/);
      await checkPage(a.page, 'ar', 'tender-contractor-receipt');

      // B amends from a site with no signal: no receipt until the amendment reaches the server.
      await waitForServiceWorker(b.page);
      const bBefore = await storedResults(b.page);
      await goOffline(b.context);
      await bPage.card(projectId).getByTestId('bid-button').click();
      const dialog = b.page.getByTestId('bid-dialog');
      await dialog.locator('[name="amount"]').fill('٢٩٥٠٠٠٠');
      await dialog.getByTestId('bid-submit').click();
      await expect(dialog).toBeHidden();
      await expect(bPage.myBid(projectId).getByTestId('pending-badge')).toBeVisible();
      await expect(bPage.receipt(projectId)).toHaveAttribute('data-state', 'waiting');
      await checkPage(b.page, 'ar', 'tender-contractor-amended-offline');
      await goOnline(b.context);
      await expect(bPage.myBid(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
      const bDigest = await bPage.receiptDigest(projectId);
      expect(bDigest).not.toBe(bFirstDigest);
      await expectSentOnce(b.page, bBefore);
      // Both versions keep their receipts, newest first.
      await bPage.receipt(projectId).getByTestId('toggle-receipts').click();
      const history = bPage.receipt(projectId).getByTestId('receipt-entry');
      await expect(history).toHaveCount(2);
      expect(await history.evaluateAll((items) => items.map((li) => [li.getAttribute('data-kind'), li.getAttribute('data-digest')]))).toEqual([
        ['amended', bDigest],
        ['submitted', bFirstDigest],
      ]);
      await checkPage(b.page, 'ar', 'tender-contractor-receipts');

      // The owner sees how many bids there are, and nothing of them: none on the device either.
      const govPage = new TenderPage(gov.page);
      await govPage.goto();
      await reloadUntil(gov.page, async () => {
        await expect(govPage.sealedBids(projectId)).toHaveAttribute('data-count', '2');
      });
      await expect(govPage.receivedBids(projectId)).toHaveCount(0);
      await expect(govPage.card(projectId)).not.toContainText('٢٬٩٥٠٬٠٠٠');
      expect(await localRows(gov.page, 'bids')).toEqual([]);
      expect(await localRows(gov.page, 'tender_openings')).toEqual([]);
      expect((await pageApi(gov.page, 'GET', `/api/projects/${projectId}/bids`)).status).toBe(409);
      await checkPage(gov.page, 'ar', 'tender-owner-sealed');

      // The opening passes (the end of the deadline day in Riyadh).
      await setServerClock(gov.page, 1);
      await reloadUntil(gov.page, async () => {
        await expect(govPage.openingEntries(projectId)).toHaveCount(2);
      });
      await expect(govPage.phase(projectId)).toHaveAttribute('data-status', 'evaluation');
      await expect(govPage.card(projectId).getByTestId('tender-opened-at')).toContainText('هـ');
      // Ranked by amount, cheapest first, each with the digest its bidder holds as a receipt.
      expect((await govPage.openingTable(projectId)).map((e) => [e.rank, e.digest])).toEqual([
        ['1', bDigest],
        ['2', aDigest],
      ]);
      await checkPage(gov.page, 'ar', 'tender-owner-opening-record');

      // The owner awards B: the standstill starts; the project's row stays open, and it reads awarded.
      await govPage.awardTo(projectId, B);
      await expect(govPage.phase(projectId)).toHaveAttribute('data-status', 'standstill');
      await expect(govPage.card(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
      await expect(govPage.card(projectId).getByTestId('standstill-until')).toContainText('هـ');
      await expect(govPage.status(projectId)).toHaveAttribute('data-status', 'awarded');
      await expect(govPage.status(projectId)).toHaveText('تمت الترسية');

      // A lost: sees the opening record, their bid checked against their receipt, and objects.
      await reloadUntil(a.page, async () => {
        await expect(aPage.card(projectId).getByTestId('tender-outcome')).toHaveAttribute('data-won', 'false');
        await expect(aPage.openingEntries(projectId)).toHaveCount(2);
      });
      await expect(aPage.card(projectId).getByTestId('receipt-check')).toHaveAttribute('data-matches', 'true');
      await checkPage(a.page, 'ar', 'tender-loser-opening-record');
      await aPage.fileObjection(projectId, 'عطائي يتضمن الأعمال الميكانيكية كاملة بخلاف العطاء الفائز');
      await expect(aPage.objections(projectId)).toHaveAttribute('data-status', 'open');
      await expect(aPage.objections(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
      await expect(aPage.card(projectId).getByTestId('file-objection')).toHaveCount(0);
      await checkPage(a.page, 'ar', 'tender-loser-objected');

      // The owner answers: rejected, with the reasons.
      await reloadUntil(gov.page, async () => {
        await expect(govPage.objections(projectId)).toHaveCount(1);
      });
      await checkPage(gov.page, 'ar', 'tender-owner-objection');
      await govPage.answerObjection(projectId, 'rejected', 'العطاء الفائز يشمل الأعمال الميكانيكية في البند الرابع');
      await expect(govPage.objections(projectId)).toHaveAttribute('data-status', 'rejected');
      await expect(govPage.objections(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
      await reloadUntil(a.page, async () => {
        await expect(aPage.objections(projectId)).toHaveAttribute('data-status', 'rejected');
      });
      await expect(aPage.objections(projectId).getByTestId('objection-answer')).toContainText('البند الرابع');

      // The standstill ends with no open objection: the award is final, the project in progress.
      await setServerClock(gov.page, 8);
      await reloadUntil(gov.page, async () => {
        await expect(govPage.status(projectId)).toHaveAttribute('data-status', 'in_progress');
      });
      await expect(govPage.card(projectId).getByTestId('award-final')).toContainText('هـ');
      await expect(govPage.phase(projectId)).toHaveCount(0);
      await checkPage(gov.page, 'ar', 'tender-owner-final');
      for (const [p, status] of [
        [bPage, 'accepted'],
        [aPage, 'rejected'],
      ] as const) {
        await reloadUntil(p.page, async () => {
          await p.openMyBids();
          await expect(p.myBid(projectId).getByTestId('bid-status')).toHaveAttribute('data-status', status);
        });
      }
      // Once final, the owner can complete the project.
      await govPage.card(projectId).getByTestId('complete-project').click();
      await gov.page.getByTestId('complete-project-confirm').click();
      await expect(govPage.status(projectId)).toHaveAttribute('data-status', 'completed');
      for (const user of [a, b]) await user.context.close();
    } finally {
      await setServerClock(gov.page, 0);
      await gov.context.close();
    }
  });
});

test('the owner of a project without a deadline closes the bidding; until then its device holds no bid, and a queued amendment sent after the close is refused on the card (ar)', async ({ browser }, testInfo) => {
  const gov = await newUser(browser, testInfo, 'government', 'ar', GOV);
  const projectId = await postProject(gov.page, null);
  const c = await newUser(browser, testInfo, 'contractor', 'ar', A);
  const cPage = new TenderPage(c.page);
  await cPage.goto();
  await expect(cPage.card(projectId)).toBeVisible({ timeout: 20_000 });
  await cPage.bid(projectId, 780_000, 'توريد وتركيب خلال شهرين', 60);
  const digest = await cPage.receiptDigest(projectId);

  const govPage = new TenderPage(gov.page);
  await govPage.goto();
  await reloadUntil(gov.page, async () => {
    await expect(govPage.sealedBids(projectId)).toHaveAttribute('data-count', '1');
  });
  // Read straight from IndexedDB: the device has the project and the count, and no bid,
  // no opening record, and no notification naming the amount.
  expect(await localRows(gov.page, 'bids')).toEqual([]);
  expect(await localRows(gov.page, 'tender_openings')).toEqual([]);
  expect(JSON.stringify(await localRows(gov.page, 'notifications'))).not.toContain('780000');
  expect(await localRows(gov.page, 'projects')).toEqual(expect.arrayContaining([expect.objectContaining({ id: projectId, bid_count: 1, opened_at: null })]));

  // The contractor queues an amendment offline; the owner closes the bidding meanwhile.
  await waitForServiceWorker(c.page);
  await goOffline(c.context);
  await cPage.card(projectId).getByTestId('bid-button').click();
  await c.page.getByTestId('bid-dialog').locator('[name="amount"]').fill('700000');
  await c.page.getByTestId('bid-submit').click();
  await expect(c.page.getByTestId('bid-dialog')).toBeHidden();
  await expect(cPage.receipt(projectId)).toHaveAttribute('data-state', 'waiting');

  await govPage.closeBidding(projectId);
  await expect(govPage.phase(projectId)).toHaveAttribute('data-status', 'evaluation');
  await reloadUntil(gov.page, async () => {
    await expect(govPage.openingEntries(projectId)).toHaveCount(1);
  });
  expect((await govPage.openingTable(projectId))[0].digest).toBe(digest);
  expect(await localRows(gov.page, 'bids')).toEqual([expect.objectContaining({ amount: 780_000, digest })]);

  // Back online: the late amendment is refused, on the card, in Arabic; the opened bid stands.
  await goOnline(c.context);
  const refusal = cPage.card(projectId).getByTestId('item-rejection');
  await expect(refusal).toHaveAttribute('data-code', 'deadline_passed', { timeout: 30_000 });
  await expect(refusal).toContainText('انتهى الموعد النهائي');
  await expect(cPage.receipt(projectId)).toHaveAttribute('data-digest', digest);
  await checkPage(c.page, 'ar', 'tender-contractor-late-amendment');
  for (const user of [gov, c]) await user.context.close();
});
