/**
 * The project card links to the project's open data: the label in the reader's language,
 * and behind it the public OCDS release package, readable without signing in. A project
 * posted offline shows no link until the server has it.
 */
import { expect, test } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { ProjectsPage } from './page-models/ProjectsPage';
import { goOffline, goOnline, newUser, waitForServiceWorker, type Lang } from './page-models/Users';

test.slow();

const LABEL: Record<Lang, string> = { ar: 'البيانات المفتوحة (OCDS)', en: 'Open data (OCDS)', zh: '开放数据 (OCDS)' };

for (const lang of ['ar', 'en', 'zh'] as const) {
  test(`the project card links to its open data (${lang})`, async ({ browser, playwright }, testInfo) => {
    const gov = await newUser(browser, testInfo, 'government', lang, `أمانة البيانات المفتوحة ${lang}`);
    const projects = new ProjectsPage(gov.page);
    await projects.goto();
    // The page that registered the service worker is not under its control; the next load is.
    await gov.page.evaluate(() => navigator.serviceWorker.ready);
    await projects.goto();
    await waitForServiceWorker(gov.page);

    // Posted with no signal: the card is there, the link is not, since the server has no such project yet.
    await goOffline(gov.context);
    const title = `مشروع البيانات المفتوحة ${lang} ${Date.now() % 100000}`;
    const id = await projects.post({ title, description: 'أعمال إنشائية', location: 'الدمام', budget: 1_500_000, deadline: '2030-03-01' });
    const card = projects.card(id);
    await expect(card.getByTestId('pending-badge')).toBeVisible();
    await expect(card.getByTestId('project-open-data')).toHaveCount(0);
    await goOnline(gov.context);
    await expect(card.getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });

    const link = card.getByTestId('project-open-data');
    await expect(link).toHaveText(LABEL[lang]);
    await expect(link).toHaveAttribute('href', `/api/projects/${id}/ocds`);
    // Checked after a reload, when the sync's passing messages are gone.
    await gov.page.reload();
    await expect(link).toBeVisible({ timeout: 20_000 });
    await checkPage(gov.page, lang, 'projects-open-data-link');

    // What the link opens, read by someone who never signed in.
    const anonymous = await playwright.request.newContext({ baseURL: new URL(gov.page.url()).origin });
    const res = await anonymous.get((await link.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    const pkg = await res.json();
    expect(pkg.version).toBe('1.1');
    expect(pkg.releases).toHaveLength(1);
    expect(pkg.releases[0]).toMatchObject({ ocid: expect.stringMatching(new RegExp(`-${id}$`)), tag: ['tender'], tender: { id, title, status: 'active' } });
    await anonymous.dispose();
  });
}
