/**
 * Where every riyal of a site stands, through REST: per budget line and in total, each
 * figure against the documents it sums (an approved request, a committed order, a receipt,
 * a cleared invoice, a confirmed payment), worked out here by hand; an order waiting for its
 * company's approval and a cancelled one commit nothing; a line closed short commits what
 * stays; what is spent on no budget line has its row; another company gets 404; the XLSX
 * carries the same figures; and a budget line passing 80 % is told once.
 */
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, joinCompany, notificationsOf, type Client } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { categoryId } from '../../test/rfq-steps';
import { insertReceipt, tradingParties } from '../../test/invoice-steps';
import { approveRequest, raiseRequest } from '../../test/site-steps';
import { issuePurchaseOrder } from '../purchase-orders/issue';
import { riyadhDay } from '../../../shared/riyadh';
import { BUDGET_FIGURES } from '../../../shared/schemas/site-budget';
import { budgetSheetHeaders } from './budget-xlsx';
import { tellBudgetPassed } from './budget-notices';

type Line = { description: string; quantity: number; unit: string; unit_price: number; budget_line_id?: string | null };

describe("a site's budget", () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  /** A site of `owner`'s company with a manager, and budget lines of these amounts (VAT included). */
  async function siteOf(owner: Client, lines: Array<{ quantity: number; budget_amount: number; description: string }>) {
    const manager = await signInAs(server, { role: null, name: 'مدير الموقع' });
    await joinCompany(knex(), manager.user.id, owner.user.id, 'member');
    const budget = lines.map(() => crypto.randomUUID());
    const res = await owner.post('/api/sites', {
      id: crypto.randomUUID(),
      name: 'برج الياسمين',
      location: 'الرياض',
      manager_id: manager.user.id,
      budget_lines: lines.map((l, i) => ({ id: budget[i], code: `0${i + 1}-100`, unit: 'م3', category_id: category, ...l })),
    });
    expect(res.status, res.text).toBe(201);
    return { site: res.body as { id: string; name: string }, budget, manager };
  }

  /** An order of the site issued as an award issues it, in `status` afterwards. */
  async function order(buyer: Client, seller: Client, siteId: string, lines: Line[], status?: string) {
    const po = await knex().transaction((trx) =>
      issuePurchaseOrder(
        trx,
        { buyer_id: buyer.user.id, seller_id: seller.user.id, created_by: buyer.user.id, title: 'توريد', delivery_location: 'الرياض', site_id: siteId, lines: lines.map((l) => ({ category_id: category, ...l })) },
        server.clock.now(),
      ),
    );
    if (status) await knex()('purchase_orders').where({ id: po.id }).update({ status });
    const ids: string[] = await knex()('purchase_order_lines').where({ purchase_order_id: po.id }).orderBy('position').pluck('id');
    return { id: po.id, lines: ids };
  }

  it('sums each figure of each budget line from the documents, leaves out orders waiting or cancelled, and answers the XLSX alike', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const { site, budget } = await siteOf(buyer, [
      { description: 'خرسانة جاهزة', quantity: 100, budget_amount: 20000 },
      { description: 'حديد تسليح', quantity: 10, budget_amount: 40000 },
    ]);
    const [A, B] = budget;
    // Approved: 10 × 1,000 on A (11,500 with VAT); B's line has no price and counts 0. Its
    // unknown amount takes it to the owner's level.
    const pr = await raiseRequest(buyer, site.id, [{ budget_line_id: A, quantity: 10, estimated_unit_price: 1000 }, { budget_line_id: B, quantity: 2 }]);
    if (pr.status !== 'approved') expect((await approveRequest(buyer, pr.id)).body.status).toBe('approved');

    // Committed: A 12 × 1,050.50 = 12,606.00 + 1,890.90; B 3.5 × 2,999.99 = 10,499.97 + 1,575.00; 100 + 15 on no line.
    const po = await order(buyer, seller, site.id, [
      { description: 'خرسانة', quantity: 12, unit: 'م3', unit_price: 1050.5, budget_line_id: A },
      { description: 'حديد', quantity: 3.5, unit: 'طن', unit_price: 2999.99, budget_line_id: B },
      { description: 'نقل', quantity: 1, unit: 'رحلة', unit_price: 100 },
    ]);
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    // Closed short: 5 × 100 = 575 with VAT, 2 cancelled, commits 3/5 of it: 345.
    const short = await order(buyer, seller, site.id, [{ description: 'خرسانة', quantity: 5, unit: 'م3', unit_price: 100, budget_line_id: A }], 'closed');
    await knex()('purchase_order_lines').where({ id: short.lines[0] }).update({ cancelled_quantity: 2 });
    // Neither the order waiting for approval nor the cancelled one commits anything.
    await order(buyer, seller, site.id, [{ description: 'خرسانة', quantity: 50, unit: 'م3', unit_price: 1000, budget_line_id: A }], 'awaiting_approval');
    await order(buyer, seller, site.id, [{ description: 'حديد', quantity: 5, unit: 'طن', unit_price: 3000, budget_line_id: B }], 'cancelled');

    // Received: A 10 of which 1 rejected, accepted 9: 9/12 of 14,496.90 = 10,872.68; B all of it.
    await insertReceipt(knex(), po.id, { [po.lines[0]]: { received: 10, rejected: 1 }, [po.lines[1]]: { received: 3.5 } });
    // Invoiced: A 9 (10,872.68), B 1 of 3.5 (12,074.97 / 3.5 = 3,449.99); the invoice's total 14,322.66.
    const inv = await seller.post('/api/invoices', { purchase_order_id: po.id, lines: [{ purchase_order_line_id: po.lines[0], quantity: 9 }, { purchase_order_line_id: po.lines[1], quantity: 1 }] });
    expect(inv.status, inv.text).toBe(201);
    await server.drainClearance();
    expect((await seller.get(`/api/invoices/${inv.body.id}`)).body).toMatchObject({ status: 'cleared', total: 14322.66 });
    // Paid: half the invoice, confirmed: A 10,872.68 / 2 = 5,436.34, B 3,449.99 / 2 = 1,725.00 (half away from zero).
    const payment = { id: crypto.randomUUID(), amount: 7161.33, paid_on: riyadhDay(server.clock.now()), reference: 'TRX-1' };
    expect((await buyer.post(`/api/invoices/${inv.body.id}/payments`, payment)).status).toBe(201);
    // A payment the seller has not confirmed yet is not paid: the figures are read after the confirmation.
    expect((await seller.post(`/api/payments/${payment.id}/confirm`, {})).status).toBe(200);

    const res = await buyer.get(`/api/sites/${site.id}/budget`);
    expect(res.status, res.text).toBe(200);
    const figures = (r: Record<string, unknown>) => Object.fromEntries([...BUDGET_FIGURES, 'over_budget'].map((k) => [k, r[k]]));
    expect(res.body.lines.map(figures)).toEqual([
      { budget: 20000, approved: 11500, committed: 14841.9, received: 10872.68, invoiced: 10872.68, paid: 5436.34, remaining: 5158.1, over_budget: false },
      { budget: 40000, approved: 0, committed: 12074.97, received: 12074.97, invoiced: 3449.99, paid: 1725, remaining: 27925.03, over_budget: false },
      { budget: 0, approved: 0, committed: 115, received: 0, invoiced: 0, paid: 0, remaining: -115, over_budget: true },
    ]);
    expect(res.body.lines[0]).toMatchObject({ budget_line_id: A, position: 1, code: '01-100', description: 'خرسانة جاهزة', quantity: 100, unit: 'م3', category_id: category, budget_unit_price: 200, market_unit_price: null });
    expect(res.body.lines[2]).toMatchObject({ budget_line_id: null, description: null, budget_unit_price: null });
    expect(res.body.totals).toEqual({ budget: 60000, approved: 11500, committed: 27031.87, received: 22947.65, invoiced: 14322.67, paid: 7161.34, remaining: 32968.13, over_budget: false });

    // Another company's owner gets 404, as for an unknown site.
    const other = await as(server, 'contractor');
    expect((await other.get(`/api/sites/${site.id}/budget`)).status).toBe(404);
    expect((await other.get(`/api/sites/${site.id}/budget.xlsx`)).status).toBe(404);
    expect((await buyer.get(`/api/sites/${crypto.randomUUID()}/budget`)).status).toBe(404);

    // The XLSX: the same figures, row by row, headers in the reader's language (Arabic here).
    const file = await fetch(`${server.url}/api/sites/${site.id}/budget.xlsx`, { headers: { Cookie: buyer.cookieHeader() } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = book.worksheets[0];
    const rows = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(budgetSheetHeaders('ar'));
    const col = (f: string) => budgetSheetHeaders('en').indexOf({ budget: 'Budget', approved: 'Approved', committed: 'Committed', received: 'Received', invoiced: 'Invoiced', paid: 'Paid', remaining: 'Remaining' }[f]!);
    for (const [i, line] of res.body.lines.entries()) for (const f of BUDGET_FIGURES) expect(rows[i + 1][col(f)], `${i} ${f}`).toBe(line[f]);
    for (const f of BUDGET_FIGURES) expect(rows[res.body.lines.length + 1][col(f)], f).toBe(res.body.totals[f]);
  });

  it("tells the owner and the site's manager once when a budget line's committed amount passes 80 %, then 100 %", async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const { site, budget, manager } = await siteOf(buyer, [{ description: 'بلوك', quantity: 10, budget_amount: 1150 }]);
    const passed = async () => (await notificationsOf(knex(), manager.user.id, 'site_budget.passed')).map((n: { params: { percent: number } }) => n.params.percent);
    const step = async (quantity: number) => {
      const po = await order(buyer, seller, site.id, [{ description: 'بلوك', quantity, unit: 'م3', unit_price: 100, budget_line_id: budget[0] }]);
      await knex().transaction((trx) => tellBudgetPassed(trx, [po.id]));
    };
    await step(7); // 805 of 1,150: 70 %
    expect(await passed()).toEqual([]);
    await step(1.5); // 977.50: 85 %
    expect(await passed()).toEqual([80]);
    await step(0.5); // 1,035: 90 %, past 80 % already
    expect(await passed()).toEqual([80]);
    await step(2); // 1,265: 110 %
    expect(await passed()).toEqual([80, 100]);
    const [n] = await notificationsOf(knex(), buyer.user.id, 'site_budget.passed');
    expect(n).toMatchObject({ type: 'purchase_request', params: { site: site.name, line: 'بلوك', percent: 80, site_id: site.id } });
  });
});
