/**
 * Instant orders across two people (issue 10): a contractor posts an order, a supplier
 * offers on it, the contractor accepts; the same with the supplier offline while offering
 * (queued, visible, sent once on reconnect); and an offer the server refuses because the
 * order was cancelled meanwhile, shown on the order with the reason in the reader's
 * language. Phone size, Arabic and English; the first flow checks each screen it passes
 * (the Chinese ones: orders-transport-pages.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { InstantOrdersPage } from './page-models/InstantOrdersPage';
import { expectAppliedOnce, expectSentOnce, storedResults } from './page-models/ServerWrites';
import { goOffline, goOnline, newUser, reloadUntil, waitForServiceWorker, type Lang } from './page-models/Users';

const TEXT = {
  ar: {
    contractor: 'مؤسسة الأساس للمقاولات',
    supplier: 'مصنع الرياض للخرسانة',
    title: 'خرسانة جاهزة',
    description: 'خرسانة مقاومة للكبريتات لصب القواعد',
    unit: 'م³',
    location: 'الرياض، حي النرجس',
    fulfilled: 'مكتمل',
    expired: 'منتهي',
    accepted: 'مقبول',
    waiting: 'بانتظار الإرسال',
    refused: 'هذا الطلب الفوري لم يعد نشطًا.',
  },
  en: {
    contractor: 'Foundation Contracting',
    supplier: 'Riyadh Concrete Factory',
    title: 'Ready-mix concrete',
    description: 'Sulphate-resistant concrete for footings',
    unit: 'm³',
    location: 'Riyadh, Al Narjis',
    fulfilled: 'Fulfilled',
    expired: 'Expired',
    accepted: 'Accepted',
    waiting: 'Waiting to send',
    refused: 'This instant order is no longer active.',
  },
} as const;

let serial = 0;
const uniqueTitle = (base: string) => `${base} ${Date.now().toString(36)}${(serial += 1)}`;

async function myOrder(page: Page, title: string) {
  const orders: Array<{ id: string; title: string; status: string }> = await (await page.request.get('/api/instant-orders/my')).json();
  return orders.find((o) => o.title === title);
}

/** The order as the server has it, once it has it (a queued write reaches it with the next sync). */
async function serverOrder(page: Page, title: string, status: string) {
  await expect.poll(async () => (await myOrder(page, title))?.status, { timeout: 20_000 }).toBe(status);
  return (await myOrder(page, title))!;
}

async function offersOn(page: Page, orderId: string) {
  const response = await page.request.get(`/api/instant-orders/${orderId}/responses`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Array<{ id: string; offered_price: number; status: string }>;
}

for (const lang of ['ar', 'en'] as Lang[]) {
  const text = TEXT[lang as 'ar' | 'en'];

  test.describe(`instant orders in ${lang}`, () => {
    test('a supplier offers on an order and the contractor accepts it', async ({ browser }, testInfo) => {
      const contractor = await newUser(browser, testInfo, 'contractor', lang, text.contractor);
      const supplier = await newUser(browser, testInfo, 'supplier', lang, text.supplier);
      const title = uniqueTitle(text.title);

      // Each screen of the flow, its forms and their messages, checked on the way
      // (checkPage: direction, nothing wider than the phone, no axe violation).
      const c = new InstantOrdersPage(contractor.page);
      await c.goto();
      await expect(contractor.page.getByTestId('orders-empty')).toBeVisible();
      await checkPage(contractor.page, lang, 'orders-contractor-empty');
      await contractor.page.getByTestId('new-order').click();
      await contractor.page.getByTestId('order-form').locator('[name="quantity"]').fill('0.05');
      await contractor.page.getByTestId('order-submit').click();
      await expect(contractor.page.getByTestId('order-form').locator('[name="title"]')).toHaveAttribute('aria-invalid', 'true');
      await checkPage(contractor.page, lang, 'orders-create-errors');
      await contractor.page.getByTestId('order-form').getByRole('button').last().click();
      await c.create({ title, description: text.description, quantity: '12.5', unit: text.unit, location: text.location, urgency: 'urgent', budgetMin: '3000', budgetMax: '4500' });
      await expect(c.status(c.order(title))).toHaveAttribute('data-status', 'active');
      // Sent: the waiting mark goes once the server has it.
      const order = await serverOrder(contractor.page, title, 'active');
      await expect(c.order(title).getByTestId('pending-badge')).toHaveCount(0, { timeout: 15_000 });

      const s = new InstantOrdersPage(supplier.page);
      await s.goto();
      await reloadUntil(supplier.page, () => expect(s.order(title)).toBeVisible({ timeout: 3_000 }));
      await expect(s.order(title).getByTestId('order-urgency')).toHaveAttribute('data-status', 'urgent');
      await checkPage(supplier.page, lang, 'orders-supplier-open');
      await s.order(title).getByTestId('send-offer').click();
      await expect(supplier.page.getByTestId('offer-form')).toBeVisible();
      await checkPage(supplier.page, lang, 'orders-offer-form');
      await supplier.page.getByTestId('offer-form').getByRole('button').last().click();
      await s.offer(title, '3850.75', '36', lang === 'ar' ? 'التوريد بمضخة' : 'Pump included');
      await expect(s.order(title).getByTestId('offer-row')).toBeVisible();
      await expect.poll(async () => (await offersOn(contractor.page, order.id)).length, { timeout: 20_000 }).toBe(1);
      await expect(s.order(title).getByTestId('pending-badge')).toHaveCount(0, { timeout: 15_000 });
      await s.tab('mine');
      await expect(s.order(title).getByTestId('offer-row')).toBeVisible();
      await checkPage(supplier.page, lang, 'orders-supplier-mine');

      await reloadUntil(contractor.page, () => expect(c.order(title).getByTestId('offer-row')).toBeVisible({ timeout: 3_000 }));
      await checkPage(contractor.page, lang, 'orders-contractor');
      await expect(c.order(title).getByTestId('offer-row')).toContainText(text.supplier);
      await c.acceptOffer(title, text.supplier);
      await expect(c.status(c.order(title))).toHaveText(text.fulfilled);
      await expect(c.order(title).getByTestId('cancel-order')).toHaveCount(0);
      await serverOrder(contractor.page, title, 'fulfilled');
      await expect(c.order(title).getByTestId('pending-badge')).toHaveCount(0, { timeout: 15_000 });

      await s.tab('mine');
      await reloadUntil(supplier.page, async () => {
        await s.tab('mine');
        await expect(s.order(title).getByTestId('offer-status')).toHaveText(text.accepted, { timeout: 3_000 });
      });
      await expect(s.order(title).getByTestId('send-offer')).toHaveCount(0);

      await contractor.context.close();
      await supplier.context.close();
    });

    test('a supplier offline offers, it waits visibly, and is applied once on reconnect', async ({ browser }, testInfo) => {
      const contractor = await newUser(browser, testInfo, 'contractor', lang, text.contractor);
      const supplier = await newUser(browser, testInfo, 'supplier', lang, text.supplier);
      const title = uniqueTitle(text.title);

      const c = new InstantOrdersPage(contractor.page);
      await c.goto();
      await c.create({ title, description: text.description, quantity: '3', unit: text.unit, location: text.location });
      const order = await serverOrder(contractor.page, title, 'active');

      const s = new InstantOrdersPage(supplier.page);
      await s.goto();
      await reloadUntil(supplier.page, () => expect(s.order(title)).toBeVisible({ timeout: 3_000 }));
      await waitForServiceWorker(supplier.page);
      const before = await storedResults(supplier.page);

      await goOffline(supplier.context);
      await s.offer(title, '990', '12');
      const card = s.order(title);
      await expect(card.getByTestId('offer-row')).toBeVisible();
      await expect(card.getByTestId('pending-badge').first()).toHaveText(text.waiting);
      await checkPage(supplier.page, lang, 'orders-supplier-waiting');
      // Nothing lost across a reload without a connection.
      await supplier.page.reload();
      await expect(s.order(title).getByTestId('pending-badge').first()).toBeVisible();
      expect(await offersOn(contractor.page, order.id)).toHaveLength(0);

      await goOnline(supplier.context);
      await expect(s.order(title).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
      await expect.poll(async () => (await offersOn(contractor.page, order.id)).length, { timeout: 20_000 }).toBe(1);
      const offers = await offersOn(contractor.page, order.id);
      expect(offers[0].offered_price).toBe(990);
      // One offer row whatever happens; sent once, applied once, the contractor told once.
      await expectSentOnce(supplier.page, before);
      await expectAppliedOnce(supplier.page, offers[0].id, ['order_response.new']);

      await reloadUntil(contractor.page, () => expect(c.order(title).getByTestId('offer-row')).toBeVisible({ timeout: 3_000 }));
      await c.acceptOffer(title, text.supplier);
      await serverOrder(contractor.page, title, 'fulfilled');
      await expect(c.order(title).getByTestId('pending-badge')).toHaveCount(0, { timeout: 15_000 });
      // Still exactly one offer, now accepted: the replays changed nothing.
      expect((await offersOn(contractor.page, order.id)).map((o) => o.status)).toEqual(['accepted']);

      await contractor.context.close();
      await supplier.context.close();
    });

    test('an offer made offline on an order cancelled meanwhile is refused with the reason', async ({ browser }, testInfo) => {
      const contractor = await newUser(browser, testInfo, 'contractor', lang, text.contractor);
      const supplier = await newUser(browser, testInfo, 'supplier', lang, text.supplier);
      const title = uniqueTitle(text.title);

      const c = new InstantOrdersPage(contractor.page);
      await c.goto();
      await c.create({ title, description: text.description, quantity: '1', unit: text.unit, location: text.location });
      await serverOrder(contractor.page, title, 'active');

      const s = new InstantOrdersPage(supplier.page);
      await s.goto();
      await reloadUntil(supplier.page, () => expect(s.order(title)).toBeVisible({ timeout: 3_000 }));
      await goOffline(supplier.context);
      await s.offer(title, '500', '4');
      await expect(s.order(title).getByTestId('pending-badge').first()).toBeVisible();

      await c.cancel(title);
      await expect(c.status(c.order(title))).toHaveAttribute('data-status', 'cancelled');
      await serverOrder(contractor.page, title, 'cancelled');

      await goOnline(supplier.context);
      await s.tab('mine');
      const refusal = s.order(title).getByTestId('item-rejection');
      await expect(refusal).toBeVisible({ timeout: 30_000 });
      await expect(refusal).toHaveAttribute('data-code', 'order_not_active');
      await expect(refusal).toContainText(text.refused);
      await expect(s.order(title).getByTestId('order-status')).toHaveAttribute('data-status', 'cancelled');
      await expect(s.order(title).getByTestId('send-offer')).toHaveCount(0);
      await checkPage(supplier.page, lang, 'orders-supplier-refused');

      await supplier.page.goto('/sync');
      await expect(supplier.page.getByTestId('rejection-reason')).toContainText(text.refused);

      await contractor.context.close();
      await supplier.context.close();
    });

    test('an order past its deadline shows as expired on the device before the server says so', async ({ browser }, testInfo) => {
      const contractor = await newUser(browser, testInfo, 'contractor', lang, text.contractor);
      const supplier = await newUser(browser, testInfo, 'supplier', lang, text.supplier);
      const title = uniqueTitle(text.title);

      const c = new InstantOrdersPage(contractor.page);
      await c.goto();
      // Two hours from now, as the form's datetime-local field takes it (the browser's time zone).
      const deadline = await contractor.page.evaluate(() => {
        const d = new Date(Date.now() + 2 * 60 * 60 * 1000);
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
      });
      await c.create({ title, description: text.description, quantity: '2', unit: text.unit, location: text.location, deadline });
      await serverOrder(contractor.page, title, 'active');

      const s = new InstantOrdersPage(supplier.page);
      await supplier.page.clock.install();
      await s.goto();
      await reloadUntil(supplier.page, () => expect(s.order(title)).toBeVisible({ timeout: 3_000 }));
      await s.offer(title, '1500', '6');
      await expect.poll(async () => (await offersOn(contractor.page, (await myOrder(contractor.page, title))!.id)).length, { timeout: 20_000 }).toBe(1);
      await s.tab('mine');
      await expect(s.status(s.order(title))).toHaveAttribute('data-status', 'active');
      await expect(s.order(title).getByTestId('send-offer')).toBeVisible();

      // Three hours later on this device: expired, no more offers, gone from the open orders.
      await supplier.page.clock.fastForward('03:00:00');
      await expect(s.status(s.order(title))).toHaveText(text.expired);
      await expect(s.order(title).getByTestId('send-offer')).toHaveCount(0);
      await s.tab('open');
      await expect(s.order(title)).toHaveCount(0);

      // The contractor's device, three hours later too: expired, nothing to accept or cancel.
      await contractor.page.clock.install();
      await c.goto();
      await reloadUntil(contractor.page, () => expect(c.order(title).getByTestId('offer-row')).toBeVisible({ timeout: 3_000 }));
      await contractor.page.clock.fastForward('03:00:00');
      await expect(c.status(c.order(title))).toHaveText(text.expired);
      await expect(c.order(title).getByTestId('accept-offer')).toHaveCount(0);
      await expect(c.order(title).getByTestId('cancel-order')).toHaveCount(0);

      await contractor.context.close();
      await supplier.context.close();
    });
  });
}
