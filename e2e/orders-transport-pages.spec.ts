/**
 * The instant order and transport screens in Chinese at phone size, with data in
 * them (an order with an offer, a request with a quote, a job), their forms and their
 * validation messages: no serious or critical axe violation, and a full-page screenshot
 * in test-results/screenshots/ for a person to look at (mirroring, overlaps, text).
 */
import { expect, test } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { InstantOrdersPage } from './page-models/InstantOrdersPage';
import { TransportPage } from './page-models/TransportPage';
import { newUser, reloadUntil, type Lang } from './page-models/Users';

const DATA: Record<Lang, { contractor: string; supplier: string; company: string; title: string; description: string; unit: string; location: string; pickup: string; delivery: string; cargo: string }> = {
  ar: {
    contractor: 'مؤسسة البناء الحديث',
    supplier: 'مصنع الجزيرة للطوب',
    company: 'ناقلات الخليج',
    title: 'طوب أحمر مفرغ',
    description: 'طوب أحمر مقاس ٢٠ سم لجدران الفلل',
    unit: 'ألف حبة',
    location: 'جدة، حي الشاطئ',
    pickup: 'الجبيل الصناعية',
    delivery: 'جدة، حي الشاطئ',
    cargo: 'أكياس أسمنت بورتلاندي',
  },
  en: {
    contractor: 'Modern Build Est.',
    supplier: 'Jazeera Bricks',
    company: 'Gulf Haulers',
    title: 'Hollow red bricks',
    description: '20 cm red bricks for villa walls',
    unit: 'thousand',
    location: 'Jeddah, Al Shati',
    pickup: 'Jubail Industrial City',
    delivery: 'Jeddah, Al Shati',
    cargo: 'Portland cement bags',
  },
  zh: {
    contractor: '现代建筑公司',
    supplier: '半岛砖厂',
    company: '海湾运输',
    title: '空心红砖',
    description: '用于别墅墙体的20厘米红砖',
    unit: '千块',
    location: '吉达 沙提区',
    pickup: '朱拜勒工业城',
    delivery: '吉达 沙提区',
    cargo: '硅酸盐水泥袋',
  },
};

const check = checkPage;

// Arabic and English: the same screens are checked inside the flows they belong to
// (instant-orders.spec.ts, transport.spec.ts); this tour is for the Chinese ones.
for (const lang of ['zh'] as Lang[]) {
  test(`instant order and transport screens in ${lang}`, async ({ browser }, testInfo) => {
    // Three people, and every screen of theirs checked by axe: 2.3 to 3 minutes on a slow machine.
    test.setTimeout(360_000);
    const d = DATA[lang];
    const stamp = Date.now().toString(36);
    const title = `${d.title} ${stamp}`;
    const cargo = `${d.cargo} ${stamp}`;
    const contractor = await newUser(browser, testInfo, 'contractor', lang, d.contractor);
    const supplier = await newUser(browser, testInfo, 'supplier', lang, d.supplier);
    const company = await newUser(browser, testInfo, 'transport', lang, d.company);

    // Contractor: an empty list, the form with its messages, then an order.
    const co = new InstantOrdersPage(contractor.page);
    await co.goto();
    await expect(contractor.page.getByTestId('orders-empty')).toBeVisible();
    await check(contractor.page, lang, 'orders-contractor-empty');
    await contractor.page.getByTestId('new-order').click();
    await contractor.page.getByTestId('order-form').locator('[name="quantity"]').fill('0.05');
    await contractor.page.getByTestId('order-submit').click();
    await expect(contractor.page.getByTestId('order-form').locator('[name="title"]')).toHaveAttribute('aria-invalid', 'true');
    await check(contractor.page, lang, 'orders-create-errors');
    await contractor.page.getByTestId('order-form').getByRole('button').last().click();
    await co.create({ title, description: d.description, quantity: '25', unit: d.unit, location: d.location, urgency: 'high', budgetMin: '18000', budgetMax: '22500' });
    await expect(co.order(title)).toBeVisible();

    // Contractor as a requester: the form, then a request.
    const ct = new TransportPage(contractor.page);
    await ct.goto();
    await contractor.page.getByTestId('new-request').click();
    await contractor.page.getByTestId('request-submit').click();
    await check(contractor.page, lang, 'transport-create-errors');
    await contractor.page.getByTestId('request-form').getByRole('button').last().click();
    await ct.create({ pickup: d.pickup, delivery: d.delivery, cargo, weight: '24000', volume: '18', vehicle: 'trailer', budget: '3200' });
    await expect(ct.request(cargo)).toBeVisible();

    // Supplier: open orders, the offer form, then "my offers".
    const so = new InstantOrdersPage(supplier.page);
    await so.goto();
    await reloadUntil(supplier.page, () => expect(so.order(title)).toBeVisible({ timeout: 3_000 }));
    await check(supplier.page, lang, 'orders-supplier-open');
    await so.order(title).getByTestId('send-offer').click();
    await expect(supplier.page.getByTestId('offer-form')).toBeVisible();
    await check(supplier.page, lang, 'orders-offer-form');
    await supplier.page.getByTestId('offer-form').getByRole('button').last().click();
    await so.offer(title, '19750', '48', lang === 'ar' ? 'يشمل التحميل والتنزيل' : lang === 'zh' ? '含装卸' : 'Loading and unloading included');
    await so.tab('mine');
    await expect(so.order(title).getByTestId('offer-row')).toBeVisible();
    await check(supplier.page, lang, 'orders-supplier-mine');

    // Transport company: open requests, the quote form, then "my quotes".
    const tp = new TransportPage(company.page);
    await tp.goto();
    await reloadUntil(company.page, () => expect(tp.request(cargo)).toBeVisible({ timeout: 3_000 }));
    await check(company.page, lang, 'transport-company-open');
    await tp.request(cargo).getByTestId('send-quote').click();
    await check(company.page, lang, 'transport-quote-form');
    await company.page.getByTestId('quote-form').getByRole('button').last().click();
    await tp.quote(cargo, '2950', lang === 'ar' ? 'تريلا ١٢ متر' : lang === 'zh' ? '12米挂车' : '12 m trailer');
    await tp.tab('quotes');
    await expect(tp.request(cargo).getByTestId('quote-row')).toBeVisible();
    await check(company.page, lang, 'transport-company-quotes');

    // Contractor: the offer and the quote received.
    await co.goto();
    await reloadUntil(contractor.page, () => expect(co.order(title).getByTestId('offer-row')).toBeVisible({ timeout: 3_000 }));
    await check(contractor.page, lang, 'orders-contractor');
    await ct.goto();
    await reloadUntil(contractor.page, () => expect(ct.request(cargo).getByTestId('quote-row')).toBeVisible({ timeout: 3_000 }));
    await check(contractor.page, lang, 'transport-requester');
    await ct.acceptQuote(cargo, d.company);
    await expect(ct.status(ct.request(cargo))).toHaveAttribute('data-status', 'assigned');

    // Transport company: the job.
    await reloadUntil(company.page, async () => {
      await tp.tab('jobs');
      await expect(tp.request(cargo).getByTestId('start-transit')).toBeVisible({ timeout: 3_000 });
    });
    await check(company.page, lang, 'transport-company-jobs');

    for (const u of [contractor, supplier, company]) await u.context.close();
  });
}
