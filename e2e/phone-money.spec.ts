/**
 * The money of a deal on the screens that state it: the account statement, the tax
 * invoice, the purchase order and the RFQ comparison. At a phone's 390 px in Arabic and at
 * a desk's 1280 px in Arabic, English and Chinese, every amount (each marked data-money)
 * lies within the screen's width, not merely within the page (a figure in a table that
 * scrolls sideways is off screen, with no hint that it is there), the totals are shown,
 * a heading does not overlap the line under it nor a label its amount, and the IBAN and
 * the VAT numbers are each on one line. One contractor's device, its viewport and
 * language switched between rounds; the deal is made by request (page-models/Invoicing.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { clearedInvoice, figure } from './page-models/Invoicing';
import { pageApi } from './page-models/pageApi';
import { newUser, reloadUntil, type Lang } from './page-models/Users';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };
const IBAN = 'SA0380000000608010167519';

async function ok<T = any>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await pageApi<T>(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/**
 * What the page shows wrongly, as sentences: an amount outside the screen's width or cut
 * by a scrolling box around it, an amount overlapped by its label, a heading overlapped by
 * what follows it. Measured in the page, all at once.
 */
function misplaced(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const text = (el: Element) => (el.textContent ?? '').trim().slice(0, 60);
    const overlap = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const shown = (el: Element) => el.checkVisibility() && el.getBoundingClientRect().width > 0;
    const figures = [...document.querySelectorAll('main [data-money]')].filter(shown);
    if (!figures.length) problems.push('no amount on the screen');
    for (const el of figures) {
      const box = el.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5) problems.push(`"${text(el)}" lies at ${Math.round(box.left)}..${Math.round(box.right)}, outside 0..${width}`);
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const clip = up.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) problems.push(`"${text(el)}" is cut by a box at ${Math.round(clip.left)}..${Math.round(clip.right)}`);
      }
      const label = el.previousElementSibling;
      if (label && shown(label) && overlap(label.getBoundingClientRect(), box)) problems.push(`"${text(el)}" overlaps its label "${text(label)}"`);
    }
    for (const heading of document.querySelectorAll('main h1, main h2, main h3')) {
      if (!shown(heading)) continue;
      let next = heading.nextElementSibling ?? heading.parentElement?.nextElementSibling ?? null;
      while (next && !shown(next)) next = next.nextElementSibling;
      if (next && overlap(heading.getBoundingClientRect(), next.getBoundingClientRect())) problems.push(`heading "${text(heading)}" overlaps "${text(next)}"`);
    }
    return problems;
  });
}

/** `testId` shown and within the screen's width; `oneLine`: not broken across lines either (its height one line's). */
async function expectWholeOnScreen(page: Page, testId: string, width: number, oneLine = false) {
  const el = page.getByTestId(testId).first();
  await expect(el).toBeVisible();
  await el.scrollIntoViewIfNeeded();
  const box = (await el.boundingBox())!;
  expect(box.x, `${testId} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${testId} ends on screen`).toBeLessThanOrEqual(width + 0.5);
  if (!oneLine) return;
  const lineHeight = await el.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.6);
  expect(box.height, `${testId} is on one line`).toBeLessThan(lineHeight * 1.5);
}

test('every amount of the statement, the invoice, the order and the comparison is on screen at phone and desk widths', async ({ browser }, testInfo) => {
  const [contractor, supplier] = await Promise.all([
    newUser(browser, testInfo, 'contractor', 'ar', 'مؤسسة الأفق للمقاولات'),
    newUser(browser, testInfo, 'supplier', 'en', 'Horizon Building Supplies'),
  ]);
  // 40 × 18.50 = 740.00, VAT 111.00: 851.00; 300.00 paid and confirmed, 551.00 left.
  const invoice = await clearedInvoice(contractor.page, supplier.page, { iban: IBAN, invoice: { payment_terms_days: 15 } });
  const c = contractor.page;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
  const payment = await ok<{ id: string }>(c, 'POST', `/api/invoices/${invoice.id}/payments`, { id: crypto.randomUUID(), amount: 300, paid_on: today, reference: 'RJHI-7781' });
  await ok(supplier.page, 'POST', `/api/payments/${payment.id}/confirm`, {});
  const order = await ok<{ id: string; rfq_id: string }>(c, 'GET', `/api/purchase-orders/${(invoice as { purchase_order_id?: string }).purchase_order_id}`);
  await supplier.context.close();

  const screens = [
    { name: 'statement', path: '/statements', ready: () => expect(c.getByTestId('statement-entry')).toHaveCount(2, { timeout: 3_000 }), totals: ['statement-balance'] },
    {
      name: 'invoice',
      path: `/invoices/${invoice.id}`,
      ready: () => expect(c.getByTestId('invoice-payments')).toHaveAttribute('data-payment-status', 'partially_paid', { timeout: 3_000 }),
      totals: ['invoice-subtotal', 'invoice-vat', 'invoice-total', 'invoice-line-total', 'payment-balance'],
      whole: ['payment-iban', 'invoice-seller-vat', 'invoice-buyer-vat'],
    },
    { name: 'order', path: `/purchase-orders/${order.id}`, ready: () => expect(c.getByTestId('po-grand-total')).toContainText(figure('851'), { timeout: 3_000 }), totals: ['po-subtotal', 'po-vat', 'po-grand-total'] },
    { name: 'comparison', path: `/rfqs/${order.rfq_id}`, ready: () => expect(c.getByTestId('quote-total').first()).toContainText(figure('851'), { timeout: 3_000 }), totals: ['quote-total'] },
  ];

  const round = async (lang: Lang, size: { width: number; height: number }) => {
    await c.setViewportSize(size);
    for (const screen of screens) {
      await c.goto(screen.path);
      // The device's copy may be a sync behind the server's writes: reloaded until it is not.
      await screen.ready().catch(() => reloadUntil(c, screen.ready));
      await expect(c.locator('html')).toHaveAttribute('lang', lang);
      const label = `${lang} ${size.width} px ${screen.name}`;
      // At the top of the page, before any scrolling: the statement's closing balance is in its first screen.
      if (screen.name === 'statement') {
        const box = (await c.getByTestId('statement-balance').boundingBox())!;
        expect(box.y + box.height, `${label}: closing balance in the first screen`).toBeLessThanOrEqual(size.height);
      }
      expect(await misplaced(c), label).toEqual([]);
      for (const id of screen.totals) await expectWholeOnScreen(c, id, size.width);
      for (const id of screen.whole ?? []) await expectWholeOnScreen(c, id, size.width, true);
      // Back at the top for the full-page picture: scrolled, the sticky bar is drawn over the middle of it.
      await c.evaluate(() => window.scrollTo(0, 0));
      if (size === PHONE) await checkPage(c, lang, `phone-money-${screen.name}`);
      else await c.screenshot({ path: testInfo.outputPath(`${lang}-desk-${screen.name}.png`), fullPage: true });
    }
  };

  await round('ar', PHONE);
  await round('ar', DESK);
  for (const lang of ['en', 'zh'] as const) {
    await c.getByTestId('language-switcher').first().selectOption(lang);
    await expect(c.locator('html')).toHaveAttribute('lang', lang);
    await round(lang, DESK);
  }
  await contractor.context.close();
});
