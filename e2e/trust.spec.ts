/**
 * Trust between a contractor and its suppliers, in Arabic at phone width: the contractor
 * compares two quotes and sees, beside one supplier's, its on-time rate pulled down by a
 * late delivery (four completed deals, one received after the day the RFQ needed it),
 * beside the other's all on time; it awards the reliable one, records the receipt on the
 * order and reviews the deal. Double-blind: its review stays out of the supplier's public
 * reviews until the supplier has reviewed the contractor too, then shows on the supplier's
 * page.
 *
 * The history is built through the API as real deals (RFQ, quotes, award, the order
 * accepted, a goods receipt); the late one by a needed-by day already past, so the shared
 * test clock is never moved. Only what the contractor does here is done on screen.
 * A scorecard is recomputed after the receipt's commit: its figures are waited for, never
 * slept on.
 */
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { GoodsReceiptsPage } from './page-models/GoodsReceiptsPage';
import { pageApi } from './page-models/pageApi';
import { PurchaseOrdersPage } from './page-models/PurchaseOrdersPage';
import { RfqsPage } from './page-models/RfqsPage';
import { newUser, type User } from './page-models/Users';

const CEMENT_CATEGORY = 'ca7e0000-0000-4000-8000-000000000001';
const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;

async function ok<T = any>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await pageApi<T>(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** The company a person acts for (its founder's id). */
const idOf = async (u: User) => {
  const me = await ok<{ id: string; company_id: string | null }>(u.page, 'GET', '/api/users/me');
  return me.company_id ?? me.id;
};

/** An RFQ of one line per supplier, each quoting its own line; none awarded yet. */
async function rfqQuotedBy(contractor: User, suppliers: User[], ids: string[], title: string, neededBy: string | null, prices: number[][]) {
  const lines = suppliers.map((_, i) => ({ id: crypto.randomUUID(), description: i % 2 ? 'حديد تسليح ١٢ مم' : 'أسمنت بورتلاندي عادي', quantity: i % 2 ? 4 : 100, unit: i % 2 ? 'طن' : 'كيس', category_id: CEMENT_CATEGORY }));
  const rfq = await ok(contractor.page, 'POST', '/api/rfqs', {
    id: crypto.randomUUID(), title, location: 'الرياض، حي الملقا', closes_at: new Date(Date.now() + DAY).toISOString(), needed_by: neededBy,
    audience: 'invited', supplier_ids: ids, lines,
  });
  const quotes = [];
  for (const [i, s] of suppliers.entries()) {
    quotes.push(await ok(s.page, 'POST', `/api/rfqs/${rfq.id}/quotes`, {
      id: crypto.randomUUID(), delivery_days: 30, valid_until: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
      lines: lines.map((l, j) => ({ rfq_line_id: l.id, unit_price: prices[i]![j]! })),
    }));
  }
  return { rfq, lines, quotes };
}

/**
 * A completed deal with each supplier: its line awarded to it, the order accepted and all
 * of it received. Delivery within 30 days of acceptance, unless `neededBy` says a day before.
 */
async function completedDeals(contractor: User, suppliers: User[], ids: string[], title: string, neededBy: string | null = null) {
  const { rfq, lines, quotes } = await rfqQuotedBy(contractor, suppliers, ids, title, neededBy, suppliers.map(() => suppliers.map(() => 20)));
  const orders = await ok<Array<{ id: string; seller_id: string }>>(contractor.page, 'POST', `/api/rfqs/${rfq.id}/award`, {
    awards: lines.map((l, i) => ({ rfq_line_id: l.id, quote_id: quotes[i].id })),
  });
  for (const po of orders) {
    await ok(suppliers[ids.indexOf(po.seller_id)]!.page, 'POST', `/api/purchase-orders/${po.id}/accept`, {});
    const order = await ok<{ lines: Array<{ id: string; quantity: number }> }>(contractor.page, 'GET', `/api/purchase-orders/${po.id}`);
    await ok(contractor.page, 'POST', `/api/purchase-orders/${po.id}/receipts`, {
      id: crypto.randomUUID(), lines: order.lines.map((l) => ({ purchase_order_line_id: l.id, received_quantity: l.quantity })),
    });
  }
}

type Card = { deals: number; on_time_rate: number | null };
const scorecard = async (page: Page, id: string) => (await ok<{ '12m': Card }>(page, 'GET', `/api/companies/${id}/scorecard`))['12m'];

test("a contractor sees a supplier's on-time rate pulled down by a late delivery, completes a deal with the other and reviews it, published once both reviewed", async ({ browser }, testInfo) => {
  const [contractor, late, steady] = await Promise.all([
    newUser(browser, testInfo, 'contractor', 'ar', 'مؤسسة الأفق للمقاولات'),
    newUser(browser, testInfo, 'supplier', 'ar', 'مؤسسة الوادي لمواد البناء'),
    newUser(browser, testInfo, 'supplier', 'ar', 'شركة الرمال لمواد البناء'),
  ]);
  const c = contractor.page;
  await c.setViewportSize(PHONE);
  const [lateId, steadyId] = [await idOf(late), await idOf(steady)];

  // Three deals with each on time, then one more with the first needed ten days ago and received today.
  for (const n of [1, 2, 3]) await completedDeals(contractor, [late, steady], [lateId, steadyId], `توريد الدور ${n}`);
  const tenDaysAgo = new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10);
  await completedDeals(contractor, [late], [lateId], 'توريد عاجل للسقف', tenDaysAgo);
  await expect.poll(() => scorecard(c, lateId), { timeout: 30_000 }).toMatchObject({ deals: 4, on_time_rate: 0.75 });
  await expect.poll(() => scorecard(c, steadyId), { timeout: 30_000 }).toMatchObject({ deals: 3, on_time_rate: 1 });

  // Both quote the next RFQ; the steady supplier is the cheaper on both lines.
  const { rfq } = await rfqQuotedBy(contractor, [late, steady], [lateId, steadyId], 'أسمنت وحديد فيلا الملقا', null, [[19, 2700], [18.5, 2650]]);

  // The comparison, on screen: each supplier's record beside its own quote.
  const rfqs = new RfqsPage(c);
  await rfqs.open(rfq.id);
  const cards = c.getByTestId('supplier-card');
  await expect(cards).toHaveCount(2);
  const percent = (rate: number) => c.evaluate((r) => new Intl.NumberFormat('ar-SA', { style: 'percent', maximumFractionDigits: 1 }).format(r), rate);
  const lateCard = cards.filter({ hasText: 'مؤسسة الوادي' });
  const steadyCard = cards.filter({ hasText: 'شركة الرمال' });
  await expect(lateCard.getByTestId('supplier-scorecard-on-time')).toContainText('في الموعد');
  await expect(lateCard.getByTestId('supplier-scorecard-on-time')).toContainText(await percent(0.75));
  await expect(steadyCard.getByTestId('supplier-scorecard-on-time')).toContainText(await percent(1));
  await expect(lateCard.getByTestId('supplier-scorecard')).toContainText('آخر ١٢ شهرًا');
  await checkPage(c, 'ar', 'trust-comparison');

  // The contractor awards each line to its lowest price: all of it to the steady supplier.
  await rfqs.awardSplitToLowest();
  await expect(rfqs.ordersMade()).toHaveCount(1);
  let poId = '';
  await expect(async () => {
    const mine = await ok<Array<{ id: string; rfq_id: string | null }>>(steady.page, 'GET', '/api/purchase-orders?as=seller');
    poId = mine.find((po) => po.rfq_id === rfq.id)?.id ?? '';
    expect(poId).not.toBe('');
  }).toPass({ timeout: 30_000 });
  await ok(steady.page, 'POST', `/api/purchase-orders/${poId}/accept`, {});

  // The goods arrive: the site records all of it on the order.
  const orders = new PurchaseOrdersPage(c);
  const receipts = new GoodsReceiptsPage(c);
  await expect(async () => {
    await orders.openById(poId);
    await expect(orders.detail()).toHaveAttribute('data-status', 'accepted', { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await receipts.open();
  await receipts.record({});
  // Recorded on the device at once, sent with the next sync: the deal is completed once the server has it.
  await expect(receipts.receipts().first()).not.toHaveAttribute('data-pending', 'true', { timeout: 30_000 });
  await expect(orders.detail()).toHaveAttribute('data-status', 'received', { timeout: 30_000 });

  // The contractor reviews the deal: it waits for the supplier's review, out of public view.
  const deal = c.getByTestId('deal-review');
  await deal.getByTestId('review-deal').click();
  const form = c.getByTestId('review-form');
  await form.getByTestId('star-5').check({ force: true });
  await form.getByTestId('review-text').fill('التزام بالموعد وجودة ممتازة');
  await checkPage(c, 'ar', 'trust-review-dialog');
  await form.getByTestId('review-submit').click();
  await expect(deal.getByTestId('review-waiting')).toBeVisible({ timeout: 30_000 });
  await checkPage(c, 'ar', 'trust-review-waiting');
  const published = async () =>
    (await ok<Array<{ purchase_order_id: string | null; rating: number; comment: string | null }>>(c, 'GET', `/api/reviews?company_id=${steadyId}`)).filter((r) => r.purchase_order_id === poId);
  expect(await published()).toEqual([]);

  // The supplier reviews the contractor: both reviews of the deal are published.
  await ok(steady.page, 'POST', '/api/reviews', { id: crypto.randomUUID(), purchase_order_id: poId, rating: 4, comment: 'دفع في الموعد' });
  await expect.poll(published, { timeout: 15_000 }).toEqual([expect.objectContaining({ rating: 5, comment: 'التزام بالموعد وجودة ممتازة' })]);
  // As the app's links open a supplier's page: its name in the address.
  await c.goto(`/companies/${steadyId}?${new URLSearchParams({ name: 'شركة الرمال لمواد البناء' })}`);
  await expect(c.getByTestId('company-reviews').locator('h1')).toContainText('شركة الرمال لمواد البناء');
  const review = c.getByTestId('company-reviews').getByTestId('review-card').filter({ hasText: 'التزام بالموعد وجودة ممتازة' });
  await expect(review).toBeVisible();
  await expect(review).toContainText('مؤسسة الأفق للمقاولات');
  await checkPage(c, 'ar', 'trust-company-page');
});
