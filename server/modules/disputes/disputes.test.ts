/**
 * Disputes through REST and the sync push: the buyer disputes what it received (never more
 * than was received less what other disputes hold; a price only where an accepted invoice
 * billed it higher), once per id; the seller answers once, by credit note (against the
 * accepted invoice, for the quantity at its price or the difference per unit), by
 * redelivery (the quantity reopened, a received order partially received again) or by
 * rejection; past its deadline the seller is reminded once and the admin sees it.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeSchema } from '../../../shared/schemas/dispute';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, notificationsOf, type Client } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody } from '../../test/rfq-steps';
import { insertReceipt, tradingParties } from '../../test/invoice-steps';
import type { Clock } from '../../clock';
import { sweepOverdueDisputes } from './sweep';

describe('disputes', () => {
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
  const clearedInvoice = async (seller: Client, body: Record<string, unknown>) => {
    const res = await seller.post('/api/invoices', body);
    expect(res.status, res.text).toBe(201);
    await server.drainClearance();
    return (await seller.get(`/api/invoices/${res.body.id}`)).body as { id: string; status: string; lines: Array<{ id: string; unit_price: number }> };
  };
  const open = (buyer: Client, poId: string, body: Record<string, unknown>) => buyer.post(`/api/purchase-orders/${poId}/disputes`, { id: randomUUID(), reason: 'أكياس ممزقة', ...body });
  const orderOf = async (client: Client, id: string) => (await client.get(`/api/purchase-orders/${id}`)).body;

  it('takes at most what was received less what other open or accepted disputes hold, once per id, from the buyer only, due in 3 working days', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10, 20]);
    const [a, b] = po.lines;
    await insertReceipt(knex(), po.id, { [a]: { received: 6, rejected: 2 } });

    const tooMuch = await open(buyer, po.id, { lines: [{ purchase_order_line_id: a, quantity: 7 }, { purchase_order_line_id: b, quantity: 1 }] });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'dispute_exceeds_received']);
    expect(tooMuch.body.details).toEqual([expect.objectContaining({ path: 'lines.0.quantity' }), expect.objectContaining({ path: 'lines.1.quantity' })]);
    const notALine = await open(buyer, po.id, { lines: [{ purchase_order_line_id: randomUUID(), quantity: 1 }] });
    expect([notALine.status, notALine.body.code]).toEqual([400, 'validation_failed']);
    const bySeller = await open(seller, po.id, { lines: [{ purchase_order_line_id: a, quantity: 1 }] });
    expect([bySeller.status, bySeller.body.code]).toEqual([403, 'not_the_buyer']);
    const stranger = await as(server, 'contractor');
    expect((await open(stranger, po.id, { lines: [{ purchase_order_line_id: a, quantity: 1 }] })).status).toBe(404);

    const id = randomUUID();
    const first = await open(buyer, po.id, { id, lines: [{ purchase_order_line_id: a, quantity: 4 }] });
    expect(first.status, first.text).toBe(201);
    const dispute = disputeSchema.parse(first.body);
    expect(dispute).toMatchObject({ status: 'open', overdue: false, lines: [{ purchase_order_line_id: a, quantity: 4, unit_price: null, order_unit_price: 10 }] });
    // 3 working days in Riyadh (Friday and Saturday off): between 3 and 5 calendar days ahead.
    const days = (Date.parse(dispute.due_at) - Date.parse(dispute.created_at)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(3);
    expect(days).toBeLessThanOrEqual(5.01);
    const again = await open(buyer, po.id, { id, lines: [{ purchase_order_line_id: a, quantity: 4 }] });
    expect(again.status).toBe(200);
    expect(await knex()('disputes').where({ purchase_order_id: po.id }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect(await notificationsOf(knex(), seller.user.id, 'dispute.opened')).toHaveLength(1);

    // 6 received, 4 held by the open dispute: 2 are left.
    const over = await open(buyer, po.id, { lines: [{ purchase_order_line_id: a, quantity: 3 }] });
    expect([over.status, over.body.code, over.body.details[0].message]).toEqual([409, 'dispute_exceeds_received', 'at most 2 of this line can be disputed']);
    // A rejected dispute holds nothing.
    expect((await seller.post(`/api/disputes/${id}/reject`, { reason: 'سليمة عند التسليم' })).status).toBe(200);
    expect((await open(buyer, po.id, { lines: [{ purchase_order_line_id: a, quantity: 6 }] })).status).toBe(201);

    // Both sides list it; nobody else does.
    const mine = await buyer.get(`/api/disputes?purchase_order_id=${po.id}`);
    expect(mine.body.map((d: { status: string }) => d.status).sort()).toEqual(['open', 'rejected']);
    expect((await seller.get(`/api/disputes?as=seller&status=rejected&purchase_order_id=${po.id}`)).body).toMatchObject([{ id, answer: 'سليمة عند التسليم' }]);
    expect((await stranger.get(`/api/disputes?purchase_order_id=${po.id}`)).body).toEqual([]);
  });

  it('disputes a price only where an accepted invoice billed the line above it, and settles it by a credit note of the difference per unit', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10]);
    const [a] = po.lines;
    await insertReceipt(knex(), po.id);
    const notBilled = await open(buyer, po.id, { lines: [{ purchase_order_line_id: a, quantity: 10, unit_price: 9 }] });
    expect([notBilled.status, notBilled.body.details?.[0]?.code]).toEqual([400, 'not_invoiced_above']);
    const invoice = await clearedInvoice(seller, { purchase_order_id: po.id });
    const atPrice = await open(buyer, po.id, { lines: [{ purchase_order_line_id: a, quantity: 10, unit_price: 10 }] });
    expect([atPrice.status, atPrice.body.details?.[0]?.code]).toEqual([400, 'not_invoiced_above']);
    // A price debit of 2 a unit: the line is billed at 12 now.
    const debit = await seller.post(`/api/invoices/${invoice.id}/debit-notes`, { reason: 'زيادة سعر', lines: [{ invoice_line_id: invoice.lines[0].id, unit_price: 2 }] });
    expect(debit.status, debit.text).toBe(201);
    await server.drainClearance();
    const atOrAbove = await open(buyer, po.id, { lines: [{ purchase_order_line_id: a, quantity: 10, unit_price: 12 }] });
    expect([atOrAbove.status, atOrAbove.body.details?.[0]?.code]).toEqual([400, 'not_invoiced_above']);

    const opened = await open(buyer, po.id, { lines: [{ purchase_order_line_id: a, quantity: 10, unit_price: 10 }] });
    expect(opened.status, opened.text).toBe(201);
    const byBuyer = await buyer.post(`/api/disputes/${opened.body.id}/accept`, { remedy: 'credit_note' });
    expect([byBuyer.status, byBuyer.body.code]).toEqual([403, 'not_the_seller']);
    const accepted = await seller.post(`/api/disputes/${opened.body.id}/accept`, { remedy: 'credit_note' });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', remedy: 'credit_note', credit_note_id: expect.any(String), credit_note_number: expect.any(String) });
    await server.drainClearance();
    const note = (await buyer.get(`/api/invoices/${accepted.body.credit_note_id}`)).body;
    expect(note).toMatchObject({ kind: 'credit_note', dispute_id: opened.body.id, reason: 'أكياس ممزقة', status: 'cleared', lines: [{ adjusts: 'price', quantity: 10, unit_price: 2 }] });
    const twice = await seller.post(`/api/disputes/${opened.body.id}/reject`, { reason: 'لا' });
    expect([twice.status, twice.body.code]).toEqual([409, 'dispute_answered']);
    expect(await notificationsOf(knex(), buyer.user.id, 'dispute.accepted')).toHaveLength(1);
  });

  it('credits disputed goods at the invoice price, refuses a credit note when no accepted invoice bills the line, and redelivers instead', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10]);
    const [a] = po.lines;
    await insertReceipt(knex(), po.id);
    // As the receipt service leaves an order received in full (insertReceipt writes only the receipt).
    await knex()('purchase_orders').where({ id: po.id }).update({ status: 'received' });
    const unbilled = await open(buyer, po.id, { lines: [{ purchase_order_line_id: a, quantity: 3 }] });
    const refused = await seller.post(`/api/disputes/${unbilled.body.id}/accept`, { remedy: 'credit_note' });
    expect([refused.status, refused.body.code]).toEqual([409, 'invoice_not_accepted']);
    expect((await seller.get(`/api/disputes?purchase_order_id=${po.id}`)).body[0].status).toBe('open');

    // Redelivered: the 3 are open on the order again, which reads partially received.
    const redeliver = await seller.post(`/api/disputes/${unbilled.body.id}/accept`, { remedy: 'redeliver' });
    expect(redeliver.status, redeliver.text).toBe(200);
    const order = await orderOf(buyer, po.id);
    expect([order.status, order.lines[0].accepted_quantity]).toEqual(['partially_received', 7]);

    // A goods credit against the invoice of the 7 accepted: 2 at its price.
    const invoice = await clearedInvoice(seller, { purchase_order_id: po.id });
    const goods = await open(buyer, po.id, { lines: [{ purchase_order_line_id: a, quantity: 2 }] });
    expect(goods.status, goods.text).toBe(201);
    const credited = await seller.post(`/api/disputes/${goods.body.id}/accept`, { remedy: 'credit_note' });
    expect(credited.status, credited.text).toBe(200);
    const note = (await seller.get(`/api/invoices/${credited.body.credit_note_id}`)).body;
    expect(note).toMatchObject({ original_invoice_id: invoice.id, lines: [{ adjusts: 'quantity', quantity: 2, unit_price: 10 }] });
  });

  it("shows the receipt lines' photos as evidence, refuses another file's photo, and refuses redelivery on an order its buyer closed", async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10, 20]);
    const [a, b] = po.lines;
    const receipt = await insertReceipt(knex(), po.id);
    const [onA, onB] = [randomUUID(), randomUUID()];
    await knex().raw('update goods_receipt_lines set photo_ids = array[?]::uuid[] where goods_receipt_id = ? and purchase_order_line_id = ?', [onA, receipt, a]);
    await knex().raw('update goods_receipt_lines set photo_ids = array[?]::uuid[] where goods_receipt_id = ? and purchase_order_line_id = ?', [onB, receipt, b]);
    const own = randomUUID();
    const opened = await open(buyer, po.id, { lines: [{ purchase_order_line_id: a, quantity: 1 }], photo_ids: [own] });
    expect(opened.status, opened.text).toBe(201);
    expect([opened.body.photo_ids, opened.body.evidence_photo_ids]).toEqual([[own], [onA]]);
    const other = await acceptedOrder(buyer, seller, [10]);
    await knex()('order_photos').insert({ id: randomUUID(), purchase_order_id: other.id, company_id: buyer.user.id, hash: 'a'.repeat(64), width: 1, height: 1, bytes: 1 });
    const foreign = (await knex()('order_photos').where({ purchase_order_id: other.id }).first('id')).id;
    const refused = await open(buyer, po.id, { lines: [{ purchase_order_line_id: a, quantity: 1 }], photo_ids: [foreign] });
    expect([refused.status, refused.body.code]).toEqual([409, 'conflict']);

    // The buyer closed the order: nothing more is delivered on it, so the dispute is settled otherwise.
    await knex()('purchase_orders').where({ id: po.id }).update({ status: 'closed' });
    const redeliver = await seller.post(`/api/disputes/${opened.body.id}/accept`, { remedy: 'redeliver' });
    expect([redeliver.status, redeliver.body.code]).toEqual([409, 'order_not_receivable']);
    expect((await seller.post(`/api/disputes/${opened.body.id}/reject`, { reason: 'سليمة' })).status).toBe(200);
  });

  it('opens and answers through the sync push as through REST', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10]);
    const [a] = po.lines;
    await insertReceipt(knex(), po.id);
    const id = randomUUID();
    const args = { id, purchase_order_id: po.id, reason: 'نقص', lines: [{ purchase_order_line_id: a, quantity: 11 }] };
    const tooMuch = await buyer.post('/api/sync/push', { client_id: 'dispute-phone-1', mutations: [{ id: 1, name: 'dispute.open', args }] });
    expect(tooMuch.body.results[0]).toMatchObject({ status: 'rejected', code: 'dispute_exceeds_received' });
    const opened = await buyer.post('/api/sync/push', { client_id: 'dispute-phone-1', mutations: [{ id: 2, name: 'dispute.open', args: { ...args, lines: [{ purchase_order_line_id: a, quantity: 1 }] } }] });
    expect(opened.body.results[0], JSON.stringify(opened.body)).toMatchObject({ status: 'applied' });
    const pull = await seller.get('/api/sync/pull?client_id=dispute-desk-1&limit=5000');
    expect(pull.body.changes).toContainEqual(expect.objectContaining({ entity: 'dispute', id, op: 'upsert', data: expect.objectContaining({ status: 'open' }) }));
    const rejected = await seller.post('/api/sync/push', { client_id: 'dispute-desk-1', mutations: [{ id: 1, name: 'dispute.reject', args: { id, reason: 'سليمة' } }] });
    expect(rejected.body.results[0]).toMatchObject({ status: 'applied' });
    const again = await seller.post('/api/sync/push', { client_id: 'dispute-desk-1', mutations: [{ id: 2, name: 'dispute.accept', args: { id, remedy: 'redeliver' } }] });
    expect(again.body.results[0]).toMatchObject({ status: 'rejected', code: 'dispute_answered' });
    expect(await notificationsOf(knex(), buyer.user.id, 'dispute.rejected')).toHaveLength(1);
  });

  it('reminds the seller once past the deadline, and shows the admin the overdue disputes', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const po = await acceptedOrder(buyer, seller, [10]);
    await insertReceipt(knex(), po.id);
    const opened = await open(buyer, po.id, { lines: [{ purchase_order_line_id: po.lines[0], quantity: 1 }] });
    const admin = await as(server, 'admin');
    const listed = async () => ((await admin.get('/api/admin/disputes?limit=100')).body as Array<{ id: string; overdue: boolean }>).filter((d) => d.id === opened.body.id);
    expect(await listed()).toEqual([]);
    const clock = { now: () => new Date(Date.now() + 6 * 86_400_000) } as Clock;
    await sweepOverdueDisputes(knex(), clock);
    await knex()('disputes').where({ id: opened.body.id }).update({ due_at: new Date(Date.now() - 60_000).toISOString() });
    await sweepOverdueDisputes(knex(), { now: () => new Date() } as Clock);
    await sweepOverdueDisputes(knex(), { now: () => new Date() } as Clock);
    expect(await notificationsOf(knex(), seller.user.id, 'dispute.overdue')).toHaveLength(1);
    expect(await listed()).toMatchObject([{ overdue: true }]);
    expect((await buyer.get('/api/admin/disputes')).status).toBe(403);
  });
});
