/**
 * A tender's documents in Arabic at phone width: the government attaches the booklet (a
 * PDF, sent resumably) on its tender's card, a contractor sees it listed and downloads the
 * very bytes, then, with no signal, opens the app again and still reads the list and
 * opens the file this device kept.
 */
import { expect, test } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { TenderPage, pageApi } from './page-models/TenderPage';
import { goOffline, goOnline, newUser as newPhoneUser, waitForServiceWorker } from './page-models/Users';

test.slow();

const GOV = 'أمانة منطقة تبوك';
const BIDDER = 'مؤسسة المستندات للمقاولات';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

async function newUser(...args: Parameters<typeof newPhoneUser>) {
  const user = await newPhoneUser(...args);
  await user.page.setViewportSize({ width: 390, height: 844 });
  return user;
}

test('the government attaches a booklet, a contractor downloads it, then reads the list offline (ar)', async ({ browser }, testInfo) => {
  const gov = await newUser(browser, testInfo, 'government', 'ar', GOV);
  const res = await pageApi<{ id: string }>(gov.page, 'POST', '/api/projects', {
    title: `تأهيل مدرسة ابتدائية ${Date.now() % 100000}`,
    description: 'ترميم المبنى وأعمال الكهرباء والتكييف',
    location: 'تبوك',
    deadline_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const projectId = res.body.id;

  const govPage = new TenderPage(gov.page);
  await govPage.goto();
  const ownCard = govPage.card(projectId);
  await expect(ownCard).toBeVisible({ timeout: 20_000 });
  await ownCard.getByTestId('document-attach').click();
  const dialog = gov.page.getByRole('dialog');
  await dialog.getByTestId('document-type').selectOption('specification');
  await dialog.getByTestId('document-title').fill('كراسة الشروط والمواصفات');
  await dialog.getByTestId('document-file').setInputFiles({ name: 'كراسة.pdf', mimeType: 'application/pdf', buffer: PDF });
  await checkPage(gov.page, 'ar', 'tender-document-attach');
  await dialog.getByTestId('document-send').click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  await expect(ownCard.getByTestId('tender-document')).toContainText('كراسة الشروط والمواصفات', { timeout: 30_000 });
  await expect(ownCard.getByTestId('document-addendum')).toBeVisible();

  const bidder = await newUser(browser, testInfo, 'contractor', 'ar', BIDDER);
  const page = new TenderPage(bidder.page);
  await page.goto();
  const card = page.card(projectId);
  await expect(card.getByTestId('tender-document')).toContainText('كراسة الشروط والمواصفات', { timeout: 30_000 });
  await expect(card.getByTestId('tender-document')).toContainText('PDF');
  await expect(card.getByTestId('document-attach')).toHaveCount(0);
  const [download] = await Promise.all([bidder.page.waitForEvent('download'), card.getByTestId('document-download').click()]);
  expect(download.suggestedFilename()).toBe('كراسة.pdf');
  expect((await import('node:fs')).readFileSync(await download.path()).equals(PDF)).toBe(true);
  await checkPage(bidder.page, 'ar', 'tender-documents');

  // No signal on site: the app opens from the service worker, the list and the file from this device.
  await waitForServiceWorker(bidder.page);
  const docId = (await pageApi<Array<{ id: string }>>(bidder.page, 'GET', `/api/projects/${projectId}/documents`)).body[0].id;
  const keptFiles = () =>
    bidder.page.evaluate(async (id) => {
      const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('binaa-'))!.name!;
      return new Promise<number>((resolve) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const req = open.result.transaction('document_files').objectStore('document_files').count(id);
          req.onsuccess = () => resolve(req.result);
        };
      });
    }, docId);
  await expect.poll(keptFiles, { timeout: 20_000 }).toBe(1);
  await goOffline(bidder.context);
  await bidder.page.reload();
  const offlineCard = page.card(projectId);
  await expect(offlineCard.getByTestId('tender-document')).toContainText('كراسة الشروط والمواصفات', { timeout: 20_000 });
  const [again] = await Promise.all([bidder.page.waitForEvent('download'), offlineCard.getByTestId('document-download').click()]);
  expect((await import('node:fs')).readFileSync(await again.path()).equals(PDF)).toBe(true);
  await checkPage(bidder.page, 'ar', 'tender-documents-offline');
  await goOnline(bidder.context);

  for (const u of [gov, bidder]) await u.context.close();
});
