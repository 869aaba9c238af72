/**
 * Goods receipts and the order that follows them, through REST and the sync push: the
 * buyer's company records what it counted, once per device id, never above the order
 * beyond its tolerance; the order moves to partially_received and received; the seller
 * sees each receipt and is told (high priority when anything was rejected); close-short
 * cancels what is still open.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, audiences, changesOf, joinCompany, notificationsOf, type Client } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';
import { refusal, runMutation } from '../../test/mutations';
import { loadSessionUser, type SessionUser } from '../../auth/session-user';
import { mutations } from './mutations';
import { mutations as orderMutations } from '../purchase-orders/mutations';

describe('goods receipts', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;
  const sessionOf = async (c: Client) => (await loadSessionUser(knex(), server.config, c.user.id)) as SessionUser;

  /** An order of two lines (10 and 20 bags) from an award, accepted by its seller unless told otherwise. */
  async function order(accept = true) {
    const buyer = await as(server, 'contractor', { company_name: 'مقاولات الشرق' });
    const seller = await as(server, 'supplier', { company_name: 'مورد الشمال' });
    await sellIn(seller, category);
    const rfq = await postRfq(buyer, rfqBody(category, {}, 2));
    const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5, [rfq.lines[1].id]: 7 }));
    const awards = rfq.lines.map((l: { id: string }) => ({ rfq_line_id: l.id, quote_id: q.id }));
    const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards })).body;
    if (accept) expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    const lines = po.lines.map((l: { id: string }) => l.id) as [string, string];
    return { buyer, seller, po: po as { id: string; number: string }, lines };
  }
  const receipt = (lines: Array<[string, number, number?]>) => ({
    id: crypto.randomUUID(),
    lines: lines.map(([id, received, rejected]) => ({
      purchase_order_line_id: id,
      received_quantity: received,
      ...(rejected ? { rejected_quantity: rejected, rejection_reason: 'damaged' } : {}),
    })),
  });
  const post = (c: Client, poId: string, body: unknown) => c.post(`/api/purchase-orders/${poId}/receipts`, body);
  const orderOf = async (c: Client, id: string) => (await c.get(`/api/purchase-orders/${id}`)).body;

  it('is recorded by the buyer, moves the order to partially_received, and reaches the seller', async () => {
    const { buyer, seller, po, lines } = await order();
    const res = await post(buyer, po.id, receipt([[lines[0], 4]]));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ purchase_order_id: po.id, purchase_order_number: po.number, received_by: buyer.user.id, lines: [{ purchase_order_line_id: lines[0], received_quantity: 4, rejected_quantity: 0 }] });
    const seen = await orderOf(seller, po.id);
    expect(seen.status).toBe('partially_received');
    expect(seen.lines[0]).toMatchObject({ received_quantity: 4, rejected_quantity: 0, accepted_quantity: 4, cancelled_quantity: 0 });
    expect((await seller.get(`/api/purchase-orders/${po.id}/receipts`)).body.map((r: { id: string }) => r.id)).toEqual([res.body.id]);
    expect((await (await as(server, 'supplier')).get(`/api/purchase-orders/${po.id}/receipts`)).status).toBe(404);
    expect((await changesOf(knex(), 'goods_receipt', res.body.id)).audiences).toEqual(audiences(`user:${buyer.user.id}`, `user:${seller.user.id}`));
    const [told] = await notificationsOf(knex(), seller.user.id, 'goods_receipt.recorded');
    expect(told).toMatchObject({ priority: 'normal', params: { number: po.number, company: 'مقاولات الشرق', purchase_order_id: po.id, rejected: 0 } });
  });

  it("keeps each order line's received and rejected sums equal to its receipt lines, whatever writes them", async () => {
    const { buyer, po, lines } = await order();
    const first = receipt([[lines[0], 4, 1], [lines[1], 5]]);
    const second = receipt([[lines[0], 3]]);
    for (const r of [first, second]) expect((await post(buyer, po.id, r)).status).toBe(201);
    const sums = async () => (await orderOf(buyer, po.id)).lines.map((l: { received_quantity: number; rejected_quantity: number }) => [l.received_quantity, l.rejected_quantity]);
    expect(await sums()).toEqual([[7, 1], [5, 0]]);
    // Writes outside the service (a correction by hand, a receipt removed) move the sums too.
    await knex()('goods_receipt_lines').where({ goods_receipt_id: first.id, purchase_order_line_id: lines[0] }).update({ received_quantity: 6, rejected_quantity: 2 });
    expect(await sums()).toEqual([[9, 2], [5, 0]]);
    await knex()('goods_receipts').where({ id: second.id }).delete();
    expect(await sums()).toEqual([[6, 2], [5, 0]]);
  });

  it('answers the receipt already recorded when the same id comes again, by REST or by the push', async () => {
    const { buyer, po, lines } = await order();
    const body = receipt([[lines[0], 4]]);
    const first = await post(buyer, po.id, body);
    const again = await post(buyer, po.id, body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    const pushed = await runMutation(knex(), server, mutations, 'goods_receipt.record', await sessionOf(buyer), { ...body, purchase_order_id: po.id });
    expect(pushed).toEqual({ created: false });
    expect(await knex()('goods_receipts').where({ purchase_order_id: po.id }).count('* as n').first()).toMatchObject({ n: 1 });
    expect((await orderOf(buyer, po.id)).lines[0].received_quantity).toBe(4);
    // A receipt that filled the order, sent again, is answered with itself, not refused as over the order.
    const rest = receipt([[lines[0], 6], [lines[1], 20]]);
    const filled = await post(buyer, po.id, rest);
    expect([filled.status, (await orderOf(buyer, po.id)).status]).toEqual([201, 'received']);
    const filledAgain = await post(buyer, po.id, rest);
    expect([filledAgain.status, filledAgain.body]).toEqual([200, filled.body]);
    // The same id on another order is a conflict.
    const other = await order();
    const elsewhere = await post(other.buyer, other.po.id, { ...body, lines: [{ purchase_order_line_id: other.lines[0], received_quantity: 1 }] });
    expect(elsewhere.status).toBe(409);
  });

  it('goes through the sync push: recorded, the same mutation again answers it, an over-receipt is rejected with its code', async () => {
    const { buyer, po, lines } = await order();
    const push = (mutations: unknown[]) => buyer.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations });
    const body = { ...receipt([[lines[1], 5]]), purchase_order_id: po.id };
    const first = await push([{ id: 1, name: 'goods_receipt.record', args: body }]);
    expect(first.body.results[0], first.text).toMatchObject({ status: 'applied' });
    const retried = await push([{ id: 1, name: 'goods_receipt.record', args: body }, { id: 2, name: 'goods_receipt.record', args: { ...receipt([[lines[1], 15.1]]), purchase_order_id: po.id } }]);
    expect(retried.body.results.map((r: { status: string; code?: string }) => [r.status, r.code])).toEqual([['applied', undefined], ['rejected', 'over_received']]);
    expect((await orderOf(buyer, po.id)).lines[1]).toMatchObject({ received_quantity: 5, accepted_quantity: 5 });
  });

  it("is the buyer's company's only: a member records, the seller is refused, anyone else gets 404", async () => {
    const { buyer, seller, po, lines } = await order();
    const bySeller = await post(seller, po.id, receipt([[lines[0], 1]]));
    expect([bySeller.status, bySeller.body.code]).toEqual([403, 'not_the_buyer']);
    expect((await post(await as(server, 'contractor'), po.id, receipt([[lines[0], 1]]))).status).toBe(404);
    const member = await signInAs(server, { role: null });
    await joinCompany(knex(), member.user.id, buyer.user.id, 'member');
    const byMember = await post(member, po.id, receipt([[lines[0], 1]]));
    expect(byMember.status, byMember.text).toBe(201);
    expect(byMember.body.received_by).toBe(member.user.id);
  });

  it('is refused on an order its seller has not accepted, and on a closed one', async () => {
    const { buyer, po, lines } = await order(false);
    const res = await post(buyer, po.id, receipt([[lines[0], 1]]));
    expect([res.status, res.body.code]).toEqual([409, 'order_not_receivable']);
    const pushed = await refusal(runMutation(knex(), server, mutations, 'goods_receipt.record', await sessionOf(buyer), { ...receipt([[lines[0], 1]]), purchase_order_id: po.id }));
    expect(pushed).toEqual({ status: 409, code: 'order_not_receivable' });
    const other = await order();
    expect((await post(other.buyer, other.po.id, receipt([[other.lines[0], 10], [other.lines[1], 20]]))).status).toBe(201);
    expect((await orderOf(other.buyer, other.po.id)).status).toBe('received');
    expect((await other.buyer.post(`/api/purchase-orders/${other.po.id}/close`, {})).body.status).toBe('closed');
    expect((await post(other.buyer, other.po.id, receipt([[other.lines[0], 0.1]]))).body.code).toBe('order_not_receivable');
  });

  it('refuses a line of another order and a photo of another file', async () => {
    const { buyer, po, lines } = await order();
    const other = await order();
    const res = await post(buyer, po.id, receipt([[lines[0], 1], [other.lines[0], 1]]));
    expect([res.status, res.body.code]).toEqual([400, 'validation_failed']);
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['lines.1.purchase_order_line_id']);
    // An id that is no order's line at all is the same refusal, and nothing of the receipt stays.
    const nowhere = await post(buyer, po.id, receipt([[crypto.randomUUID(), 1], [lines[0], 1]]));
    expect([nowhere.status, nowhere.body.code, nowhere.body.details?.map((d: { path: string }) => d.path)]).toEqual([400, 'validation_failed', ['lines.0.purchase_order_line_id']]);
    const photo = crypto.randomUUID();
    await knex()('order_photos').insert({ id: photo, purchase_order_id: other.po.id, company_id: other.buyer.user.id, hash: 'a'.repeat(64), width: 1, height: 1, bytes: 1 });
    const body = receipt([[lines[0], 1]]);
    const withPhoto = await post(buyer, po.id, { ...body, lines: [{ ...body.lines[0], photo_ids: [photo] }] });
    expect(withPhoto.status).toBe(409);
    const fresh = crypto.randomUUID();
    const ok = await post(buyer, po.id, { ...body, lines: [{ ...body.lines[0], photo_ids: [fresh] }] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.lines[0].photo_ids).toEqual([fresh]);
    expect(await knex()('goods_receipts').where({ purchase_order_id: po.id }).pluck('id')).toEqual([body.id]);
  });

  it('never accepts above the order beyond the tolerance; what is rejected does not count', async () => {
    const { buyer, seller, po, lines } = await order();
    expect((await post(buyer, po.id, receipt([[lines[0], 8]]))).status).toBe(201);
    const over = await post(buyer, po.id, receipt([[lines[1], 5], [lines[0], 2.1]]));
    expect([over.status, over.body.code]).toEqual([409, 'over_received']);
    expect(over.body.details).toEqual([expect.objectContaining({ path: 'lines.1.received_quantity', code: 'over_received' })]);
    // 2.1 received of which 0.1 rejected: 10 accepted, exactly the line.
    expect((await post(buyer, po.id, receipt([[lines[0], 2.1, 0.1]]))).status).toBe(201);
    expect((await orderOf(buyer, po.id)).lines[0]).toMatchObject({ received_quantity: 10.1, rejected_quantity: 0.1, accepted_quantity: 10 });
    const told = await notificationsOf(knex(), seller.user.id, 'goods_receipt.recorded');
    expect(told.map((n) => [n.priority, n.params.rejected])).toEqual([['normal', 0], ['high', 1]]);
    // 5 % of 20 is 1 more: 21 is taken, 21.1 is not.
    expect((await buyer.post('/api/profiles', { role: 'contractor', receipt_tolerance_percent: 5 })).status).toBe(200);
    expect((await post(buyer, po.id, receipt([[lines[1], 21.1]]))).body.code).toBe('over_received');
    expect((await post(buyer, po.id, receipt([[lines[1], 21]]))).status).toBe(201);
    expect((await orderOf(seller, po.id)).status).toBe('received');
  });

  it('closes short what is open (REST and push): cancelled on each line, closed, the seller told', async () => {
    const { buyer, seller, po, lines } = await order();
    expect((await seller.post(`/api/purchase-orders/${po.id}/close-short`, {})).body.code).toBe('not_the_buyer');
    expect((await post(buyer, po.id, receipt([[lines[0], 4, 1]]))).status).toBe(201);
    const res = await buyer.post(`/api/purchase-orders/${po.id}/close-short`, {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('closed');
    expect(res.body.lines.map((l: { cancelled_quantity: number }) => l.cancelled_quantity)).toEqual([7, 20]);
    expect(await notificationsOf(knex(), seller.user.id, 'purchase_order.closed_short')).toHaveLength(1);
    expect((await buyer.post(`/api/purchase-orders/${po.id}/close-short`, {})).body.code).toBe('purchase_order_status_changed');
    expect((await post(buyer, po.id, receipt([[lines[0], 1]]))).body.code).toBe('order_not_receivable');

    const pushed = await order();
    const closed = await runMutation(knex(), server, orderMutations, 'purchase_order.close_short', await sessionOf(pushed.buyer), { id: pushed.po.id });
    expect(closed).toMatchObject({ status: 'closed', lines: [{ cancelled_quantity: 10 }, { cancelled_quantity: 20 }] });
  });

  it('refuses close-short from an order its seller has not accepted, and a cancel once goods were received', async () => {
    const { buyer, po } = await order(false);
    expect((await buyer.post(`/api/purchase-orders/${po.id}/close-short`, {})).body.code).toBe('purchase_order_status_changed');
    const got = await order();
    expect((await post(got.buyer, got.po.id, receipt([[got.lines[0], 1]]))).status).toBe(201);
    const cancel = await got.buyer.post(`/api/purchase-orders/${got.po.id}/cancel`, { reason: 'لم نعد نحتاجه' });
    expect([cancel.status, cancel.body.code]).toEqual([409, 'order_has_receipts']);
  });
});
