/**
 * A two-envelope tender with a bid bond, in Arabic at phone width, with the server's test
 * clock moving the app's time: the government posts it through the dialog, two
 * contractors bid with a technical envelope (a text and a file, uploaded resumably) and a
 * bond, the deadline passes, the owner reads the technical envelopes (no amount anywhere,
 * no guarantee letter: it states a share of the bid) and downloads a document, passes one
 * and fails the other with a reason, opens the financial envelopes and sees the passed
 * bidder's amount and guarantee letter; the failed bidder's amount is nowhere on the
 * owner's page nor on the owner's device, and that bidder reads the reason and that their
 * bond is released.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { holdingServerClock } from './page-models/ServerClock';
import { TenderPage, localRows, pageApi, setServerClock } from './page-models/TenderPage';
import { goOffline, goOnline, newUser as newPhoneUser, reloadUntil, waitForServiceWorker } from './page-models/Users';

test.slow();

const GOV = 'وزارة التعليم - إدارة تعليم حائل';
const A = 'مؤسسة الأساس المتين للمقاولات';
const B = 'شركة الصرح الحديث';
const PDF = (label: string) =>
  Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`, 'latin1');
const A_METHOD = PDF('method statement A');
const A_BOND = PDF('bond A');
const A_AMOUNT = 4_150_000;
const B_AMOUNT = 3_870_000;

async function newUser(...args: Parameters<typeof newPhoneUser>) {
  const user = await newPhoneUser(...args);
  await user.page.setViewportSize({ width: 390, height: 844 });
  return user;
}

/** Every way an amount may be written on a page: Western or Arabic-Indic digits, grouped or not. */
function amountForms(amount: number): string[] {
  const western = [String(amount), amount.toLocaleString('en-US')];
  const arabic = western.map((w) => w.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]).replace(/,/g, '٬'));
  return [...western, ...arabic];
}

async function expectNoAmount(page: Page, amount: number) {
  const text = (await page.locator('body').textContent()) ?? '';
  for (const form of amountForms(amount)) expect(text, `the page shows ${form}`).not.toContain(form);
}

/** Bids through the dialog: the technical envelope (text, optional file), the bond, then the financial envelope. */
async function bidWithEnvelopes(
  page: TenderPage,
  projectId: string,
  bid: { text: string; file?: { name: string; buffer: Buffer }; bond: { number: string; bank: string; expires: string; file: { name: string; buffer: Buffer } }; amount: number; proposal: string },
  checkName?: string,
) {
  await page.openBid(projectId);
  const dialog = page.page.getByTestId('bid-dialog');
  await dialog.locator('[name="technical_text"]').fill(bid.text);
  if (bid.file) {
    // Through the app's own button, which opens the browser's file chooser.
    const [chooser] = await Promise.all([page.page.waitForEvent('filechooser'), dialog.getByTestId('technical-files-add').click()]);
    await chooser.setFiles({ name: bid.file.name, mimeType: 'application/pdf', buffer: bid.file.buffer });
    await expect(dialog.getByTestId('technical-files').getByTestId('bid-file')).toContainText(bid.file.name, { timeout: 30_000 });
  }
  await dialog.getByTestId('bond-document-input').setInputFiles({ name: bid.bond.file.name, mimeType: 'application/pdf', buffer: bid.bond.file.buffer });
  await expect(dialog.getByTestId('bond-document').getByTestId('bid-file')).toHaveCount(1, { timeout: 30_000 });
  await dialog.locator('[name="bond_number"]').fill(bid.bond.number);
  await dialog.locator('[name="bond_bank"]').fill(bid.bond.bank);
  await dialog.locator('[name="bond_expires_on"]').fill(bid.bond.expires);
  await dialog.locator('[name="amount"]').fill(String(bid.amount));
  await dialog.locator('[name="proposal"]').fill(bid.proposal);
  if (checkName) {
    await checkPage(page.page, 'ar', checkName);
    // The dialog's top (its technical envelope), as a phone shows it, for a person to look at.
    await dialog.locator('[name="technical_text"]').scrollIntoViewIfNeeded();
    await page.page.screenshot({ path: `test-results/screenshots/ar-${checkName}-top.png` });
  }
  await dialog.getByTestId('bid-submit').click();
  await expect(dialog).toBeHidden();
  await page.receiptDigest(projectId);
}

test('a two-envelope tender with a bid bond: one technical envelope passes, one fails, and the failed amount never shows (ar)', async ({ browser }, testInfo) => {
  test.setTimeout(6 * 60_000);
  await holdingServerClock(async () => {
    const gov = await newUser(browser, testInfo, 'government', 'ar', GOV);
    // The deadline is the server's today: the bids are opened at the end of it, in Riyadh.
    const today = await setServerClock(gov.page, 0);
    try {
      const govPage = new TenderPage(gov.page);
      await govPage.goto();
      const title = `إنشاء مدرسة متوسطة ${Date.now() % 100000}`;
      const projectId = await govPage.post({ title, description: 'مبنى من طابقين مع المختبرات والملاعب', location: 'حائل', budget: 5_000_000, deadline: today, envelopes: 2, bidBondPercent: '٢' });
      await expect(govPage.card(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
      await expect(govPage.card(projectId).getByTestId('two-envelopes')).toBeVisible();
      await expect(govPage.card(projectId).getByTestId('bid-bond-required')).toHaveAttribute('data-percent', '2');

      // The bond must last to the bid validity's end: 90 days after the deadline's day.
      const until = new Date(Date.parse(`${today}T00:00:00Z`) + 90 * 86_400_000).toISOString().slice(0, 10);
      const longer = new Date(Date.parse(`${today}T00:00:00Z`) + 120 * 86_400_000).toISOString().slice(0, 10);

      const a = await newUser(browser, testInfo, 'contractor', 'ar', A);
      const b = await newUser(browser, testInfo, 'contractor', 'ar', B);
      const aPage = new TenderPage(a.page);
      const bPage = new TenderPage(b.page);
      for (const p of [aPage, bPage]) {
        await p.goto();
        await expect(p.card(projectId)).toBeVisible({ timeout: 20_000 });
        await expect(p.card(projectId).getByTestId('two-envelopes')).toContainText('ظرفان');
        await expect(p.card(projectId).getByTestId('bid-bond-required')).toHaveAttribute('data-until', until);
      }
      await checkPage(a.page, 'ar', 'envelopes-contractor-card');

      await bidWithEnvelopes(
        aPage,
        projectId,
        {
          text: 'منهجية التنفيذ: فريقان، وجدول زمني من ١٢ شهرًا، ومهندس سلامة متفرغ',
          file: { name: 'منهجية-التنفيذ.pdf', buffer: A_METHOD },
          bond: { number: 'LG-2026-4410', bank: 'البنك الأهلي السعودي', expires: longer, file: { name: 'ضمان-ابتدائي.pdf', buffer: A_BOND } },
          amount: A_AMOUNT,
          proposal: 'التنفيذ وفق المخططات مع ضمان سنة',
        },
        'envelopes-bid-dialog',
      );
      await bidWithEnvelopes(bPage, projectId, {
        text: 'خبرة في مبنيين إداريين',
        bond: { number: 'BG-77-2026', bank: 'مصرف الراجحي', expires: longer, file: { name: 'ضمان.pdf', buffer: PDF('bond B') } },
        amount: B_AMOUNT,
        proposal: 'سعر منافس',
      });

      // The opening passes: the technical envelopes open, the financial ones stay sealed.
      await setServerClock(gov.page, 1);
      await reloadUntil(gov.page, async () => {
        await expect(govPage.card(projectId).getByTestId('technical-envelope')).toHaveCount(2);
      });
      await expect(govPage.phase(projectId)).toHaveAttribute('data-status', 'technical_evaluation');
      const envelope = (company: string) => govPage.card(projectId).getByTestId('technical-envelope').filter({ hasText: company });
      await expect(envelope(A).getByTestId('envelope-bond')).toHaveAttribute('data-compliant', 'true');
      await expect(envelope(B).getByTestId('envelope-bond')).toHaveAttribute('data-compliant', 'true');
      // The opening record lists both, without ranks or amounts; and no bid is on this device.
      await expect(govPage.openingEntries(projectId)).toHaveCount(2);
      expect((await govPage.openingTable(projectId)).map((e) => e.rank)).toEqual(['', '']);
      expect(await localRows(gov.page, 'bids')).toEqual([]);
      await expect(govPage.receivedBids(projectId)).toHaveCount(0);
      await expectNoAmount(gov.page, A_AMOUNT);
      await expectNoAmount(gov.page, B_AMOUNT);
      // The owner downloads A's method statement: the very bytes A sent.
      const [download] = await Promise.all([gov.page.waitForEvent('download'), envelope(A).getByTestId('envelope-document').filter({ hasText: 'منهجية' }).click()]);
      expect(readFileSync(await download.path()).equals(A_METHOD)).toBe(true);
      // Not the guarantee letters: each states its sum, a share of the bid, so it opens with the financial envelope.
      for (const company of [A, B]) {
        await expect(envelope(company).getByTestId('bond-letter-sealed')).toBeVisible();
        await expect(envelope(company).getByTestId('envelope-document').filter({ hasText: 'خطاب الضمان' })).toHaveCount(0);
      }
      await checkPage(gov.page, 'ar', 'envelopes-owner-technical');

      // Pass A; fail B, whose reason is asked for before the evaluation is sent; from a
      // device without signal: the verdicts show at once, and go when the signal is back.
      await waitForServiceWorker(gov.page);
      await goOffline(gov.context);
      await envelope(A).getByTestId('verdict-pass').check();
      await envelope(B).getByTestId('verdict-fail').check();
      await govPage.card(projectId).getByTestId('submit-evaluation').click();
      await expect(envelope(B).getByTestId('verdict-reason')).toBeVisible();
      await expect(envelope(B)).toContainText('اكتب سبب عدم الاجتياز');
      await envelope(B).getByTestId('verdict-reason').fill('لا توجد خبرة سابقة في المباني التعليمية');
      await govPage.card(projectId).getByTestId('submit-evaluation').click();
      await checkPage(gov.page, 'ar', 'envelopes-owner-confirm');
      await gov.page.getByTestId('submit-evaluation-confirm').click();
      await expect(envelope(A)).toHaveAttribute('data-result', 'pass');
      await expect(envelope(B)).toHaveAttribute('data-result', 'fail');
      await expect(govPage.card(projectId).getByTestId('technical-evaluation').getByTestId('pending-badge')).toBeVisible();
      await goOnline(gov.context);
      await expect(govPage.card(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
      await expect(envelope(B).getByTestId('envelope-result')).toContainText('لا توجد خبرة سابقة في المباني التعليمية');

      // Then the financial envelopes of those who passed.
      await govPage.card(projectId).getByTestId('open-financial').click();
      await gov.page.getByTestId('open-financial-confirm').click();
      await expect(govPage.card(projectId).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
      await reloadUntil(gov.page, async () => {
        await expect(govPage.phase(projectId)).toHaveAttribute('data-status', 'evaluation');
        await expect(govPage.openingEntries(projectId).filter({ hasText: A })).toHaveAttribute('data-rank', '1');
      });
      await govPage.showBids(projectId);
      await expect(govPage.receivedBids(projectId)).toHaveCount(1);
      await expect(govPage.receivedBids(projectId)).toContainText(A);
      await expect(govPage.receivedBids(projectId).getByTestId('award-bid')).toBeVisible();
      // A's guarantee letter now, the very bytes A sent; B's never.
      const [letter] = await Promise.all([gov.page.waitForEvent('download'), envelope(A).getByTestId('envelope-document').filter({ hasText: 'خطاب الضمان' }).click()]);
      expect(readFileSync(await letter.path()).equals(A_BOND)).toBe(true);
      await expect(envelope(B).getByTestId('envelope-document').filter({ hasText: 'خطاب الضمان' })).toHaveCount(0);
      const failedEntry = govPage.openingEntries(projectId).filter({ hasText: B });
      await expect(failedEntry).toHaveAttribute('data-technical', 'fail');
      await expect(failedEntry).toHaveAttribute('data-rank', '');
      await expect(failedEntry.getByTestId('entry-sealed')).toContainText('لم يجتز');
      await expect(govPage.openingEntries(projectId).filter({ hasText: A })).toContainText('٤٬١٥٠٬٠٠٠');
      // The failed bidder's amount: nowhere on the page, nor in this device's store.
      await expectNoAmount(gov.page, B_AMOUNT);
      const bids = await localRows<{ contractor_name: string; amount: number }>(gov.page, 'bids');
      expect(bids.map((row) => row.amount)).toEqual([A_AMOUNT]);
      expect(JSON.stringify(await localRows(gov.page, 'tender_openings'))).not.toContain(String(B_AMOUNT));
      const listed = await pageApi(gov.page, 'GET', `/api/projects/${projectId}/bids`);
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).not.toContain(String(B_AMOUNT));
      await checkPage(gov.page, 'ar', 'envelopes-owner-financial');
      await govPage.card(projectId).screenshot({ path: 'test-results/screenshots/ar-envelopes-owner-financial-card.png' });

      // B reads their result: failed, with the reason, and the bond released.
      await reloadUntil(b.page, async () => {
        await expect(bPage.myBid(projectId).getByTestId('technical-result')).toHaveAttribute('data-result', 'fail');
      });
      await expect(bPage.myBid(projectId).getByTestId('technical-result')).toContainText('لا توجد خبرة سابقة في المباني التعليمية');
      await expect(bPage.myBid(projectId).getByTestId('bond-released')).toContainText('أُفرج عن ضمانك');
      await checkPage(b.page, 'ar', 'envelopes-failed-bidder');
      await bPage.card(projectId).screenshot({ path: 'test-results/screenshots/ar-envelopes-failed-bidder-card.png' });
      await reloadUntil(a.page, async () => {
        await expect(aPage.myBid(projectId).getByTestId('technical-result')).toHaveAttribute('data-result', 'pass');
      });
      for (const u of [a, b]) await u.context.close();
    } finally {
      await setServerClock(gov.page, 0);
      await gov.context.close();
    }
  });
});
