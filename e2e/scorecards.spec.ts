/**
 * Scorecards on screen, in Arabic at phone width, from the demo data (server/seed/
 * demo-scorecards.ts): the demo contractor compares the two quotes on its RFQ and sees,
 * beside the demo supplier's, its on-time rate pulled down by its late deliveries (one steel
 * order on time among late ones), each supplier's beside its own quote; the demo supplier
 * opens its company page and finds the late orders behind the figure (each as the server
 * lists it), within the phone's width. ("Not enough deals yet" is held by the widget's and
 * the server's tests: every demo supplier that quotes has deals.)
 */
import { expect, test } from '@playwright/test';
import { pageApi } from './page-models/pageApi';
import { signInDemo } from './page-models/Session';

test.use({ viewport: { width: 390, height: 844 } });

test("a contractor sees a supplier's on-time rate pulled down by late deliveries beside its quote, and the supplier sees the orders behind it", async ({ browser }) => {
  const contractor = await (await browser.newContext()).newPage();
  await contractor.addInitScript(() => localStorage.setItem('binaa.language', 'ar'));
  await signInDemo(contractor, 'contractor@demo.binaa.sa');
  const rfqs = (await pageApi<Array<{ id: string; title: string }>>(contractor, 'GET', '/api/rfqs/my')).body;
  const rfq = rfqs.find((r) => r.title.includes('فيلا حي الملقا'));
  expect(rfq, JSON.stringify(rfqs.map((r) => r.title))).toBeDefined();
  await contractor.goto(`/rfqs/${rfq!.id}`);

  const cards = contractor.getByTestId('supplier-card');
  await expect(cards).toHaveCount(2);
  const demo = cards.filter({ hasText: 'الركن المتين' });
  const supplierId = (await pageApi<Array<{ supplier_id: string; supplier_name: string }>>(contractor, 'GET', `/api/rfqs/${rfq!.id}/quotes`)).body.find((q) => q.supplier_name.includes('الركن المتين'))!.supplier_id;
  const card = (await pageApi<{ '12m': { on_time_rate: number; rejection_rate: number } }>(contractor, 'GET', `/api/companies/${supplierId}/scorecard`)).body['12m'];
  expect(card.on_time_rate).toBeLessThan(0.5);
  // As the page writes a percentage in Arabic.
  const shown = await contractor.evaluate((rate) => new Intl.NumberFormat('ar-SA', { style: 'percent', maximumFractionDigits: 1 }).format(rate), card.on_time_rate);
  await expect(demo.getByTestId('supplier-scorecard-on-time')).toContainText('في الموعد');
  await expect(demo.getByTestId('supplier-scorecard-on-time')).toContainText(shown);
  await expect(demo.getByTestId('supplier-scorecard-rejection')).toContainText('المرفوض في الموقع');
  // Each supplier's own, beside its own quote.
  await expect(cards.getByTestId('supplier-scorecard')).toHaveCount(2);
  await expect(cards.getByTestId('supplier-scorecard').first()).toContainText('آخر ١٢ شهرًا');

  // The supplier's own page names the late orders, as the server lists them.
  const supplier = await (await browser.newContext()).newPage();
  await supplier.addInitScript(() => localStorage.setItem('binaa.language', 'ar'));
  await signInDemo(supplier, 'supplier@demo.binaa.sa');
  const mine = (await pageApi<{ shortfalls: Array<{ reasons: string[] }> }>(supplier, 'GET', '/api/company/scorecard')).body.shortfalls;
  const late = mine.filter((s) => s.reasons.includes('late')).length;
  expect(late).toBeGreaterThanOrEqual(2);
  await supplier.goto('/company');
  const own = supplier.getByTestId('own-scorecard');
  await expect(own.getByTestId('own-scorecard-12m-on-time')).toContainText(shown);
  await expect(own.getByTestId('scorecard-shortfall')).toHaveCount(mine.length);
  await expect(own.getByTestId('shortfall-late')).toHaveCount(late);
  await expect(own.getByTestId('shortfall-rejected')).toHaveCount(1);
  await expect(own.getByTestId('shortfall-late').first()).toHaveText('متأخر');
  const width = await supplier.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
