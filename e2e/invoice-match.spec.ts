/**
 * The office side of a delivery, in Arabic at phone width: the contractor's site received
 * 120 of 200 bags, 10 of them torn (a goods receipt, made by request: its screens are
 * goods-receipts.spec.ts's); the supplier's invoice form offers the 110 accepted bags,
 * warns when more is typed (the buyer would see an exception) and issues the invoice for
 * what was received; the contractor sees it "matched" in the list, on the invoice line by
 * line and on the statement, which also shows the credit note the supplier issued by
 * accepting the site's dispute of 5 torn bags. Tax profiles,
 * onboarding and the order are made by request (company.spec.ts, rfqs.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { pageApi } from './page-models/pageApi';
import { PurchaseOrdersPage } from './page-models/PurchaseOrdersPage';
import { figure, taxNumbers } from './page-models/Invoicing';
import { newUser, reloadUntil } from './page-models/Users';

const CEMENT_CATEGORY = 'ca7e0000-0000-4000-8000-000000000001';
const ADDRESS = { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345', additional_number: '5678' };

async function ok<T = any>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await pageApi<T>(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

test('the supplier invoices what the site received and settles a dispute by credit note; the contractor sees it matched, line by line and on the statement', async ({ browser }, testInfo) => {
  const [contractor, supplier] = await Promise.all([
    newUser(browser, testInfo, 'contractor', 'ar', 'مؤسسة البناء الحديث للمقاولات'),
    newUser(browser, testInfo, 'supplier', 'ar', 'مؤسسة الصخر لمواد البناء'),
  ]);
  await ok(supplier.page, 'PUT', '/api/company/tax-profile', { legal_name: 'مؤسسة الصخر لمواد البناء', ...taxNumbers(), address: ADDRESS });
  await ok(contractor.page, 'PUT', '/api/company/tax-profile', { legal_name: 'مؤسسة البناء الحديث للمقاولات', ...taxNumbers(), address: ADDRESS });
  expect((await ok(supplier.page, 'POST', '/api/e-invoicing/onboard', { otp: '123456' })).status).toBe('ready');

  // 200 bags at 18.50, accepted by the supplier.
  const me = await ok<{ id: string }>(supplier.page, 'GET', '/api/users/me');
  const line = crypto.randomUUID();
  const rfq = await ok(contractor.page, 'POST', '/api/rfqs', {
    id: crypto.randomUUID(), title: 'أسمنت الدور الثاني', location: 'الرياض، حي النرجس', closes_at: new Date(Date.now() + 86_400_000).toISOString(),
    audience: 'invited', supplier_ids: [me.id], lines: [{ id: line, description: 'أسمنت بورتلاندي عادي', quantity: 200, unit: 'كيس', category_id: CEMENT_CATEGORY }],
  });
  const quote = await ok(supplier.page, 'POST', `/api/rfqs/${rfq.id}/quotes`, { id: crypto.randomUUID(), delivery_days: 3, valid_until: '2027-01-31', lines: [{ rfq_line_id: line, unit_price: 18.5 }] });
  const [po] = await ok(contractor.page, 'POST', `/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line, quote_id: quote.id }] });
  await ok(supplier.page, 'POST', `/api/purchase-orders/${po.id}/accept`, {});
  const orderLine = po.lines[0].id as string;
  const s = supplier.page;
  const orders = new PurchaseOrdersPage(s);

  // Before any receipt the form offers what is ordered (suppliers invoice on dispatch) and says the buyer sees "not received".
  await reloadUntil(s, async () => {
    await orders.openById(po.id);
    await expect(s.getByTestId('po-invoice-quantity')).toHaveValue('200', { timeout: 3_000 });
  });
  await checkPage(s, 'ar', 'invoice form before receipts (seller)');

  // The site counts 120 bags off the first truck and rejects 10 torn ones: 110 accepted.
  await ok(contractor.page, 'POST', `/api/purchase-orders/${po.id}/receipts`, {
    id: crypto.randomUUID(),
    lines: [{ purchase_order_line_id: orderLine, received_quantity: 120, rejected_quantity: 10, rejection_reason: 'damaged' }],
  });

  // The supplier's form offers the accepted 110, and warns when more is typed.
  await reloadUntil(s, async () => {
    await orders.openById(po.id);
    await expect(s.getByTestId('po-invoice-quantity')).toHaveValue('110', { timeout: 3_000 });
  });
  await s.getByTestId('po-invoice-quantity').fill('120');
  await expect(s.getByTestId('po-invoice-over')).toBeVisible();
  await expect(s.getByTestId('po-issue-invoice')).toBeDisabled();
  await checkPage(s, 'ar', 'invoice form above receipts (seller)');
  await s.getByTestId('po-invoice-quantity').fill('110');
  await expect(s.getByTestId('po-invoice-over')).toBeHidden();
  await s.getByTestId('po-issue-invoice').click();
  // 110 × 18.50 = 2,035.00, VAT 305.25: 2,340.25.
  await expect(s.getByRole('alertdialog')).toContainText(/2,340\.25|٢٬٣٤٠٫٢٥/);
  await s.getByTestId('po-issue-invoice-confirm').click();
  const detail = s.getByTestId('invoice-detail');
  await expect(detail).toHaveAttribute('data-status', 'cleared', { timeout: 60_000 });
  const invoiceId = (await detail.getAttribute('data-invoice-id'))!;

  // The site disputes 5 of the accepted bags found torn inside the pallet; the supplier accepts it on the dispute's page with a credit note.
  const dispute = await ok<{ id: string }>(contractor.page, 'POST', `/api/purchase-orders/${po.id}/disputes`, {
    id: crypto.randomUUID(), reason: 'خمسة أكياس ممزقة داخل المنصة', lines: [{ purchase_order_line_id: orderLine, quantity: 5 }],
  });
  await s.goto(`/disputes/${dispute.id}`);
  const answer = s.getByTestId('dispute-detail');
  await reloadUntil(s, () => expect(answer).toHaveAttribute('data-status', 'open', { timeout: 3_000 }));
  await s.getByTestId('dispute-accept').click();
  await s.getByTestId('dispute-remedy-credit_note').check();
  await s.getByTestId('dispute-answer-submit').click();
  await expect(answer).toHaveAttribute('data-status', 'accepted', { timeout: 30_000 });
  await reloadUntil(s, () => expect(answer.getByTestId('dispute-credit-note')).toBeVisible({ timeout: 3_000 }));

  // The contractor: matched in the list, line by line on the invoice, and on the statement.
  const c = contractor.page;
  await c.goto('/invoices');
  await reloadUntil(c, () => expect(c.getByTestId('invoice-card')).toHaveCount(2, { timeout: 3_000 }));
  await expect(c.getByTestId('match-status')).toHaveAttribute('data-status', 'matched');
  await expect(c.getByTestId('match-status')).toHaveText('مطابقة');
  await checkPage(c, 'ar', 'invoices with match (buyer)');
  await c.goto(`/invoices/${invoiceId}`);
  const match = c.getByTestId('invoice-match');
  await expect(match).toHaveAttribute('data-match-status', 'matched');
  await expect(match.getByTestId('match-received')).toContainText(figure('120'));
  await expect(match.getByTestId('match-rejected')).toContainText(figure('10'));
  // The invoice's quantity counts its live credit note: 110 less 5.
  await expect(match.getByTestId('match-invoiced')).toContainText(figure('105'));
  await checkPage(c, 'ar', 'invoice match (buyer)');
  await c.goto('/statements');
  await expect(c.getByTestId('statement-entry').and(c.locator('[data-kind="invoice"]'))).toHaveCount(1);
  await expect(c.getByTestId('statement-entry').and(c.locator('[data-kind="credit_note"]'))).toHaveCount(1);
  await expect(c.getByTestId('statement').getByTestId('match-status')).toHaveAttribute('data-status', 'matched');
  await checkPage(c, 'ar', 'statement with match (buyer)');

  // At a desk: the statement as a table, the match badge in the number's cell; the match's lines still fit.
  await c.setViewportSize({ width: 1280, height: 900 });
  await expect(c.locator('table[data-testid="statement"]').getByTestId('match-status')).toHaveAttribute('data-status', 'matched');
  await checkPage(c, 'ar', 'statement with match, desk (buyer)');
  await c.goto(`/invoices/${invoiceId}`);
  await expect(c.getByTestId('invoice-match')).toHaveAttribute('data-match-status', 'matched');
  await checkPage(c, 'ar', 'invoice match, desk (buyer)');
});
