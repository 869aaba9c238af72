/**
 * Invoices from what was received, the three-way match, paying in exception, debit notes
 * and price credit notes, through REST (and the sync push where a mutation exists), against
 * the development ZATCA: every document checked against ZATCA's published rules. Receipts
 * are inserted as the buyer's site would record them (insertReceipt).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceMatchSchema, invoiceSchema } from '../../../shared/schemas/invoice';
import { startTestServer, type TestServer } from '../../test/harness';
import type { Client } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody } from '../../test/rfq-steps';
import { insertReceipt, tradingParties } from '../../test/invoice-steps';
import { validateInvoice } from '../e-invoicing/zatca/validate';
import { verifyInvoice } from '../e-invoicing/zatca/sign';
import { loadSessionUser } from '../../auth/session-user';
import { loaders } from './sync';
import { issueCreditNoteIn } from './notes';
import pino from 'pino';

describe('invoices against receipts', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = (): Knex => server.db.knex;

  /** An accepted order of lines of 10, 20, 30... units at the given prices; its line ids in order. */
  async function acceptedOrder(buyer: Client, seller: Client, prices: number[]) {
    const rfq = await postRfq(buyer, rfqBody(category, {}, prices.length));
    const q = await postQuote(seller, rfq.id, quoteBody(Object.fromEntries(rfq.lines.map((l, i) => [l.id, prices[i]]))));
    const awarded = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: rfq.lines.map((l) => ({ rfq_line_id: l.id, quote_id: q.id })) });
    expect(awarded.status, awarded.text).toBe(200);
    const po = awarded.body[0] as { id: string };
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    const lines: string[] = (await knex()('purchase_order_lines').where({ purchase_order_id: po.id }).orderBy('position').select('id')).map((l) => l.id);
    return { id: po.id, lines };
  }
  const cleared = async (client: Client, id: string) => {
    await server.drainClearance();
    return invoiceSchema.parse((await client.get(`/api/invoices/${id}`)).body);
  };
  const matchOf = async (client: Client, id: string) => {
    const res = await client.get(`/api/invoices/${id}/match`);
    expect(res.status, res.text).toBe(200);
    return invoiceMatchSchema.parse(res.body);
  };
  async function expectCompliant(client: Client, id: string) {
    const xml = (await client.get(`/api/invoices/${id}/xml`)).text;
    expect((await validateInvoice(xml)).errors).toEqual([]);
    expect(verifyInvoice(xml)).toMatchObject({ hashOk: true, signatureOk: true, qrOk: true });
    return xml;
  }
  const transfer = (amount: number, over: Record<string, unknown> = {}) => ({ id: randomUUID(), amount, paid_on: '2026-11-01', reference: `TRF-${randomUUID().slice(0, 8)}`, ...over });

  it('invoices what was accepted and not yet invoiced, above the receipts only with a reason, never above the order; the match follows the receipts', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10]);
    const [line] = po.lines;
    // 6 of the 10 arrived, 1 of them torn.
    await insertReceipt(knex(), po.id, { [line]: { received: 6, rejected: 1 } });

    const first = await seller.post('/api/invoices', { purchase_order_id: po.id });
    expect(first.status, first.text).toBe(201);
    expect(first.body.lines.map((l: { quantity: number }) => l.quantity)).toEqual([5]);
    const a = await cleared(seller, first.body.id);
    expect(a.match_status).toBe('matched');
    expect(await matchOf(buyer, a.id)).toMatchObject({
      status: 'matched',
      lines: [{ ordered: 10, received: 6, rejected: 1, invoiced: 5, invoiced_before: 0, order_unit_price: 10, invoice_unit_price: 10, difference: 0, exceptions: [] }],
    });
    const none = await seller.post('/api/invoices', { purchase_order_id: po.id });
    expect([none.status, none.body.code]).toEqual([409, 'nothing_to_invoice']);

    // 3 more than was received: refused without a reason, taken with one.
    const over = await seller.post('/api/invoices', { purchase_order_id: po.id, lines: [{ purchase_order_line_id: line, quantity: 3 }] });
    expect([over.status, over.body.code, over.body.details?.[0]?.path]).toEqual([409, 'invoice_exceeds_receipts', 'lines.0.quantity']);
    const beyondOrder = await seller.post('/api/invoices', { purchase_order_id: po.id, lines: [{ purchase_order_line_id: line, quantity: 6 }], over_receipt_reason: 'x' });
    expect([beyondOrder.status, beyondOrder.body.code, beyondOrder.body.details?.[0]?.code]).toEqual([400, 'validation_failed', 'more_than_ordered']);
    const notALine = await seller.post('/api/invoices', { purchase_order_id: po.id, lines: [{ purchase_order_line_id: randomUUID(), quantity: 1 }] });
    expect([notALine.status, notALine.body.details?.[0]?.code]).toEqual([400, 'not_a_line']);
    const second = await seller.post('/api/invoices', { purchase_order_id: po.id, lines: [{ purchase_order_line_id: line, quantity: 3 }], over_receipt_reason: 'الشحنة الثانية في الطريق' });
    expect(second.status, second.text).toBe(201);
    const b = await cleared(seller, second.body.id);
    expect([b.over_receipt_reason, b.match_status]).toEqual(['الشحنة الثانية في الطريق', 'exception']);
    expect(await matchOf(buyer, b.id)).toMatchObject({
      status: 'exception',
      over_receipt_reason: 'الشحنة الثانية في الطريق',
      // 8 billed of 6 arrived: 2 never came, and the torn one is billed too.
      lines: [{ received: 6, invoiced: 3, invoiced_before: 5, exceptions: ['not_received', 'rejected_invoiced'], difference: 30 }],
    });
    // The list and the change feed's rows carry it too.
    const listed = (await buyer.get(`/api/invoices?purchase_order_id=${po.id}`)).body as Array<{ id: string; match_status: string }>;
    expect(Object.fromEntries(listed.map((i) => [i.id, i.match_status]))).toEqual({ [a.id]: 'matched', [b.id]: 'exception' });
    const fed = await loaders.invoice!(knex(), (await loadSessionUser(knex(), server.config, buyer.user.id))!, [a.id, b.id], new Date());
    expect(Object.fromEntries((fed as Array<{ id: string; match_status: string }>).map((i) => [i.id, i.match_status]))).toEqual({ [a.id]: 'matched', [b.id]: 'exception' });

    // The rest arrives: 10 received, 9 accepted, 8 invoiced — matched.
    await insertReceipt(knex(), po.id, { [line]: { received: 4 } });
    expect((await matchOf(seller, b.id)).lines[0]).toMatchObject({ received: 10, rejected: 1, invoiced_before: 5, invoiced: 3, exceptions: [] });
    expect((await buyer.get(`/api/invoices/${b.id}`)).body.match_status).toBe('matched');
    // Another company reads no match.
    expect((await (await tradingParties(server, category)).seller.get(`/api/invoices/${b.id}/match`)).status).toBe(404);
  });

  it('reads rejected goods billed as an exception, until a credit note takes them off', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10]);
    await insertReceipt(knex(), po.id, { [po.lines[0]]: { received: 10, rejected: 2 } });
    const res = await seller.post('/api/invoices', { purchase_order_id: po.id, lines: [{ purchase_order_line_id: po.lines[0], quantity: 10 }], over_receipt_reason: 'الكل مسلم' });
    expect(res.status, res.text).toBe(201);
    const invoice = await cleared(seller, res.body.id);
    expect((await matchOf(buyer, invoice.id)).lines[0]).toMatchObject({ exceptions: ['rejected_invoiced'], difference: 20 });
    const note = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'بضاعة مرفوضة', lines: [{ invoice_line_id: invoice.lines[0].id, quantity: 2 }] });
    expect(note.status, note.text).toBe(201);
    await cleared(seller, note.body.id);
    expect(note.body.match_status).toBeNull();
    expect(await matchOf(buyer, invoice.id)).toMatchObject({ status: 'matched', lines: [{ invoiced: 8, exceptions: [] }] });
  });

  it('refuses paying an invoice in exception (REST, transfer, card, sync) with what does not match, and records it once the buyer accepts the exception', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10]);
    // Invoiced on dispatch, before any receipt: not_received.
    const invoice = await cleared(seller, (await seller.post('/api/invoices', { purchase_order_id: po.id })).body.id);
    expect(invoice.match_status).toBe('exception');

    const refused = await buyer.post(`/api/invoices/${invoice.id}/payments`, transfer(50));
    expect([refused.status, refused.body.code, refused.body.details]).toEqual([409, 'invoice_in_exception', [expect.objectContaining({ path: 'lines.0', code: 'not_received' })]]);
    const across = await buyer.post('/api/payments/transfers', { id: randomUUID(), paid_on: '2026-11-01', reference: 'TRF-1', allocations: [{ invoice_id: invoice.id, amount: 50 }] });
    expect([across.status, across.body.code]).toEqual([409, 'invoice_in_exception']);
    const card = await buyer.post(`/api/invoices/${invoice.id}/pay`, {});
    expect([card.status, card.body.code]).toEqual([409, 'invoice_in_exception']);
    const push = (mutations: unknown[]) => buyer.post('/api/sync/push', { client_id: 'match-phone-1', mutations });
    const queued = await push([{ id: 1, name: 'payment.record', args: { ...transfer(50), invoice_id: invoice.id } }]);
    expect(queued.body.results[0]).toMatchObject({ status: 'rejected', code: 'invoice_in_exception' });
    expect(await knex()('payments').where({ invoice_id: invoice.id }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect((await matchOf(buyer, invoice.id)).exception_accepted_at).toBeNull();

    // Paid anyway, through the sync push: recorded, and the match says who accepted it and when.
    const accepted = await push([{ id: 2, name: 'payment.record', args: { ...transfer(50, { accept_exception: true }), invoice_id: invoice.id } }]);
    expect(accepted.body.results[0], JSON.stringify(accepted.body)).toMatchObject({ status: 'applied' });
    const match = await matchOf(seller, invoice.id);
    expect([match.status, match.exception_accepted_by, typeof match.exception_accepted_at]).toEqual(['exception', expect.any(String), 'string']);
    // Once accepted, the next payment of it goes through without asking again; the stamp stays the first one.
    const next = await buyer.post(`/api/invoices/${invoice.id}/payments`, transfer(20));
    expect(next.status, next.text).toBe(201);
    expect((await matchOf(buyer, invoice.id)).exception_accepted_at).toBe(match.exception_accepted_at);
  });

  it("bills a quantity short and a price increase by debit note (383, naming its invoice), payable as an invoice, never beyond the order", async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10]);
    await insertReceipt(knex(), po.id);
    const invoice = await cleared(seller, (await seller.post('/api/invoices', { purchase_order_id: po.id, lines: [{ purchase_order_line_id: po.lines[0], quantity: 6 }] })).body.id);
    const [line] = invoice.lines;

    const byBuyer = await buyer.post(`/api/invoices/${invoice.id}/debit-notes`, { reason: 'x', lines: [{ invoice_line_id: line.id, quantity: 1 }] });
    expect([byBuyer.status, byBuyer.body.code]).toEqual([403, 'not_the_seller']);
    const beyond = await seller.post(`/api/invoices/${invoice.id}/debit-notes`, { reason: 'x', lines: [{ invoice_line_id: line.id, quantity: 5 }] });
    expect([beyond.status, beyond.body.details?.[0]?.code]).toEqual([400, 'more_than_ordered']);

    const short = await seller.post(`/api/invoices/${invoice.id}/debit-notes`, { reason: 'كمية ناقصة في الفاتورة', lines: [{ invoice_line_id: line.id, quantity: 2 }] });
    expect(short.status, short.text).toBe(201);
    const dn = await cleared(buyer, short.body.id);
    expect(dn).toMatchObject({ kind: 'debit_note', status: 'cleared', original_invoice_id: invoice.id, original_invoice_number: invoice.number, reason: 'كمية ناقصة في الفاتورة', match_status: null });
    expect(dn.number).toMatch(/^DN-\d{4}-000001$/);
    // The buyer is told of a debit note as one, never as a credit note.
    const told = await knex()('notifications').where({ user_id: buyer.user.id }).whereIn('kind', ['debit_note.issued', 'credit_note.issued']).select('kind', 'params');
    expect(told).toMatchObject([{ kind: 'debit_note.issued', params: { number: dn.number, invoice_id: dn.id } }]);
    expect(dn.lines).toMatchObject([{ credited_line_id: line.id, adjusts: 'quantity', quantity: 2, unit_price: 10, line_total: 20 }]);
    expect(dn.payment).toMatchObject({ balance: 23, status: expect.any(String) });
    const xml = await expectCompliant(buyer, dn.id);
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0100000">383</cbc:InvoiceTypeCode>');
    expect(xml).toContain(`<cac:BillingReference>\n        <cac:InvoiceDocumentReference>\n            <cbc:ID>${invoice.number}</cbc:ID>`);
    expect(xml).toContain('<cbc:InstructionNote>كمية ناقصة في الفاتورة</cbc:InstructionNote>');
    // The order now has 8 of 10 invoiced: 2 left.
    const rest = await seller.post('/api/invoices', { purchase_order_id: po.id });
    expect(rest.body.lines?.map((l: { quantity: number }) => l.quantity), rest.text).toEqual([2]);

    // A price increase of 1.50 per unit on the 8 the line bills now.
    const price = await seller.post(`/api/invoices/${invoice.id}/debit-notes`, { reason: 'فرق سعر متفق عليه', lines: [{ invoice_line_id: line.id, unit_price: 1.5 }] });
    expect(price.status, price.text).toBe(201);
    const priced = await cleared(buyer, price.body.id);
    expect(priced.lines).toMatchObject([{ adjusts: 'price', quantity: 8, unit_price: 1.5, line_total: 12 }]);
    await expectCompliant(buyer, priced.id);
    expect((await matchOf(buyer, invoice.id)).lines[0]).toMatchObject({ invoiced: 8, invoice_unit_price: 11.5, exceptions: ['price_above_order'] });
    // Against a note: refused.
    const onNote = await seller.post(`/api/invoices/${dn.id}/debit-notes`, { reason: 'x', lines: [{ invoice_line_id: dn.lines[0].id, quantity: 1 }] });
    expect([onNote.status, onNote.body.code]).toEqual([409, 'not_an_invoice']);

    // The buyer pays the debit note like an invoice, and sees it on the statement.
    const paid = await buyer.post(`/api/invoices/${dn.id}/payments`, transfer(23));
    expect(paid.status, paid.text).toBe(201);
    const statement = await buyer.get(`/api/statements?counterparty=${seller.user.id}`);
    expect(statement.status, statement.text).toBe(200);
    expect(statement.body.entries.map((e: { kind: string; number: string }) => [e.kind, e.number])).toContainEqual(['debit_note', dn.number]);
  });

  it('credits a price difference per unit (adjusts price, a compliant 381), and never takes an invoice below zero', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10]);
    await insertReceipt(knex(), po.id);
    const invoice = await cleared(seller, (await seller.post('/api/invoices', { purchase_order_id: po.id })).body.id);
    const [line] = invoice.lines;
    // 10 units at 10.00: 100.00 before VAT. A discount of 9.00 per unit on all 10 takes 90.00 of it.
    const discount = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'خصم سعر', lines: [{ invoice_line_id: line.id, quantity: 10, unit_price: 9 }] });
    expect(discount.status, discount.text).toBe(201);
    const note = await cleared(buyer, discount.body.id);
    expect(note.lines).toMatchObject([{ adjusts: 'price', quantity: 10, unit_price: 9, line_total: 90 }]);
    const xml = await expectCompliant(buyer, note.id);
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0100000">381</cbc:InvoiceTypeCode>');
    // 2 units back at 10.00 would take 20.00 more than the 10.00 left.
    const tooMuch = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'مرتجع', lines: [{ invoice_line_id: line.id, quantity: 2 }] });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'note_exceeds_invoice']);
    const one = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'مرتجع', lines: [{ invoice_line_id: line.id, quantity: 1 }] });
    expect(one.status, one.text).toBe(201);
    expect(one.body.lines).toMatchObject([{ adjusts: 'quantity', quantity: 1, unit_price: 10 }]);
  });

  it('issues a credit note inside the caller\'s transaction for a dispute (issueCreditNoteIn), which rolls back with it', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10]);
    await insertReceipt(knex(), po.id);
    const invoice = await cleared(seller, (await seller.post('/api/invoices', { purchase_order_id: po.id })).body.id);
    const [dispute] = await knex()('disputes')
      .insert({ purchase_order_id: po.id, buyer_id: buyer.user.id, seller_id: seller.user.id, reason: 'سعر أعلى من المتفق', due_at: new Date().toISOString() })
      .returning('id');
    const user = (await loadSessionUser(knex(), server.config, seller.user.id))!;
    const deps = { config: server.config, logger: pino({ level: 'silent' }) };
    const input = { reason: 'تسوية النزاع', lines: [{ invoice_line_id: invoice.lines[0].id, quantity: 10, unit_price: 0.5 }] };
    // The caller's transaction fails after the note: no note is left, and the chain is as it was.
    await expect(
      knex().transaction(async (trx) => {
        await issueCreditNoteIn(trx, deps, user, invoice.id, input, new Date(), { dispute_id: dispute.id });
        throw new Error('the dispute could not be answered');
      }),
    ).rejects.toThrow('the dispute could not be answered');
    expect(await knex()('invoices').where({ original_invoice_id: invoice.id }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    const id = await knex().transaction((trx) => issueCreditNoteIn(trx, deps, user, invoice.id, input, new Date(), { dispute_id: dispute.id }));
    const note = await cleared(buyer, id);
    expect(note).toMatchObject({ kind: 'credit_note', status: 'cleared', dispute_id: dispute.id, icv: invoice.icv + 1, lines: [{ adjusts: 'price', quantity: 10, unit_price: 0.5, line_total: 5 }] });
    await expectCompliant(buyer, note.id);
  });
});
