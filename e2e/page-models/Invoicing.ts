/**
 * A cleared tax invoice between a contractor and a supplier, made by request (tax
 * profiles, onboarding with the development ZATCA, an RFQ to the supplier alone, its
 * quote, award and acceptance, then the invoice): for the specs of what follows an invoice.
 * Their own screens are company.spec.ts's, rfqs.spec.ts's and invoices.spec.ts's.
 */
import { expect, type Page } from '@playwright/test';
import { pageApi } from './pageApi';

const CEMENT_CATEGORY = 'ca7e0000-0000-4000-8000-000000000001';

/** A JSON call from the page that must succeed; its body. */
async function ok<T = any>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await pageApi<T>(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

const digits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join('');

/**
 * A VAT number and a CR number of their own for a new company: a number belongs to one
 * company, and the browser tests share one database (a retry included).
 */
export const taxNumbers = () => ({ vat_number: `3${digits(13)}3`, cr_number: digits(10) });

const ADDRESS = { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345', additional_number: '5678' };

/**
 * 40 bags at 18.50 (851.00 with VAT), received in full by the buyer's site (unless `received` is false: invoiced on
 * dispatch, its match then reads exception), invoiced with `invoice` (extra fields of POST /api/invoices); the seller's tax profile names `iban`.
 */
export async function clearedInvoice(buyer: Page, seller: Page, opts: { iban?: string; invoice?: Record<string, unknown>; another?: boolean; received?: boolean } = {}) {
  // `another`: the two trade already (tax profiles saved, the seller onboarded), this is one more invoice.
  if (!opts.another) {
    await ok(seller, 'PUT', '/api/company/tax-profile', { legal_name: 'مؤسسة الأفق لمواد البناء', ...taxNumbers(), iban: opts.iban ?? null, address: ADDRESS });
    await ok(buyer, 'PUT', '/api/company/tax-profile', { legal_name: 'مؤسسة الأفق للمقاولات', ...taxNumbers(), address: ADDRESS });
    expect((await ok(seller, 'POST', '/api/e-invoicing/onboard', { otp: '123456' })).status).toBe('ready');
  }
  const me = await ok<{ id: string }>(seller, 'GET', '/api/users/me');
  const line = crypto.randomUUID();
  const rfq = await ok(buyer, 'POST', '/api/rfqs', {
    id: crypto.randomUUID(), title: 'أسمنت الدور الأول', location: 'الرياض، حي الملقا', closes_at: new Date(Date.now() + 30 * 86_400_000).toISOString(), // still ahead of a server clock another test moved days on
    audience: 'invited', supplier_ids: [me.id], lines: [{ id: line, description: 'أسمنت بورتلاندي عادي', quantity: 40, unit: 'كيس', category_id: CEMENT_CATEGORY }],
  });
  const quote = await ok(seller, 'POST', `/api/rfqs/${rfq.id}/quotes`, { id: crypto.randomUUID(), delivery_days: 3, valid_until: '2027-01-31', lines: [{ rfq_line_id: line, unit_price: 18.5 }] });
  const [po] = await ok(buyer, 'POST', `/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line, quote_id: quote.id }] });
  await ok(seller, 'POST', `/api/purchase-orders/${po.id}/accept`, {});
  // The site receives the 40 bags first, so the invoice matches its order and receipt: an
  // invoice ahead of the receipts reads exception, and its payment would ask the buyer first.
  if (opts.received !== false) {
    await ok(buyer, 'POST', `/api/purchase-orders/${po.id}/receipts`, { id: crypto.randomUUID(), lines: [{ purchase_order_line_id: po.lines[0].id, received_quantity: 40 }] });
  }
  const issued = await ok<{ id: string; status: string }>(seller, 'POST', '/api/invoices', { purchase_order_id: po.id, ...opts.invoice });
  // Issued pending: the clearance worker sends it to the development ZATCA after the request.
  await expect.poll(async () => (await ok<{ status: string }>(seller, 'GET', `/api/invoices/${issued.id}`)).status, { timeout: 60_000 }).toBe('cleared');
  return ok<{ id: string; status: string }>(seller, 'GET', `/api/invoices/${issued.id}`);
}

/** A number as either script shows it (Arabic pages write ٨٥١), for toContainText. */
export const figure = (n: string) => new RegExp(`${n}|${n.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))}`);
