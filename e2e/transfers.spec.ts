/**
 * One bank transfer across two invoices of a supplier, at phone width: the contractor
 * (Arabic) records it from the statement with the supplier on a site with no signal, all
 * of the first invoice and part of the second (the amounts prefilled with what is left,
 * the second changed); both invoices show it waiting at once, and it is sent when the
 * signal is back; the
 * supplier (English) confirms it once on the first invoice's page, and both invoices move:
 * the first paid, the second partially paid. The invoices are made by request
 * (page-models/Invoicing.ts).
 */
import { expect, test } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { clearedInvoice, figure } from './page-models/Invoicing';
import { holdingServerClock } from './page-models/ServerClock';
import { goOffline, goOnline, newUser, reloadUntil, waitForServiceWorker } from './page-models/Users';

test('a contractor pays two invoices with one transfer and the supplier confirms it as a whole', async ({ browser }, testInfo) => {
  // Dates of the invoices, the transfer and its confirmation are the server's: held at the real
  // day while this runs, so a test moving the server's clock waits (and this waits for it).
  await holdingServerClock(async () => {
    const [contractor, supplier] = await Promise.all([
      newUser(browser, testInfo, 'contractor', 'ar', 'مؤسسة الأفق للمقاولات'),
      newUser(browser, testInfo, 'supplier', 'en', 'Horizon Building Supplies'),
    ]);
    // Two invoices of 851.00 each.
    const first = await clearedInvoice(contractor.page, supplier.page);
    const second = await clearedInvoice(contractor.page, supplier.page, { another: true });

    const c = contractor.page;
    await c.goto('/statements');
    await reloadUntil(c, () => expect(c.getByTestId('transfer-open')).toBeVisible({ timeout: 3_000 }));
    await waitForServiceWorker(c);
    await goOffline(contractor.context);
    await c.getByTestId('transfer-open').click();
    const form = c.getByTestId('transfer-form');
    await expect(form.getByTestId('transfer-line')).toHaveCount(2);
    await expect(form.getByTestId('transfer-amount').nth(0)).toHaveValue('851');
    await form.locator(`[data-invoice-id="${second.id}"]`).getByTestId('transfer-amount').fill('٤٠٠');
    await form.getByTestId('transfer-reference').fill('RJHI-9001');
    await checkPage(c, 'ar', 'one transfer for several invoices');
    await c.getByTestId('transfer-submit').click();
    await expect(c.getByTestId('transfer-recorded')).toBeVisible();
    // Offline, each invoice already shows its part of the transfer waiting for the supplier.
    await c.goto(`/invoices/${second.id}`);
    await expect(c.getByTestId('payment')).toHaveAttribute('data-status', 'recorded');
    await expect(c.getByTestId('invoice-payments').getByTestId('pending-badge')).toBeVisible();
    await expect(c.getByTestId('invoice-payments')).toHaveAttribute('data-payment-status', 'unpaid');
    await goOnline(contractor.context);
    await expect(c.getByTestId('invoice-payments').getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });

    // The supplier confirms the transfer once, from the first invoice: both invoices move.
    const s = supplier.page;
    await s.goto(`/invoices/${first.id}`);
    await reloadUntil(s, () => expect(s.getByTestId('payment-confirm')).toBeVisible({ timeout: 3_000 }));
    await s.getByTestId('payment-confirm').click();
    await expect(s.getByTestId('invoice-payments')).toHaveAttribute('data-payment-status', 'paid', { timeout: 30_000 });
    await s.goto(`/invoices/${second.id}`);
    await reloadUntil(s, () => expect(s.getByTestId('invoice-payments')).toHaveAttribute('data-payment-status', 'partially_paid', { timeout: 3_000 }));
    await expect(s.getByTestId('payment-balance')).toContainText(figure('451'));
    await expect(s.getByTestId('payment-confirm')).toHaveCount(0);

    await contractor.context.close();
    await supplier.context.close();
  });
});
