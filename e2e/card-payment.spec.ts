/**
 * The rest of a partly paid invoice by card, in Arabic at phone width: a transfer of 300 is
 * recorded and confirmed (by request; its screens are payments.spec's), the contractor
 * sees the invoice partially paid, pays by card on the development gateway's page (the
 * issuer's insufficient-funds card first: back with the gateway's message and nothing
 * changed; then Moyasar's Visa success card), comes back to the invoice paid, and the
 * statement shows the invoice and both payments down to nothing owed. Then 100.00 of the
 * card payment is refunded in the gateway's dashboard: the invoice owes it again, the
 * payment says so, and the statement shows the refund.
 */
import { expect, test } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { DevGateway, refundInDashboard } from './page-models/DevGateway';
import { clearedInvoice, figure } from './page-models/Invoicing';
import { pageApi } from './page-models/pageApi';
import { newUser, reloadUntil } from './page-models/Users';

test('a contractor pays the rest of a partly paid invoice by card on the development gateway, and the statement matches', async ({ browser }, testInfo) => {
  const [contractor, supplier] = await Promise.all([
    newUser(browser, testInfo, 'contractor', 'ar', 'مؤسسة الأفق للمقاولات'),
    newUser(browser, testInfo, 'supplier', 'en', 'Horizon Building Supplies'),
  ]);
  // 851.00 with VAT; 300 transferred and confirmed.
  const invoice = await clearedInvoice(contractor.page, supplier.page, { iban: 'SA0380000000608010167519' });
  const c = contractor.page;
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const transfer = { id: crypto.randomUUID(), amount: 300, paid_on: today, reference: 'RJHI-7781' };
  expect((await pageApi(c, 'POST', `/api/invoices/${invoice.id}/payments`, transfer)).status).toBe(201);
  expect((await pageApi(supplier.page, 'POST', `/api/payments/${transfer.id}/confirm`, {})).status).toBe(200);

  await c.goto(`/invoices/${invoice.id}`);
  const payments = c.getByTestId('invoice-payments');
  await reloadUntil(c, () => expect(payments).toHaveAttribute('data-payment-status', 'partially_paid', { timeout: 3_000 }));
  await expect(c.getByTestId('payment-balance')).toContainText(figure('551'));

  // A declined card: back on the invoice with the gateway's reason in Arabic, nothing changed.
  await c.getByTestId('pay-by-card').click();
  await new DevGateway(c).pay('4201320000311101');
  await c.waitForURL(/\/invoices\/.*card=failed/);
  await expect(c.getByTestId('card-result')).toHaveAttribute('data-result', 'failed');
  await expect(c.getByTestId('card-result')).toContainText('الرصيد في البطاقة غير كافٍ');
  await expect(c.getByTestId('card-result')).not.toContainText('INSUFFICIENT');
  await expect(payments).toHaveAttribute('data-payment-status', 'partially_paid');
  await checkPage(c, 'ar', 'invoice after a declined card');

  // The success card: paid.
  await c.getByTestId('pay-by-card').click();
  await new DevGateway(c).pay('4111111111111111');
  await c.waitForURL(/\/invoices\/.*card=paid/);
  await expect(c.getByTestId('card-result')).toHaveAttribute('data-result', 'paid');
  await reloadUntil(c, () => expect(payments).toHaveAttribute('data-payment-status', 'paid', { timeout: 3_000 }));
  await expect(c.getByTestId('payment-balance')).toContainText(figure('0'));
  await expect(c.getByTestId('payment')).toHaveCount(2);
  await expect(c.getByTestId('pay-by-card')).toHaveCount(0);
  // Paid says so, with the day, instead of a transfer button that can no longer be used.
  await expect(c.getByTestId('payment-paid-in-full')).toBeVisible();
  await expect(c.getByTestId('payment-record-open')).toHaveCount(0);
  await c.screenshot({ path: '/tmp/shots/invoice-paid.png', fullPage: true });
  await checkPage(c, 'ar', 'invoice paid by card');

  // The statement: the invoice, the transfer and the card payment, nothing owed.
  await c.goto('/statements');
  await expect(c.getByTestId('statement-entry')).toHaveCount(3);
  await expect(c.getByTestId('statement-entry').nth(2)).toHaveAttribute('data-kind', 'payment');
  await expect(c.getByTestId('statement-balance')).toContainText(figure('0'));

  // 100.00 refunded to the card in the gateway's dashboard: its event reaches the server.
  await refundInDashboard(testInfo.project.use.baseURL!, invoice.id, 10_000);
  await c.goto(`/invoices/${invoice.id}`);
  await reloadUntil(c, () => expect(payments).toHaveAttribute('data-payment-status', 'partially_paid', { timeout: 3_000 }));
  await expect(c.getByTestId('payment-balance')).toContainText(figure('100'));
  await expect(c.getByTestId('payment-refunded')).toContainText(figure('100'));
  await checkPage(c, 'ar', 'invoice with a card refund');
  await c.goto('/statements');
  await expect(c.getByTestId('statement-entry')).toHaveCount(4);
  await expect(c.getByTestId('statement-entry').nth(3)).toHaveAttribute('data-kind', 'refund');
  await expect(c.getByTestId('statement-balance')).toContainText(figure('100'));

  await contractor.context.close();
  await supplier.context.close();
});
