/**
 * A bank transfer against a tax invoice, two people at phone width: the contractor
 * (Arabic) records a partial transfer with a photo of its receipt with no signal (shown at
 * once, waiting to send, sent when the signal is back), the supplier (English) sees the
 * receipt and confirms it with no signal either (queued, sent once back), the invoice reads
 * partially paid on both devices, and the contractor's statement with the supplier shows
 * the invoice and the payment with the running balance, exported as XLSX. The invoice is
 * made by request (page-models/Invoicing.ts).
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { checkPage } from './page-models/checkPage';
import { clearedInvoice, figure } from './page-models/Invoicing';
import { goOffline, goOnline, newUser, reloadUntil, waitForServiceWorker } from './page-models/Users';

/** A small camera-like JPEG of a bank's receipt. */
const receiptPhoto = async () => ({
  name: 'receipt.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 320, height: 480, channels: 3, background: { r: 240, g: 240, b: 235 } } }).jpeg({ quality: 80 }).toBuffer(),
});

test('a contractor records a partial transfer offline, the supplier confirms it, and the statement shows the running balance', async ({ browser }, testInfo) => {
  const [contractor, supplier] = await Promise.all([
    newUser(browser, testInfo, 'contractor', 'ar', 'مؤسسة الأفق للمقاولات'),
    newUser(browser, testInfo, 'supplier', 'en', 'Horizon Building Supplies'),
  ]);
  // 40 × 18.50 = 740.00, VAT 111.00: 851.00, due in 15 days.
  const invoice = await clearedInvoice(contractor.page, supplier.page, { iban: 'SA0380000000608010167519', invoice: { payment_terms_days: 15 } });

  // The contractor opens the invoice: unpaid, the supplier's IBAN to pay into.
  const c = contractor.page;
  await c.goto(`/invoices/${invoice.id}`);
  const payments = c.getByTestId('invoice-payments');
  await reloadUntil(c, () => expect(payments).toHaveAttribute('data-payment-status', 'unpaid', { timeout: 3_000 }));
  await expect(c.getByTestId('payment-iban')).toContainText('SA0380000000608010167519');
  await expect(c.getByTestId('payment-balance')).toContainText(figure('851'));

  // No signal on the site: the transfer of 300 is recorded on the device and waits.
  await waitForServiceWorker(c);
  await goOffline(contractor.context);
  await c.getByTestId('payment-record-open').click();
  await c.getByTestId('payment-amount').fill('٣٠٠');
  await c.getByTestId('payment-reference').fill('RJHI-7781');
  await c.getByTestId('payment-receipt-input').setInputFiles(await receiptPhoto());
  await c.getByTestId('payment-record-submit').click();
  await expect(c.getByTestId('payment')).toHaveAttribute('data-status', 'recorded');
  await expect(c.getByTestId('payment-receipt-waiting')).toBeVisible();
  await expect(payments.getByTestId('pending-badge')).toBeVisible();
  await expect(payments).toHaveAttribute('data-payment-status', 'unpaid');
  await goOnline(contractor.context);
  await expect(payments.getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
  await checkPage(c, 'ar', 'invoice payments (buyer)');

  // The supplier sees it waiting with the photo of its receipt, and confirms it on a site with no signal.
  const s = supplier.page;
  await s.goto(`/invoices/${invoice.id}`);
  await reloadUntil(s, () => expect(s.getByTestId('payment-receipt')).toBeVisible({ timeout: 3_000 }));
  await expect.poll(() => s.getByTestId('payment-receipt').locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await waitForServiceWorker(s);
  await goOffline(supplier.context);
  await s.getByTestId('payment-confirm').click();
  await expect(s.getByTestId('payment')).toHaveAttribute('data-status', 'confirmed');
  await expect(s.getByTestId('invoice-payments').getByTestId('pending-badge')).toBeVisible();
  await goOnline(supplier.context);
  await expect(s.getByTestId('invoice-payments').getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
  await expect(s.getByTestId('invoice-payments')).toHaveAttribute('data-payment-status', 'partially_paid', { timeout: 30_000 });
  await expect(s.getByTestId('payment-balance')).toContainText(figure('551'));
  await checkPage(s, 'en', 'invoice payments (seller)');

  // The contractor's device: partially paid, and the statement with the supplier.
  await reloadUntil(c, () => expect(payments).toHaveAttribute('data-payment-status', 'partially_paid', { timeout: 3_000 }));
  await c.goto('/statements');
  await expect(c.getByTestId('statement-entry')).toHaveCount(2);
  await expect(c.getByTestId('statement-entry').nth(0)).toHaveAttribute('data-kind', 'invoice');
  await expect(c.getByTestId('statement-entry').nth(1)).toHaveAttribute('data-kind', 'payment');
  await expect(c.getByTestId('statement-running').nth(0)).toContainText(figure('851'));
  await expect(c.getByTestId('statement-balance')).toContainText(figure('551'));
  const [download] = await Promise.all([c.waitForEvent('download'), c.getByTestId('statement-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  await checkPage(c, 'ar', 'statements');

  await contractor.context.close();
  await supplier.context.close();
});
