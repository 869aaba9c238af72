/**
 * A tax invoice from a purchase order, two people at phone width: the supplier (English)
 * accepts the order and issues the ZATCA invoice payable within 15 days, after a question naming its amount
 * and buyer (signed on the server, cleared by the development ZATCA), then a credit note for part of it, asked the same way; the contractor (Arabic) opens the
 * invoice on their device (bilingual heading, QR drawn from its TLV), downloads its PDF,
 * and opens it again offline. The tax profiles, onboarding and order are made by request:
 * their screens are company.spec.ts's and rfqs.spec.ts's.
 */
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { pageApi } from './page-models/pageApi';
import { PurchaseOrdersPage } from './page-models/PurchaseOrdersPage';
import { taxNumbers } from './page-models/Invoicing';
import { goOffline, goOnline, newUser, reloadUntil, waitForServiceWorker } from './page-models/Users';

const CEMENT_CATEGORY = 'ca7e0000-0000-4000-8000-000000000001';

const taxProfile = (legal_name: string) => ({
  legal_name,
  ...taxNumbers(),
  address: { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345', additional_number: '5678' },
});

/** A JSON call from the page that must succeed; its body. */
async function ok<T = any>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await pageApi<T>(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

test('a supplier invoices an accepted order and credits part of it; the contractor opens the invoice, downloads its PDF and reads it offline', async ({ browser }, testInfo) => {
  const [contractor, supplier] = await Promise.all([
    newUser(browser, testInfo, 'contractor', 'ar', 'مؤسسة الأفق للمقاولات'),
    newUser(browser, testInfo, 'supplier', 'en', 'Horizon Building Supplies'),
  ]);
  await ok(supplier.page, 'PUT', '/api/company/tax-profile', taxProfile('مؤسسة الأفق لمواد البناء'));
  await ok(contractor.page, 'PUT', '/api/company/tax-profile', taxProfile('مؤسسة الأفق للمقاولات'));
  expect((await ok(supplier.page, 'POST', '/api/e-invoicing/onboard', { otp: '123456' })).status).toBe('ready');

  // An order of 40 bags at 18.50 from an RFQ sent to this supplier alone.
  const me = await ok<{ id: string }>(supplier.page, 'GET', '/api/users/me');
  const line = crypto.randomUUID();
  const rfq = await ok(contractor.page, 'POST', '/api/rfqs', {
    id: crypto.randomUUID(), title: 'أسمنت الدور الأول', location: 'الرياض، حي الملقا', closes_at: new Date(Date.now() + 86_400_000).toISOString(),
    audience: 'invited', supplier_ids: [me.id], lines: [{ id: line, description: 'أسمنت بورتلاندي عادي', quantity: 40, unit: 'كيس', category_id: CEMENT_CATEGORY }],
  });
  const quote = await ok(supplier.page, 'POST', `/api/rfqs/${rfq.id}/quotes`, { id: crypto.randomUUID(), delivery_days: 3, valid_until: '2027-01-31', lines: [{ rfq_line_id: line, unit_price: 18.5 }] });
  const [po] = await ok(contractor.page, 'POST', `/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line, quote_id: quote.id }] });

  // The supplier accepts the order on their device and issues its tax invoice.
  const orders = new PurchaseOrdersPage(supplier.page);
  await reloadUntil(supplier.page, async () => orders.openById(po.id));
  // A link made before orders had their own path (a notification stored on a device) still opens it, at its path.
  await supplier.page.goto(`/purchase-orders?item=${po.id}`);
  await expect(supplier.page).toHaveURL(new RegExp(`/purchase-orders/${po.id}$`));
  await expect(orders.detail()).toBeVisible();
  await orders.act('accept');
  await expect(supplier.page.getByTestId('po-issue-invoice')).toBeEnabled();
  await supplier.page.getByTestId('po-invoice-terms').selectOption('15');
  // A legal document is issued only once the seller has read what it says: the amount and the buyer.
  await supplier.page.getByTestId('po-issue-invoice').click();
  const question = supplier.page.getByRole('alertdialog');
  await expect(question).toContainText('851.00');
  await expect(question).toContainText('مؤسسة الأفق للمقاولات');
  await supplier.page.getByTestId('po-issue-invoice-confirm').click();
  const detail = supplier.page.getByTestId('invoice-detail');
  await expect(detail).toHaveAttribute('data-status', 'cleared', { timeout: 30_000 });
  const invoiceId = (await detail.getAttribute('data-invoice-id'))!;
  await expect(supplier.page.getByTestId('invoice-title')).toContainText('فاتورة ضريبية');
  await expect(supplier.page.getByTestId('invoice-title')).toContainText('Tax Invoice');
  // 40 × 18.50 = 740.00, VAT 111.00, total 851.00.
  await expect(supplier.page.getByTestId('invoice-total')).toContainText('851');
  await expect(supplier.page.getByTestId('invoice-qr')).toBeVisible();
  await expect(supplier.page.getByTestId('invoice-payments')).toContainText('Within 15 days');
  await checkPage(supplier.page, 'en', 'invoice (seller)');

  // A credit note for 4 damaged bags: 74.00 + 11.10.
  await supplier.page.getByTestId('credit-note-open').click();
  await supplier.page.getByTestId('credit-note-reason').fill('Four bags arrived torn');
  await supplier.page.getByTestId('credit-note-quantity').first().fill('4');
  await supplier.page.getByTestId('credit-note-submit').click();
  await expect(supplier.page.getByRole('alertdialog')).toContainText('85.10');
  await expect(supplier.page.getByRole('alertdialog')).toContainText('مؤسسة الأفق للمقاولات');
  await supplier.page.getByTestId('credit-note-confirm').click();
  await expect(supplier.page.getByTestId('invoice-document')).toHaveAttribute('data-kind', 'credit_note', { timeout: 30_000 });
  await expect(supplier.page.getByTestId('invoice-title')).toContainText('Credit Note');
  await expect(supplier.page.getByTestId('invoice-total')).toContainText('85.10');

  // The contractor's device receives both with the next sync and opens the invoice.
  const c = contractor.page;
  await c.goto('/invoices');
  await reloadUntil(c, () => expect(c.getByTestId('invoice-card')).toHaveCount(2, { timeout: 3_000 }));
  // Only the invoice is owed: its card says unpaid (in Arabic), the credit note's has no payment.
  await expect(c.getByTestId('payment-status')).toHaveCount(1);
  await expect(c.getByTestId('payment-status')).toHaveAttribute('data-status', 'unpaid');
  await expect(c.getByTestId('payment-status')).toHaveText('غير مدفوعة');
  await c.goto(`/invoices/${invoiceId}`);
  await expect(c.getByTestId('invoice-title')).toContainText('فاتورة ضريبية');
  await expect(c.getByTestId('invoice-qr')).toBeVisible();
  await expect(c.getByTestId('invoice-total')).toContainText('851');
  await expect(c.getByTestId('invoice-payments')).toContainText('خلال 15 يومًا');
  await checkPage(c, 'ar', 'invoice (buyer)');

  const [download] = await Promise.all([c.waitForEvent('download'), c.getByTestId('invoice-pdf').click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-000001\.pdf$/);
  const pdf = await download.createReadStream().then(
    (stream) =>
      new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      }),
  );
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // On the site with no signal: the same invoice, from the device.
  await waitForServiceWorker(c);
  await goOffline(contractor.context);
  await c.reload();
  await expect(c.getByTestId('invoice-title')).toContainText('فاتورة ضريبية');
  await expect(c.getByTestId('invoice-qr')).toBeVisible();
  await expect(c.getByTestId('invoice-total')).toContainText('851');
  await goOnline(contractor.context);

  await contractor.context.close();
  await supplier.context.close();
});
