/**
 * A tender's questions and answers in Arabic at phone width: a contractor asks from a
 * site with no signal (queued, then sent), the owner sees who asked and answers, and
 * another contractor reads the published answer without the asker's name.
 */
import { expect, test } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { TenderPage, pageApi } from './page-models/TenderPage';
import { goOffline, goOnline, newUser as newPhoneUser, waitForServiceWorker } from './page-models/Users';

test.slow();

const GOV = 'أمانة منطقة حائل';
const ASKER = 'مؤسسة السؤال للمقاولات';
const READER = 'شركة القارئ للإنشاءات';

async function newUser(...args: Parameters<typeof newPhoneUser>) {
  const user = await newPhoneUser(...args);
  await user.page.setViewportSize({ width: 390, height: 844 });
  return user;
}

test('a contractor asks offline, the owner answers, and another contractor reads the answer without the asker (ar)', async ({ browser }, testInfo) => {
  const gov = await newUser(browser, testInfo, 'government', 'ar', GOV);
  const day = 86_400_000;
  const res = await pageApi<{ id: string }>(gov.page, 'POST', '/api/projects', {
    title: `إنشاء مدرسة متوسطة ${Date.now() % 100000}`,
    description: 'مبنى مدرسي من دورين مع الأعمال الكهربائية',
    location: 'حائل',
    deadline_date: new Date(Date.now() + 5 * day).toISOString().slice(0, 10),
    questions_until: new Date(Date.now() + 2 * day).toISOString(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const projectId = res.body.id;

  const asker = await newUser(browser, testInfo, 'contractor', 'ar', ASKER);
  const askerPage = new TenderPage(asker.page);
  await askerPage.goto();
  const card = askerPage.card(projectId);
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByTestId('questions-toggle').click();
  await expect(card.getByTestId('questions-until')).toContainText('هـ');

  // No signal: the question waits in the outbox, then goes once the signal is back.
  await waitForServiceWorker(asker.page);
  await goOffline(asker.context);
  await card.getByTestId('question-text').fill('هل تقرير فحص التربة متاح للمتنافسين؟');
  await card.getByTestId('question-ask').click();
  await expect(card.getByTestId('question-queued').getByTestId('pending-badge')).toBeVisible();
  await checkPage(asker.page, 'ar', 'tender-question-queued');
  await goOnline(asker.context);
  await expect(card.getByTestId('question')).toHaveCount(1, { timeout: 30_000 });
  await expect(card.getByTestId('question-queued')).toHaveCount(0);

  // The owner sees who asked and answers.
  const govPage = new TenderPage(gov.page);
  await govPage.goto();
  const ownCard = govPage.card(projectId);
  await ownCard.getByTestId('questions-toggle').click();
  await expect(ownCard.getByTestId('question')).toContainText(ASKER);
  await ownCard.getByTestId('answer-text').fill('نعم، التقرير متاح ويُرسل عند الطلب.');
  await ownCard.getByTestId('answer-publish').click();
  await expect(ownCard.getByTestId('question-answer')).toContainText('التقرير متاح', { timeout: 30_000 });
  await checkPage(gov.page, 'ar', 'tender-question-owner');

  // Another contractor reads the answer, never the asker's name.
  const reader = await newUser(browser, testInfo, 'contractor', 'ar', READER);
  const readerPage = new TenderPage(reader.page);
  await readerPage.goto();
  const readerCard = readerPage.card(projectId);
  await expect(readerCard).toBeVisible({ timeout: 20_000 });
  await readerCard.getByTestId('questions-toggle').click();
  await expect(readerCard.getByTestId('question-answer')).toContainText('التقرير متاح');
  await expect(readerCard.getByTestId('tender-questions')).not.toContainText(ASKER);
  await checkPage(reader.page, 'ar', 'tender-question-answer');

  for (const u of [gov, asker, reader]) await u.context.close();
});
