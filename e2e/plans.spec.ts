/**
 * Plans are paid for, in Arabic: a company pays its plan on the development
 * gateway with the approved test card and the plan shows active, its tax invoice from the
 * platform (onboarded by request first) linked from the pricing page; another try with the
 * declined card leaves the plan unchanged with a clear message; cancelled within the
 * refund window, it is refunded and free again. Checked on the server too.
 */
import { expect, test, type Page } from '@playwright/test';
import { DevGateway, TEST_CARDS } from './page-models/DevGateway';
import { figure } from './page-models/Invoicing';
import { onboardPlatform } from './page-models/Platform';
import { PricingPage } from './page-models/ScreensPages';
import { signUpAs } from './page-models/Session';

const my = async (page: Page) => (await page.request.get('/api/subscription/my')).json();

test('a company pays its plan by card: approved, the plan is active with its tax invoice; declined, it is unchanged with a clear message; cancelled at once, refunded (ar)', async ({ page, browser }, testInfo) => {
  test.slow(); // two trips to the gateway, each waiting for the plan to sync
  await onboardPlatform(browser, testInfo.project.use.baseURL);
  await signUpAs(page, 'supplier', 'مؤسسة الباقات المدفوعة');
  const pricing = new PricingPage(page);
  const gateway = new DevGateway(page);
  await pricing.goto();
  await expect(page.getByTestId('pricing-terms')).toContainText('١٥');
  await expect(page.getByTestId('current-plan')).toContainText('المجانية');

  await pricing.subscribe('basic');
  await gateway.pay(TEST_CARDS.approved);
  await expect(page).toHaveURL(/\/pricing\?card=paid$/);
  const result = page.getByTestId('payment-result');
  await expect(result).toHaveAttribute('data-result', 'paid', { timeout: 30_000 });
  await expect(result).toContainText('تم الدفع');
  await expect(result).toContainText('الأساسية');
  await expect(pricing.plan('basic').getByTestId('current-badge')).toBeVisible();
  await expect(page.getByTestId('current-plan')).toContainText('الأساسية');
  expect(await my(page)).toMatchObject({ subscription_plan: 'basic', billing_cycle: 'monthly', status: 'active' });

  // The platform's tax invoice for the payment, linked once synced: the platform sells, the price paid is its total.
  const invoiceLink = page.getByTestId('plan-invoice-link');
  await expect(invoiceLink).toBeVisible({ timeout: 30_000 });
  await invoiceLink.click();
  await expect(page.getByTestId('invoice-seller')).toContainText('شركة سوق بناء لتقنية المعلومات');
  await expect(page.getByTestId('invoice-buyer')).toContainText('مؤسسة الباقات المدفوعة');
  await expect(page.getByTestId('invoice-subject')).toContainText('الأساسية / Basic');
  await expect(page.getByTestId('invoice-total')).toContainText(figure('99.00'));
  // In the invoice list the plan is named in Arabic, and beside the number (which counts
  // from 000001 like the company's own invoices) it says the platform issued it.
  await page.goto('/invoices');
  const card = page.getByTestId('invoice-card').first();
  // (the name is an isolate inside the sentence: U+2068 … U+2069)
  await expect(card.getByTestId('invoice-card-issuer')).toHaveText(/^من المنصة، \u2068?سوق بناء\u2069?$/);
  await expect(card.getByTestId('invoice-card-plan')).toHaveText('الأساسية');
  await page.screenshot({ path: '/tmp/shots/plan-invoice-list.png' });
  await pricing.goto();
  await expect(invoiceLink).toBeVisible();

  // Switching plans says what becomes of the running one.
  await pricing.plan('premium').getByTestId('subscribe').click();
  await expect(page.getByTestId('switch-note')).toContainText('الأساسية');
  await page.getByTestId('confirm-subscribe').click();
  await gateway.pay(TEST_CARDS.declined);
  await expect(page).toHaveURL(/\/pricing\?card=failed/);
  await expect(result).toHaveAttribute('data-result', 'failed');
  await expect(result).toContainText('لم يتم الدفع');
  await expect(result).toContainText('باقتك لم تتغير');
  // The gateway's DECLINED, in the reader's language (payments card.reason.declined), not in its English.
  await expect(page).toHaveURL(/reason=declined/);
  await expect(result).toContainText('رفض البنك المُصدر للبطاقة العملية');
  await expect(result).not.toContainText('DECLINED');
  await expect(pricing.plan('basic').getByTestId('current-badge')).toBeVisible();
  await expect(pricing.plan('premium').getByTestId('current-badge')).toHaveCount(0);
  expect(await my(page)).toMatchObject({ subscription_plan: 'basic' });

  // Cancelled within the refund window: the payment goes back to the card and the plan is free again.
  await page.getByTestId('cancel-plan').click();
  await expect(page.getByTestId('cancel-body')).toContainText('يعود');
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('pricing-notice')).toContainText('ألغيت الاشتراك');
  await expect(page.getByTestId('current-plan')).toContainText('المجانية');
  await expect(page.getByTestId('cancel-plan')).toHaveCount(0);
  expect(await my(page)).toMatchObject({ subscription_plan: 'free' });
});
