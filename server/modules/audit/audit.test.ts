/**
 * The audit trail through the app: the actions on money, tax documents, approvals and the
 * team append their row in their own transaction (REST and the sync push alike), with the
 * fields that changed, the actor, the company and the address, and no secret; a company
 * owner reads their company's rows and nobody else's, the admin reads and filters all of
 * them, both as CSV.
 */
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riyadhDay } from '../../../shared/riyadh';
import { auditEntrySchema, type AuditEntry } from '../../../shared/schemas/audit';
import { loadSessionUser } from '../../auth/session-user';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, joinCompany, type Client } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { categoryId } from '../../test/rfq-steps';
import { clearedInvoice, tradingParties } from '../../test/invoice-steps';
import { approveRequest, raiseRequest, rejectRequest, siteCompany } from '../../test/site-steps';
import { confirmPayment } from '../payments/service';
import { recordAudit } from './record';

const transfer = (amount: number, over: Record<string, unknown> = {}) => ({ id: randomUUID(), amount, paid_on: riyadhDay(new Date()), reference: 'TRX-0001', ...over });

describe('the audit trail', () => {
  let server: TestServer;
  let category: string;
  let admin: Client;
  /** The first trade of the file, made before the tests: its signing and clearance warm up what every later invoice reuses. */
  let first: { buyer: Client; seller: Client; invoice: Awaited<ReturnType<typeof clearedInvoice>> };
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
    admin = await as(server, 'admin');
    const { buyer, seller } = await tradingParties(server, category);
    first = { buyer, seller, invoice: await clearedInvoice(buyer, seller, category) };
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;
  const rowsOf = async (recordId: string): Promise<AuditEntry[]> => (await admin.get(`/api/admin/audit?record_id=${recordId}&limit=100`)).body.reverse();
  const count = async () => Number((await knex()('audit_log').count({ n: '*' }).first())!.n);

  it('appends the issue of an invoice and a transfer recorded and confirmed: who, which company, what changed, from where', async () => {
    const { buyer, seller, invoice } = first;
    const [issued] = await rowsOf(invoice.id);
    expect(issued).toMatchObject({ action: 'invoice.issue', record_type: 'invoice', actor_id: seller.user.id, company_id: seller.user.id, ip: expect.stringContaining('127.0.0.1') });
    expect(issued.changes).toMatchObject({ number: [null, invoice.number], total: [null, 115], buyer_id: [null, buyer.user.id] });

    const body = transfer(50);
    expect((await buyer.post(`/api/invoices/${invoice.id}/payments`, body)).status).toBe(201);
    expect((await seller.post(`/api/payments/${body.id}/confirm`, {})).status).toBe(200);
    // Confirming again changes nothing, and records nothing.
    expect((await seller.post(`/api/payments/${body.id}/confirm`, {})).status).toBe(200);
    const rows = await rowsOf(body.id);
    expect(rows.map((r) => [r.action, r.actor_id, r.company_id])).toEqual([
      ['payment.record', buyer.user.id, buyer.user.id],
      ['payment.confirm', seller.user.id, seller.user.id],
    ]);
    expect(rows[0].changes).toEqual({ invoice_id: [null, invoice.id], status: [null, 'recorded'], amount: [null, 50], paid_on: [null, body.paid_on], reference: [null, 'TRX-0001'] });
    // Only the fields that changed: the amount stayed, the status moved.
    expect(rows[1].changes).toEqual({ status: ['recorded', 'confirmed'] });
    expect(() => rows.map((r) => auditEntrySchema.parse(r))).not.toThrow();
  });

  it('writes no row for a refused action, and none for an action whose transaction fails after it', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const before = await count();
    const over = await buyer.post(`/api/invoices/${invoice.id}/payments`, transfer(500));
    expect(over.body.code).toBe('overpayment');
    const body = transfer(20);
    expect((await buyer.post(`/api/invoices/${invoice.id}/payments`, body)).status).toBe(201);
    const byBuyer = await buyer.post(`/api/payments/${body.id}/confirm`, {});
    expect(byBuyer.body.code).toBe('not_the_seller');
    expect(await count()).toBe(before + 1);

    // The confirmation and its row are one transaction: undone together.
    const sellerUser = (await loadSessionUser(knex(), server.config, seller.user.id))!;
    await expect(
      knex().transaction(async (trx) => {
        await confirmPayment(trx, sellerUser, body.id, new Date());
        expect(await trx('audit_log').where({ record_id: body.id, action: 'payment.confirm' }).first('id')).toBeTruthy();
        throw new Error('the action fails after its row');
      }),
    ).rejects.toThrow('the action fails after its row');
    expect(await knex()('payments').where({ id: body.id }).first('status')).toEqual({ status: 'recorded' });
    expect(await count()).toBe(before + 1);
  });

  it('records a confirmation queued offline through the sync push as REST does', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const body = transfer(30);
    await buyer.post(`/api/invoices/${invoice.id}/payments`, body);
    const pushed = await seller.post('/api/sync/push', { client_id: 'audit-phone-1', mutations: [{ id: 1, name: 'payment.confirm', args: { id: body.id, invoice_id: invoice.id } }] });
    expect(pushed.body.results[0]).toMatchObject({ status: 'applied' });
    const [, confirmed] = await rowsOf(body.id);
    expect(confirmed).toMatchObject({ action: 'payment.confirm', actor_id: seller.user.id, ip: expect.stringContaining('127.0.0.1'), changes: { status: ['recorded', 'confirmed'] } });
  });

  it('records each approval and rejection of a purchase request with its level and the status it reached', async () => {
    const { owner, manager, engineer, site } = await siteCompany(server);
    const approved = await raiseRequest(engineer, site.id, [{ quantity: 10, estimated_unit_price: 1000 }]);
    expect((await approveRequest(manager, approved.id)).status).toBe(200);
    const rejected = await raiseRequest(engineer, site.id, [{ quantity: 10, estimated_unit_price: 1000 }]);
    expect((await rejectRequest(manager, rejected.id, 'السعر مرتفع')).status).toBe(200);
    const [approval] = await rowsOf(approved.id);
    expect(approval).toMatchObject({ action: 'purchase_request.approve', actor_id: manager.user.id, company_id: owner.user.id, changes: { status: ['pending', 'approved'] } });
    const [rejection] = await rowsOf(rejected.id);
    expect(rejection).toMatchObject({ action: 'purchase_request.reject', changes: { status: ['pending', 'rejected'], reason: [null, 'السعر مرتفع'] } });
  });

  it('never holds a cookie, an invite token or an invoice’s signature, hash or XML, whatever a caller passes', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const invite = await seller.post('/api/company/invites', { role: 'member' });
    expect(invite.status, invite.text).toBe(201);
    const person = await signInAs(server, { role: null });
    expect((await person.post(`/api/company/invites/${invite.body.token}/accept`)).status).toBe(200);
    await knex().transaction((trx) =>
      recordAudit(trx, {
        actor: null,
        action: 'admin.user_update',
        record_type: 'user',
        record_id: person.user.id,
        changes: { password: ['a', 'b'], session_token: [null, 't'], private_key: [null, 'k'], signature: [null, 's'], cookie: [null, 'c'], csr: [null, 'x'], name: ['a', 'b'] },
      }),
    );
    const doc = await knex()('invoices').where({ id: invoice.id }).first('hash', 'qr', 'xml');
    const unit = await knex()('einvoicing_units').where({ company_id: seller.user.id }).first();
    const trail = JSON.stringify(await knex()('audit_log').select('*'));
    const secrets = [invite.body.token, doc.hash, doc.qr, ...seller.cookies.values(), ...person.cookies.values(), ...Object.values(unit).filter((v): v is string => typeof v === 'string' && v.length > 40)];
    for (const secret of secrets) expect(trail).not.toContain(secret);
    expect(trail).not.toContain('<Invoice');
    const [joined] = await rowsOf(person.user.id);
    expect(joined).toMatchObject({ action: 'company.invite_accept', company_id: seller.user.id, changes: { role: [null, 'member'] } });
    const forged = (await rowsOf(person.user.id)).find((r) => r.action === 'admin.user_update')!;
    expect(forged.changes).toEqual({ name: ['a', 'b'] });
  });

  it('shows a company owner their company’s rows only (a member 403, another company’s record nothing), as JSON and CSV', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const body = transfer(10, { reference: '=HYPERLINK("http://x")' });
    await buyer.post(`/api/invoices/${invoice.id}/payments`, body);
    await seller.post(`/api/payments/${body.id}/dispute`, { reason: '@SUM(1)' });

    const own = await seller.get('/api/company/audit?limit=100');
    expect(own.status, own.text).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
    expect(own.body.every((r: AuditEntry) => r.company_id === seller.user.id)).toBe(true);
    expect(own.body.map((r: AuditEntry) => r.action)).toEqual(expect.arrayContaining(['invoice.issue', 'payment.dispute']));
    expect(own.headers.get('x-total-count')).toBe(String(own.body.length));
    // The buyer's record of the payment is the buyer's company's row, not the seller's.
    expect((await seller.get(`/api/company/audit?record_id=${body.id}&action=payment.record`)).body).toEqual([]);
    expect((await buyer.get(`/api/company/audit?record_id=${body.id}`)).body.map((r: AuditEntry) => r.action)).toEqual(['payment.record']);

    const member = await signInAs(server, { role: null });
    await joinCompany(knex(), member.user.id, seller.user.id, 'member');
    for (const path of ['/api/company/audit', '/api/company/audit.csv']) {
      const refused = await member.get(path);
      expect([refused.status, refused.body.code]).toEqual([403, 'owner_only']);
    }
    expect((await seller.get('/api/admin/audit')).status).toBe(403);
    expect((await seller.get('/api/admin/audit.csv')).status).toBe(403);

    // A name is someone's text: a spreadsheet must not run it as a formula.
    await knex()('users').where({ id: buyer.user.id }).update({ name: '=1+2' });

    const csv = await buyer.get('/api/company/audit.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="audit\.csv"/);
    const parsed = Papa.parse<Record<string, string>>(csv.text, { header: true, skipEmptyLines: true });
    const all = (await buyer.get('/api/company/audit?limit=100')).body as AuditEntry[];
    expect(parsed.data.map((r) => Number(r.id))).toEqual(all.map((r) => r.id));
    const recorded = parsed.data.find((r) => r.action === 'payment.record')!;
    expect(recorded.actor_name).toBe("'=1+2");
    expect(JSON.parse(recorded.changes).reference).toEqual([null, '=HYPERLINK("http://x")']);
    expect(parsed.data.every((r) => r.company_id === buyer.user.id)).toBe(true);
  });

  it('lets the admin filter by company, actor, action, record and period, and export the same as CSV', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const body = transfer(10);
    await buyer.post(`/api/invoices/${invoice.id}/payments`, body);
    const get = async (q: string) => (await admin.get(`/api/admin/audit?limit=100&${q}`)).body as AuditEntry[];
    const buyers = await get(`company_id=${buyer.user.id}`);
    expect(buyers.every((r) => r.company_id === buyer.user.id)).toBe(true);
    // Which company, by the name its profile has now (the screens show it, not the id).
    expect(new Set(buyers.map((r) => r.company_name))).toEqual(new Set(['مقاولات الشرق']));
    expect((await get(`actor_id=${seller.user.id}`)).map((r) => r.action)).toContain('invoice.issue');
    expect((await get(`action=payment.record&actor_id=${buyer.user.id}`)).map((r) => r.record_id)).toEqual([body.id]);
    expect((await get(`record_type=invoice&record_id=${invoice.id}`)).map((r) => r.action)).toEqual(['invoice.issue']);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await get(`record_id=${body.id}&from=${today}&to=${today}`)).toHaveLength(1);
    expect(await get(`record_id=${body.id}&from=${tomorrow}`)).toEqual([]);
    expect(await get(`record_id=${body.id}&to=${new Date(Date.now() - 3_600_000).toISOString()}`)).toEqual([]);
    const paged = await admin.get(`/api/admin/audit?company_id=${buyer.user.id}&limit=1&offset=0`);
    expect(paged.body).toHaveLength(1);
    expect(Number(paged.headers.get('x-total-count'))).toBeGreaterThan(1);
    expect((await admin.get('/api/admin/audit?action=payment.steal')).status).toBe(400);

    const csv = await admin.get(`/api/admin/audit.csv?actor_id=${buyer.user.id}`);
    const rows = Papa.parse<Record<string, string>>(csv.text, { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => r.record_id)).toContain(body.id);
    expect(rows.every((r) => r.actor_id === buyer.user.id)).toBe(true);
    expect(Object.keys(rows[0])).toEqual(['id', 'at', 'actor_id', 'actor_name', 'company_id', 'company_name', 'action', 'record_type', 'record_id', 'changes', 'ip', 'prev_hash', 'hash']);
  });
});
