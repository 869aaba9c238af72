/**
 * Payments of tax invoices through REST and the sync push, against the development ZATCA:
 * terms and the one payment status, a buyer's transfer that only the seller's confirmation
 * counts, overpayment, replayed ids, disputes, someone else's invoice, credit notes,
 * reminders on the app's clock, statements with their running balance, the seller's default
 * terms, and one transfer across several invoices (transfers.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema } from '../../../shared/schemas/invoice';
import { statementSchema } from '../../../shared/schemas/payment';
import { dueDate } from '../../../shared/payments';
import { riyadhDay } from '../../../shared/riyadh';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, changesOf, notificationsOf, type Client } from '../../test/factories';
import { categoryId } from '../../test/rfq-steps';
import { clearedInvoice, tradingParties } from '../../test/invoice-steps';
import { VALID_TAX_PROFILE } from '../../test/tax-profile';
import { sweepPaymentReminders } from './reminders';

const transfer = (amount: number, over: Record<string, unknown> = {}) => ({ id: randomUUID(), amount, paid_on: riyadhDay(new Date()), reference: 'TRX-0001', ...over });

describe('payments', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  afterEach(() => server.clock.setDaysAhead(0));
  const knex = () => server.db.knex;
  const paymentOf = async (client: Client, invoiceId: string) => invoiceSchema.parse((await client.get(`/api/invoices/${invoiceId}`)).body).payment!;

  it('gives an invoice its terms (30 days unless named at issue), due date, the seller’s IBAN and an unpaid balance', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const plain = await clearedInvoice(buyer, seller, category);
    expect(plain.total).toBe(115);
    expect(plain.payment).toMatchObject({ terms_days: 30, due_date: dueDate(plain.issued_at, 30), iban: VALID_TAX_PROFILE.iban, balance: 115, paid: 0, credited: 0, status: 'unpaid', payments: [] });
    const onReceipt = await clearedInvoice(buyer, seller, category, 10, { payment_terms_days: 0 });
    expect(await paymentOf(buyer, onReceipt.id)).toMatchObject({ terms_days: 0, due_date: dueDate(onReceipt.issued_at, 0), status: 'unpaid' });
    expect((await seller.post('/api/invoices', { purchase_order_id: randomUUID(), payment_terms_days: 45 })).status).toBe(400);
  });

  it('owes an invoice issued without terms on the seller’s default terms, set in its tax profile; named terms win', async () => {
    const { buyer, seller, sellerProfile } = await tradingParties(server, category);
    const saved = await seller.put('/api/company/tax-profile', { ...sellerProfile, default_payment_terms_days: 15 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.default_payment_terms_days).toBe(15);
    expect((await seller.get('/api/company/tax-profile')).body.default_payment_terms_days).toBe(15);
    expect((await seller.put('/api/company/tax-profile', { ...sellerProfile, default_payment_terms_days: 45 })).status).toBe(400);
    const byDefault = await clearedInvoice(buyer, seller, category);
    expect(byDefault.payment).toMatchObject({ terms_days: 15, due_date: dueDate(byDefault.issued_at, 15) });
    const named = await clearedInvoice(buyer, seller, category, 10, { payment_terms_days: 60 });
    expect(named.payment).toMatchObject({ terms_days: 60 });
    // A later change of the default changes no invoice already issued.
    await seller.put('/api/company/tax-profile', { ...sellerProfile, default_payment_terms_days: 0 });
    expect(await paymentOf(buyer, byDefault.id)).toMatchObject({ terms_days: 15 });
  });

  it('counts a transfer the buyer records only once the seller confirms it, and tells each side', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const body = transfer(50);
    const recorded = await buyer.post(`/api/invoices/${invoice.id}/payments`, body);
    expect(recorded.status, recorded.text).toBe(201);
    expect(recorded.body).toMatchObject({ id: body.id, status: 'recorded', amount: 50, method: 'transfer', invoice_number: invoice.number });
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ balance: 115, pending: 50, paid: 0, status: 'unpaid' });
    const [told] = await notificationsOf(knex(), seller.user.id, 'payment.recorded');
    expect(told.params).toMatchObject({ number: invoice.number, amount: 50, invoice_id: invoice.id, payment_id: body.id });
    expect((await changesOf(knex(), 'invoice', invoice.id)).audiences).toContain(`user:${buyer.user.id}`);

    const confirmed = await seller.post(`/api/payments/${body.id}/confirm`, {});
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed' });
    expect(await paymentOf(seller, invoice.id)).toMatchObject({ balance: 65, paid: 50, pending: 0, status: 'partially_paid' });
    expect(await notificationsOf(knex(), buyer.user.id, 'payment.confirmed')).toHaveLength(1);
    expect((await buyer.get(`/api/invoices/${invoice.id}/payments`)).body.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([[body.id, 'confirmed']]);

    // Confirming again is the same confirmation: the balance changes once.
    expect((await seller.post(`/api/payments/${body.id}/confirm`, {})).status).toBe(200);
    expect(await paymentOf(seller, invoice.id)).toMatchObject({ balance: 65, paid: 50 });
    expect(await notificationsOf(knex(), buyer.user.id, 'payment.confirmed')).toHaveLength(1);

    // The rest settles it.
    const rest = transfer(65);
    expect((await buyer.post(`/api/invoices/${invoice.id}/payments`, rest)).status).toBe(201);
    expect((await seller.post(`/api/payments/${rest.id}/confirm`, {})).status).toBe(200);
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ balance: 0, paid: 115, status: 'paid' });
  });

  it('answers a replayed id with the stored payment, once, and refuses the id on another payment', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const body = transfer(20);
    expect((await buyer.post(`/api/invoices/${invoice.id}/payments`, body)).status).toBe(201);
    const again = await buyer.post(`/api/invoices/${invoice.id}/payments`, body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(body.id);
    expect(await knex()('payments').where({ invoice_id: invoice.id }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect(await notificationsOf(knex(), seller.user.id, 'payment.recorded')).toHaveLength(1);
    const other = await buyer.post(`/api/invoices/${invoice.id}/payments`, { ...body, amount: 21 });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('conflict');
  });

  it('refuses an overpayment: recorded and confirmed payments stay within what credit notes leave of the total', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const over = await buyer.post(`/api/invoices/${invoice.id}/payments`, transfer(115.01));
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('overpayment');
    const first = transfer(100);
    expect((await buyer.post(`/api/invoices/${invoice.id}/payments`, first)).status).toBe(201);
    // 100 recorded, waiting: only 15 may be recorded beside it.
    expect((await buyer.post(`/api/invoices/${invoice.id}/payments`, transfer(15.5))).body.code).toBe('overpayment');
    expect((await buyer.post(`/api/invoices/${invoice.id}/payments`, transfer(0))).status).toBe(400);
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect((await buyer.post(`/api/invoices/${invoice.id}/payments`, transfer(1, { paid_on: riyadhDay(tomorrow) }))).status).toBe(400);
    // A credit note for everything comes in before the seller confirms: confirming would overpay.
    const credit = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'مرتجع كامل' });
    expect(credit.status, credit.text).toBe(201);
    await server.drainClearance();
    const refused = await seller.post(`/api/payments/${first.id}/confirm`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('overpayment');
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ credited: 115, balance: 0, paid: 0, status: 'credited' });
  });

  it('leaves the balance as it was when the seller disputes a transfer, with the reason told to the buyer', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const body = transfer(30);
    await buyer.post(`/api/invoices/${invoice.id}/payments`, body);
    expect((await seller.post(`/api/payments/${body.id}/dispute`, {})).status).toBe(400);
    const disputed = await seller.post(`/api/payments/${body.id}/dispute`, { reason: 'لم يصل المبلغ إلى الحساب' });
    expect(disputed.status, disputed.text).toBe(200);
    expect(disputed.body).toMatchObject({ status: 'disputed', dispute_reason: 'لم يصل المبلغ إلى الحساب' });
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ balance: 115, paid: 0, pending: 0, status: 'unpaid' });
    const [told] = await notificationsOf(knex(), buyer.user.id, 'payment.disputed');
    expect(told.params).toMatchObject({ reason: 'لم يصل المبلغ إلى الحساب', amount: 30 });
    const late = await seller.post(`/api/payments/${body.id}/confirm`, {});
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('payment_answered');
    // A disputed transfer no longer holds its share: the whole balance may be recorded again.
    expect((await buyer.post(`/api/invoices/${invoice.id}/payments`, transfer(115))).status).toBe(201);
  });

  it('is a 404 for someone else’s invoice or payment, and each side does only its own part', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const body = transfer(10);
    await buyer.post(`/api/invoices/${invoice.id}/payments`, body);
    const stranger = await as(server, 'contractor');
    expect((await stranger.get(`/api/invoices/${invoice.id}/payments`)).status).toBe(404);
    expect((await stranger.post(`/api/invoices/${invoice.id}/payments`, transfer(10))).status).toBe(404);
    expect((await stranger.post(`/api/invoices/${invoice.id}/payments`, body)).status).toBe(404);
    expect((await stranger.post(`/api/payments/${body.id}/confirm`, {})).status).toBe(404);
    expect((await stranger.post(`/api/payments/${body.id}/dispute`, { reason: 'x' })).status).toBe(404);
    expect((await seller.post(`/api/payments/${randomUUID()}/confirm`, {})).status).toBe(404);
    const byBuyer = await buyer.post(`/api/payments/${body.id}/confirm`, {});
    expect([byBuyer.status, byBuyer.body.code]).toEqual([403, 'not_the_seller']);
    const bySeller = await seller.post(`/api/invoices/${invoice.id}/payments`, transfer(10));
    expect([bySeller.status, bySeller.body.code]).toEqual([403, 'not_the_buyer']);
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ paid: 0, pending: 10 });
  });

  it('records a transfer queued offline through the sync push once, however often it is sent', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const args = { ...transfer(40), invoice_id: invoice.id };
    const push = (mutationId: number, clientId = 'payments-phone-1') =>
      buyer.post('/api/sync/push', { client_id: clientId, mutations: [{ id: mutationId, name: 'payment.record', args }] });
    const first = await push(1);
    expect(first.status, first.text).toBe(200);
    expect(first.body.results[0]).toMatchObject({ status: 'applied' });
    await push(1);
    // The same payment from a second device (or an outbox that lost its answer) is the stored one.
    expect((await push(1, 'payments-phone-2')).body.results[0]).toMatchObject({ status: 'applied' });
    expect(await knex()('payments').where({ invoice_id: invoice.id }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect(await paymentOf(seller, invoice.id)).toMatchObject({ pending: 40, payments: [expect.objectContaining({ id: args.id, status: 'recorded' })] });
    const refused = await seller.post('/api/sync/push', { client_id: 'payments-seller-1', mutations: [{ id: 1, name: 'payment.record', args: { ...args, id: randomUUID() } }] });
    expect(refused.body.results[0]).toMatchObject({ status: 'rejected', code: 'not_the_buyer' });
  });

  it('takes the seller’s confirmation or dispute queued offline through the sync push once, and refuses one naming another invoice', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const other = await clearedInvoice(buyer, seller, category);
    const first = transfer(40);
    const second = transfer(20);
    await buyer.post(`/api/invoices/${invoice.id}/payments`, first);
    await buyer.post(`/api/invoices/${invoice.id}/payments`, second);
    const push = (client: Client, clientId: string, mutations: Array<{ id: number; name: string; args: Record<string, unknown> }>) =>
      client.post('/api/sync/push', { client_id: clientId, mutations });
    const confirm = { id: 1, name: 'payment.confirm', args: { id: first.id, invoice_id: invoice.id } };
    const sent = await push(seller, 'payments-site-1', [confirm]);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.results[0]).toMatchObject({ status: 'applied' });
    // The outbox lost the answer and sends it again, or a second device of the seller does: one confirmation.
    await push(seller, 'payments-site-1', [confirm]);
    expect((await push(seller, 'payments-site-2', [confirm])).body.results[0]).toMatchObject({ status: 'applied' });
    expect(await paymentOf(seller, invoice.id)).toMatchObject({ paid: 40, pending: 20, balance: 75, status: 'partially_paid' });
    expect(await notificationsOf(knex(), buyer.user.id, 'payment.confirmed')).toHaveLength(1);

    const refusals = await push(seller, 'payments-site-1', [
      // the payment is not the named invoice's: as if it did not exist
      { id: 2, name: 'payment.dispute', args: { id: second.id, invoice_id: other.id, reason: 'لم يصل' } },
      // a confirmed payment is not disputed afterwards
      { id: 3, name: 'payment.dispute', args: { id: first.id, invoice_id: invoice.id, reason: 'لم يصل' } },
    ]);
    expect(refusals.body.results.map((r: { status: string; code?: string }) => [r.status, r.code])).toEqual([
      ['rejected', 'not_found'],
      ['rejected', 'payment_answered'],
    ]);
    expect((await push(buyer, 'payments-buyer-1', [{ id: 1, name: 'payment.confirm', args: { id: second.id, invoice_id: invoice.id } }])).body.results[0]).toMatchObject({ status: 'rejected', code: 'not_the_seller' });
    const disputed = await push(seller, 'payments-site-1', [{ id: 4, name: 'payment.dispute', args: { id: second.id, invoice_id: invoice.id, reason: 'لم يصل المبلغ' } }]);
    expect(disputed.body.results[0]).toMatchObject({ status: 'applied' });
    expect(await paymentOf(buyer, invoice.id)).toMatchObject({ paid: 40, pending: 0, balance: 75, payments: [expect.objectContaining({ status: 'confirmed' }), expect.objectContaining({ status: 'disputed', dispute_reason: 'لم يصل المبلغ' })] });
  });

  it('reminds the buyer once before the due date and once after it, and shows it overdue on the app’s clock', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const soon = await clearedInvoice(buyer, seller, category, 10, { payment_terms_days: 0 });
    const paid = await clearedInvoice(buyer, seller, category, 10, { payment_terms_days: 0 });
    const body = transfer(115);
    await buyer.post(`/api/invoices/${paid.id}/payments`, body);
    await seller.post(`/api/payments/${body.id}/confirm`, {});
    await sweepPaymentReminders(knex(), server.clock);
    await sweepPaymentReminders(knex(), server.clock);
    const dueSoon = await notificationsOf(knex(), buyer.user.id, 'payment.due_soon');
    expect(dueSoon.map((n) => n.params.invoice_id)).toEqual([soon.id]);
    expect(dueSoon[0].params).toMatchObject({ number: soon.number, amount: 115, due_date: dueDate(soon.issued_at, 0) });
    expect(await notificationsOf(knex(), buyer.user.id, 'payment.overdue')).toHaveLength(0);
    expect((await paymentOf(buyer, soon.id)).status).toBe('unpaid');

    server.clock.setDaysAhead(1);
    expect((await paymentOf(buyer, soon.id)).status).toBe('overdue');
    expect((await paymentOf(buyer, paid.id)).status).toBe('paid');
    await sweepPaymentReminders(knex(), server.clock);
    await sweepPaymentReminders(knex(), server.clock);
    expect((await notificationsOf(knex(), buyer.user.id, 'payment.overdue')).map((n) => n.params.invoice_id)).toEqual([soon.id]);
    const overdue = await seller.get('/api/statements/overdue');
    expect(overdue.body).toMatchObject({ total: 115, buyers: [{ id: buyer.user.id, amount: 115, invoices: [{ id: soon.id, balance: 115 }] }] });
    expect((await buyer.get('/api/statements/overdue')).body).toEqual({ total: 0, buyers: [] });
  });

  it('states invoices, credit notes and confirmed payments with a running balance, from each side', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const a = await clearedInvoice(buyer, seller, category, 10);
    const b = await clearedInvoice(buyer, seller, category, 20);
    const paidA = transfer(15);
    await buyer.post(`/api/invoices/${a.id}/payments`, paidA);
    await seller.post(`/api/payments/${paidA.id}/confirm`, {});
    const waiting = transfer(5);
    await buyer.post(`/api/invoices/${b.id}/payments`, waiting);
    const credit = await seller.post(`/api/invoices/${b.id}/credit-notes`, { reason: 'خصم' });
    expect(credit.status, credit.text).toBe(201);
    await server.drainClearance();

    const res = await seller.get(`/api/statements?counterparty=${buyer.user.id}`);
    expect(res.status, res.text).toBe(200);
    const statement = statementSchema.parse(res.body);
    expect(statement.counterparty).toEqual({ id: buyer.user.id, name: 'شركة مقاولات الشرق المحدودة' });
    // 115 + 230 - 230 (credit note of b, all of it) - 15 (confirmed; the recorded 5 is not in it).
    expect(statement.entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['invoice', 115, 115],
      ['invoice', 230, 345],
      ['credit_note', -230, 115],
      ['payment', -15, 100],
    ]);
    expect(statement.balance).toBe(100);
    const mirror = statementSchema.parse((await buyer.get(`/api/statements?counterparty=${seller.user.id}`)).body);
    expect(mirror.entries.map((e) => e.balance)).toEqual([-115, -345, -115, -100]);
    expect((await buyer.get('/api/statements/counterparties')).body).toEqual([{ id: seller.user.id, name: VALID_TAX_PROFILE.legal_name, balance: -100, overdue: 0 }]);
    const stranger = await as(server, 'contractor');
    expect((await stranger.get(`/api/statements?counterparty=${seller.user.id}`)).body).toMatchObject({ entries: [], balance: 0 });
  });

  describe('one transfer across invoices of one seller', () => {
    const multi = (allocations: Array<{ invoice_id: string; amount: number; payment_id?: string }>, over: Record<string, unknown> = {}) => ({
      id: randomUUID(), paid_on: riyadhDay(new Date()), reference: 'TRX-MULTI', allocations, ...over,
    });

    it('records one transfer over two invoices, and the seller’s one confirmation lowers each balance by its allocation', async () => {
      const { buyer, seller } = await tradingParties(server, category);
      const a = await clearedInvoice(buyer, seller, category, 10);
      const b = await clearedInvoice(buyer, seller, category, 20);
      const body = multi([{ invoice_id: a.id, amount: 115 }, { invoice_id: b.id, amount: 30 }], { seller: seller.user.id });
      const res = await buyer.post('/api/payments/transfers', body);
      expect(res.status, res.text).toBe(201);
      expect(res.body.payments).toHaveLength(2);
      expect(res.body.payments.every((p: { transfer_id: string; status: string; reference: string }) => p.transfer_id === body.id && p.status === 'recorded' && p.reference === 'TRX-MULTI')).toBe(true);
      expect(await paymentOf(buyer, a.id)).toMatchObject({ pending: 115, paid: 0 });
      expect(await paymentOf(buyer, b.id)).toMatchObject({ pending: 30, paid: 0 });
      // The same transfer again is the stored one; its id on another allocation is a conflict.
      expect((await buyer.post('/api/payments/transfers', body)).status).toBe(200);
      expect((await buyer.post('/api/payments/transfers', { ...body, allocations: [{ invoice_id: a.id, amount: 1 }] })).status).toBe(409);
      expect(await server.db.knex('payments').where({ transfer_id: body.id })).toHaveLength(2);

      const byBuyer = await buyer.post(`/api/payments/transfers/${body.id}/confirm`, {});
      expect([byBuyer.status, byBuyer.body.code]).toEqual([403, 'not_the_seller']);
      const confirmed = await seller.post(`/api/payments/transfers/${body.id}/confirm`, {});
      expect(confirmed.status, confirmed.text).toBe(200);
      expect(confirmed.body.payments.map((p: { status: string }) => p.status)).toEqual(['confirmed', 'confirmed']);
      expect((await seller.post(`/api/payments/transfers/${body.id}/confirm`, {})).status).toBe(200);
      expect(await paymentOf(seller, a.id)).toMatchObject({ paid: 115, balance: 0, pending: 0, status: 'paid' });
      expect(await paymentOf(seller, b.id)).toMatchObject({ paid: 30, balance: 200, status: 'partially_paid' });
      expect(await notificationsOf(server.db.knex, buyer.user.id, 'payment.confirmed')).toHaveLength(2);
      // The statement lists each allocation as a payment of its invoice.
      const statement = statementSchema.parse((await seller.get(`/api/statements?counterparty=${buyer.user.id}`)).body);
      expect(statement.entries.filter((e) => e.kind === 'payment').map((e) => [e.invoice_id, e.amount]).sort()).toEqual([[a.id, -115], [b.id, -30]].sort());
      expect(statement.balance).toBe(200);
    });

    it('records a transfer queued offline through the sync push once, its rows with the ids the client chose; a row id of another payment is a conflict', async () => {
      const { buyer, seller } = await tradingParties(server, category);
      const a = await clearedInvoice(buyer, seller, category);
      const b = await clearedInvoice(buyer, seller, category);
      const ids = [randomUUID(), randomUUID()];
      const args = multi([{ invoice_id: a.id, amount: 15, payment_id: ids[0] }, { invoice_id: b.id, amount: 25, payment_id: ids[1] }]);
      const push = (mutationId: number, clientId: string, body = args) =>
        buyer.post('/api/sync/push', { client_id: clientId, mutations: [{ id: mutationId, name: 'payment.transfer', args: body }] });
      const first = await push(1, 'transfer-phone-1');
      expect(first.status, first.text).toBe(200);
      expect(first.body.results[0]).toMatchObject({ status: 'applied' });
      await push(1, 'transfer-phone-1');
      expect((await push(1, 'transfer-phone-2')).body.results[0]).toMatchObject({ status: 'applied' });
      expect(await knex()('payments').where({ transfer_id: args.id }).orderBy('amount').pluck('id')).toEqual(ids);
      expect(await paymentOf(seller, a.id)).toMatchObject({ pending: 15, payments: [expect.objectContaining({ id: ids[0], transfer_id: args.id, status: 'recorded' })] });
      expect(await paymentOf(seller, b.id)).toMatchObject({ pending: 25, payments: [expect.objectContaining({ id: ids[1], transfer_id: args.id, status: 'recorded' })] });
      const [told] = await notificationsOf(knex(), seller.user.id, 'payment.recorded');
      expect(ids).toContain(told.params.payment_id);

      const taken = await push(2, 'transfer-phone-1', multi([{ invoice_id: a.id, amount: 1, payment_id: ids[1] }]));
      expect(taken.body.results[0]).toMatchObject({ status: 'rejected', code: 'conflict' });
      const refused = await seller.post('/api/sync/push', { client_id: 'transfer-seller-1', mutations: [{ id: 1, name: 'payment.transfer', args: multi([{ invoice_id: a.id, amount: 1 }]) }] });
      expect(refused.body.results[0]).toMatchObject({ status: 'rejected', code: 'not_the_buyer' });
      // The seller's one confirmation answers the whole transfer; the buyer is told per invoice, of its own row.
      expect((await seller.post(`/api/payments/${ids[0]}/confirm`, {})).status).toBe(200);
      expect((await notificationsOf(knex(), buyer.user.id, 'payment.confirmed')).map((n) => n.params.payment_id).sort()).toEqual([...ids].sort());
    });

    it('is disputed as a whole, also when the seller answers one of its payments', async () => {
      const { buyer, seller } = await tradingParties(server, category);
      const a = await clearedInvoice(buyer, seller, category);
      const b = await clearedInvoice(buyer, seller, category);
      const body = multi([{ invoice_id: a.id, amount: 10 }, { invoice_id: b.id, amount: 20 }]);
      const [first] = (await buyer.post('/api/payments/transfers', body)).body.payments;
      const disputed = await seller.post(`/api/payments/${first.id}/dispute`, { reason: 'لم يصل' });
      expect(disputed.status, disputed.text).toBe(200);
      expect((await server.db.knex('payments').where({ transfer_id: body.id }).select('status', 'dispute_reason')).map((p) => [p.status, p.dispute_reason])).toEqual([
        ['disputed', 'لم يصل'],
        ['disputed', 'لم يصل'],
      ]);
      expect(await paymentOf(buyer, b.id)).toMatchObject({ pending: 0, paid: 0, balance: 115 });
      expect((await seller.post(`/api/payments/transfers/${body.id}/confirm`, {})).body.code).toBe('payment_answered');
    });

    it('refuses an allocation over an invoice’s balance, someone else’s invoice and invoices of two sellers, recording nothing', async () => {
      const { buyer, seller } = await tradingParties(server, category);
      const a = await clearedInvoice(buyer, seller, category);
      const b = await clearedInvoice(buyer, seller, category);
      const over = await buyer.post('/api/payments/transfers', multi([{ invoice_id: a.id, amount: 10 }, { invoice_id: b.id, amount: 115.01 }]));
      expect([over.status, over.body.code]).toEqual([409, 'overpayment']);

      const stranger = await tradingParties(server, category);
      const theirs = await clearedInvoice(stranger.buyer, stranger.seller, category);
      expect((await buyer.post('/api/payments/transfers', multi([{ invoice_id: a.id, amount: 10 }, { invoice_id: theirs.id, amount: 10 }]))).status).toBe(404);
      // The seller is not the buyer: it records nothing.
      const bySeller = await seller.post('/api/payments/transfers', multi([{ invoice_id: a.id, amount: 10 }]));
      expect([bySeller.status, bySeller.body.code]).toEqual([403, 'not_the_buyer']);

      const other = await tradingParties(server, category, buyer);
      const fromOther = await clearedInvoice(buyer, other.seller, category);
      const twoSellers = await buyer.post('/api/payments/transfers', multi([{ invoice_id: a.id, amount: 10 }, { invoice_id: fromOther.id, amount: 10 }]));
      expect([twoSellers.status, twoSellers.body.code]).toEqual([400, 'validation_failed']);
      expect((await buyer.post('/api/payments/transfers', multi([{ invoice_id: a.id, amount: 10 }], { seller: other.seller.user.id }))).status).toBe(400);
      expect((await buyer.post('/api/payments/transfers', multi([{ invoice_id: a.id, amount: 10 }, { invoice_id: a.id, amount: 5 }]))).status).toBe(400);
      expect(await server.db.knex('payments').whereIn('invoice_id', [a.id, b.id, theirs.id, fromOther.id])).toHaveLength(0);
      expect((await (await as(server, 'supplier')).post(`/api/payments/transfers/${randomUUID()}/confirm`, {})).status).toBe(404);
    });
  });
});
