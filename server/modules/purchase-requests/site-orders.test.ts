/**
 * What a site buys, from an approved request to its purchase orders, through REST and the
 * sync push: an approved request becomes an RFQ or an instant order once, its lines, site
 * and budget lines carried over; an award or an accepted offer over what the request
 * approved (beyond the owner's tolerance) does not issue its order but waits for approval
 * at its new amount, and so does one placed on the site without a request; the approvals
 * issue it, a rejection cancels it. Each way around it is tried: the seller acting on the
 * waiting order, a member leaving the site out, a budget line of another site, a buy split
 * into small orders on one day, an approval pushed by someone not at its level.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, notificationsOf, type Client } from '../../test/factories';
import { inDays, postQuote, quoteBody } from '../../test/rfq-steps';
import { approveRequest, raiseRequest, rejectRequest, requestBody, setRules, siteCompany } from '../../test/site-steps';
import { refusal, runMutation } from '../../test/mutations';
import { loadSessionUser, type SessionUser } from '../../auth/session-user';
import { mutations as requestMutations } from './mutations';

describe("a site's orders", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;
  const sessionOf = async (c: Client) => (await loadSessionUser(knex(), server.config, c.user.id)) as SessionUser;

  const rfqFrom = (c: Client, requestId: string, supplier: Client, over: Record<string, unknown> = {}) =>
    c.post(`/api/purchase-requests/${requestId}/rfq`, { id: crypto.randomUUID(), closes_at: inDays(2), audience: 'invited', supplier_ids: [supplier.user.id], ...over });
  const read = async (c: Client, id: string) => (await c.get(`/api/purchase-requests/${id}`)).body;

  /** The supplier quotes every line of the RFQ at `price` and the buyer awards it whole; the award's response. */
  async function quoteAndAward(buyer: Client, supplier: Client, rfq: { id: string; lines: Array<{ id: string }> }, price: number) {
    const quote = await postQuote(supplier, rfq.id, quoteBody(Object.fromEntries(rfq.lines.map((l) => [l.id, price]))));
    const res = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: rfq.lines.map((l) => ({ rfq_line_id: l.id, quote_id: quote.id })) });
    expect(res.status, res.text).toBe(200);
    return res.body as Array<{ id: string; status: string; total: number; site_id: string; approval_request_id: string | null; lines: Array<{ budget_line_id: string | null }> }>;
  }

  /** A request of 10 m3 at 1,000 SAR on the first budget line (11,500 with VAT, the manager's band), approved by the manager. */
  async function approvedRequest(co: Awaited<ReturnType<typeof siteCompany>>) {
    const pr = await raiseRequest(co.engineer, co.site.id, [{ budget_line_id: co.budget[0], quantity: 10, estimated_unit_price: 1000 }], { needed_by: '2026-12-24' });
    expect((await approveRequest(co.manager, pr.id)).body.status).toBe('approved');
    return pr;
  }

  it('turns an approved request into an RFQ once, its lines, site and budget lines carried over; an award within it issues the order', async () => {
    const co = await siteCompany(server);
    const supplier = await as(server, 'supplier');
    const pr = await raiseRequest(co.engineer, co.site.id, [{ budget_line_id: co.budget[0], quantity: 10, estimated_unit_price: 1000 }], { needed_by: '2026-12-24' });
    const early = await rfqFrom(co.engineer, pr.id, supplier);
    expect([early.status, early.body.code]).toEqual([409, 'approval_required']);
    await approveRequest(co.manager, pr.id);

    const id = crypto.randomUUID();
    const made = await rfqFrom(co.engineer, pr.id, supplier, { id });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({
      id,
      site_id: co.site.id,
      purchase_request_id: pr.id,
      title: `${pr.number} · ${co.site.name}`,
      location: 'الرياض',
      needed_by: '2026-12-24',
      lines: [{ id: pr.lines[0].id, description: 'بند 1', quantity: 10, unit: 'م3', budget_line_id: co.budget[0] }],
    });
    // The same id again is the same RFQ; any other conversion is refused.
    expect((await rfqFrom(co.engineer, pr.id, supplier, { id })).status).toBe(200);
    const twice = await rfqFrom(co.owner, pr.id, supplier);
    expect([twice.status, twice.body.code]).toEqual([409, 'request_converted']);
    const asOrder = await co.owner.post(`/api/purchase-requests/${pr.id}/instant-order`, { id: crypto.randomUUID() });
    expect([asOrder.status, asOrder.body.code]).toEqual([409, 'request_converted']);
    expect(await read(co.engineer, pr.id)).toMatchObject({ rfq_id: id, instant_order_id: null, kind: 'request' });
    // The supplier reads the RFQ without the buyer's own buying.
    expect((await supplier.get(`/api/rfqs/${id}`)).body).toMatchObject({ site_id: null, purchase_request_id: null, lines: [{ budget_line_id: null }] });

    // 10 at 1,000: 11,500 with VAT, exactly what was approved.
    const [po] = await quoteAndAward(co.engineer, supplier, made.body, 1000);
    expect(po).toMatchObject({ status: 'issued', total: 11500, site_id: co.site.id, approval_request_id: null, lines: [{ budget_line_id: co.budget[0] }] });
    expect((await notificationsOf(knex(), supplier.user.id, 'rfq.awarded')).length).toBe(1);
  });

  it('holds an award over the approved amount for approval at its new amount; the approvals issue it, and the seller acts on it only then', async () => {
    const co = await siteCompany(server);
    const supplier = await as(server, 'supplier');
    const pr = await approvedRequest(co);
    const rfq = (await rfqFrom(co.engineer, pr.id, supplier)).body;
    // 10 at 5,000: 57,500 with VAT, the owner's band: the manager, then the owner.
    const [po] = await quoteAndAward(co.engineer, supplier, rfq, 5000);
    expect(po).toMatchObject({ status: 'awaiting_approval', total: 57500 });
    expect(await notificationsOf(knex(), supplier.user.id, 'rfq.awarded')).toEqual([]);
    const accept = await supplier.post(`/api/purchase-orders/${po.id}/accept`, {});
    expect([accept.status, accept.body.code]).toEqual([409, 'approval_required']);

    const held = await read(co.engineer, po.approval_request_id!);
    expect(held).toMatchObject({
      kind: 'order',
      source_request_id: pr.id,
      status: 'pending',
      amount: 57500,
      level_amount: 57500,
      required_levels: [2, 3],
      waiting_for: [co.manager.user.id],
      requested_by: co.engineer.user.id,
      purchase_orders: [{ id: po.id, number: expect.any(String), status: 'awaiting_approval', total: 57500 }],
      lines: [{ budget_line_id: co.budget[0], quantity: 10, estimated_unit_price: 5000 }],
    });
    const [told] = await notificationsOf(knex(), co.manager.user.id, 'purchase_request.order_waiting');
    expect(told.params).toMatchObject({ number: held.number, amount: 57500, purchase_request_id: held.id });
    // It is not bought again.
    const again = await rfqFrom(co.engineer, held.id, supplier);
    expect([again.status, again.body.code]).toEqual([409, 'request_converted']);

    expect((await approveRequest(co.manager, held.id)).body).toMatchObject({ status: 'pending', waiting_for: [co.owner.user.id] });
    expect((await co.engineer.get(`/api/purchase-orders/${po.id}`)).body.status).toBe('awaiting_approval');
    expect((await approveRequest(co.owner, held.id)).body).toMatchObject({ status: 'approved', purchase_orders: [{ status: 'issued' }] });
    const [issued] = await notificationsOf(knex(), supplier.user.id, 'purchase_order.issued');
    expect(issued.params).toMatchObject({ purchase_order_id: po.id, amount: 57500 });
    expect((await supplier.post(`/api/purchase-orders/${po.id}/accept`, {})).body.status).toBe('accepted');
  });

  it("lets an award through within the owner's tolerance, and cancels a held one its approver rejects, telling the seller", async () => {
    const co = await siteCompany(server);
    const supplier = await as(server, 'supplier');
    const { levels } = (await co.owner.get(`/api/sites/${co.site.id}`)).body;
    expect((await setRules(co.owner, co.site.id, levels, { tolerance_percent: 10 })).body.approval_tolerance_percent).toBe(10);

    // 10 at 1,100: 12,650, 10 % over 11,500 exactly: within.
    const within = await approvedRequest(co);
    const [ok] = await quoteAndAward(co.engineer, supplier, (await rfqFrom(co.engineer, within.id, supplier)).body, 1100);
    expect(ok).toMatchObject({ status: 'issued', total: 12650 });

    // 10 at 1,101: 12,661.50, a riyal beyond: held, then rejected.
    const beyond = await approvedRequest(co);
    const [po] = await quoteAndAward(co.engineer, supplier, (await rfqFrom(co.engineer, beyond.id, supplier)).body, 1101);
    expect(po).toMatchObject({ status: 'awaiting_approval', total: 12661.5 });
    expect((await rejectRequest(co.manager, po.approval_request_id!, 'السعر أعلى من المعتمد')).body).toMatchObject({ status: 'rejected', purchase_orders: [{ status: 'cancelled' }] });
    expect((await supplier.get(`/api/purchase-orders/${po.id}`)).body.status).toBe('cancelled');
    expect((await notificationsOf(knex(), supplier.user.id, 'purchase_order.cancelled')).map((n) => (n.params as { purchase_order_id: string }).purchase_order_id)).toEqual([po.id]);
  });

  it('puts an order placed on the site without a request through the same levels, a buy split into small orders summed for them', async () => {
    const co = await siteCompany(server);
    const supplier = await as(server, 'supplier');
    const direct = (budgetLine: string) => ({
      id: crypto.randomUUID(),
      title: 'خرسانة للأسقف',
      location: 'الرياض',
      closes_at: inDays(2),
      audience: 'invited',
      supplier_ids: [supplier.user.id],
      site_id: co.site.id,
      lines: [{ id: crypto.randomUUID(), description: 'خرسانة', quantity: 4, unit: 'م3', budget_line_id: budgetLine }],
    });
    // 4 at 1,000: 4,600 with VAT, under the first band: approved at once, the order issued.
    const first = await co.engineer.post('/api/rfqs', direct(co.budget[0]));
    expect(first.status, first.text).toBe(201);
    const [small] = await quoteAndAward(co.engineer, supplier, first.body, 1000);
    expect(small.status).toBe('issued');
    expect(await read(co.engineer, small.approval_request_id!)).toMatchObject({ kind: 'order', source_request_id: null, status: 'approved', required_levels: [] });

    // The same again on the same budget line the same day: 9,200 together, the manager's band.
    const second = (await co.engineer.post('/api/rfqs', direct(co.budget[0]))).body;
    const [split] = await quoteAndAward(co.engineer, supplier, second, 1000);
    expect(split.status).toBe('awaiting_approval');
    expect(await read(co.engineer, split.approval_request_id!)).toMatchObject({ amount: 4600, level_amount: 9200, required_levels: [2], waiting_for: [co.manager.user.id] });

    // On the other budget line it stands alone.
    const third = (await co.engineer.post('/api/rfqs', direct(co.budget[1]))).body;
    expect((await quoteAndAward(co.engineer, supplier, third, 1000))[0].status).toBe('issued');
  });

  it('keeps every order of a company that buys through its sites on a site, and each budget line on its own site', async () => {
    const co = await siteCompany(server);
    const other = await siteCompany(server);
    const supplier = await as(server, 'supplier');
    const body = (over: Record<string, unknown>) => ({
      id: crypto.randomUUID(),
      title: 'حديد',
      location: 'الرياض',
      closes_at: inDays(2),
      audience: 'invited',
      supplier_ids: [supplier.user.id],
      lines: [{ id: crypto.randomUUID(), description: 'حديد', quantity: 1, unit: 'طن' }],
      ...over,
    });
    const noSite = await co.engineer.post('/api/rfqs', body({}));
    expect([noSite.status, noSite.body.code, noSite.body.details?.[0]?.code]).toEqual([400, 'validation_failed', 'site_required']);
    const noSiteOrder = await co.engineer.post('/api/instant-orders', { id: crypto.randomUUID(), title: 'حديد', description: 'حديد', quantity: 1, unit: 'طن', location: 'الرياض' });
    expect(noSiteOrder.body.details?.[0]?.code).toBe('site_required');
    // The owner, the top of every site's levels, still buys for the company itself.
    expect((await co.owner.post('/api/rfqs', body({}))).status).toBe(201);

    const foreignLine = body({ site_id: co.site.id });
    foreignLine.lines[0] = { ...foreignLine.lines[0], budget_line_id: other.budget[0] } as (typeof foreignLine.lines)[0];
    const res = await co.engineer.post('/api/rfqs', foreignLine);
    expect([res.status, res.body.details?.[0]]).toEqual([400, expect.objectContaining({ path: 'lines.0.budget_line_id', code: 'not_of_site' })]);
    expect((await co.engineer.post('/api/rfqs', body({ site_id: other.site.id }))).status).toBe(404);
    const blank = await co.engineer.post('/api/rfqs', body({ site_id: co.site.id }));
    expect(blank.status, blank.text).toBe(201);
    expect(blank.body.lines[0].budget_line_id).toBeNull();
  });

  it('turns a one-line approved request into an instant order; the offer accepted over it waits for approval', async () => {
    const co = await siteCompany(server);
    const supplier = await as(server, 'supplier');
    const pr = await approvedRequest(co);
    const two = await raiseRequest(co.engineer, co.site.id, [{ quantity: 1, estimated_unit_price: 100 }, { quantity: 1, estimated_unit_price: 100 }]);
    const refused = await co.engineer.post(`/api/purchase-requests/${two.id}/instant-order`, { id: crypto.randomUUID() });
    expect([refused.status, refused.body.details?.[0]?.code]).toEqual([400, 'one_line_only']);

    const made = await co.engineer.post(`/api/purchase-requests/${pr.id}/instant-order`, { id: crypto.randomUUID(), urgency_level: 'urgent' });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ site_id: co.site.id, budget_line_id: co.budget[0], purchase_request_id: pr.id, quantity: 10, unit: 'م3', urgency_level: 'urgent' });
    expect((await supplier.get(`/api/instant-orders/${made.body.id}`)).body).toMatchObject({ site_id: null, budget_line_id: null, purchase_request_id: null });

    // 12,000 for the lot against 11,500 approved.
    const offer = await supplier.post('/api/instant-order-responses', { instant_order_id: made.body.id, offered_price: 12000, delivery_time_hours: 24 });
    expect(offer.status, offer.text).toBe(201);
    const accepted = await co.engineer.post(`/api/instant-orders/${made.body.id}/accept`, { response_id: offer.body.id });
    expect(accepted.status, accepted.text).toBe(200);
    const [po] = (await co.engineer.get('/api/purchase-orders')).body.filter((p: { instant_order_id: string }) => p.instant_order_id === made.body.id);
    expect(po).toMatchObject({ status: 'awaiting_approval', site_id: co.site.id, lines: [{ budget_line_id: co.budget[0] }] });
    expect(await notificationsOf(knex(), supplier.user.id, 'purchase_order.issued')).toEqual([]);
    await approveRequest(co.manager, po.approval_request_id);
    expect((await supplier.get(`/api/purchase-orders/${po.id}`)).body.status).toBe('issued');
    expect((await notificationsOf(knex(), supplier.user.id, 'purchase_order.issued')).length).toBe(1);
  });

  it('runs the conversions and the held order\'s approvals through the sync push by the same rules', async () => {
    const co = await siteCompany(server);
    const supplier = await as(server, 'supplier');
    const pr = await approvedRequest(co);
    const args = { id: crypto.randomUUID(), purchase_request_id: pr.id, closes_at: inDays(2), audience: 'invited', supplier_ids: [supplier.user.id] };
    for (const id of [1, 2]) {
      const res = await co.engineer.post('/api/sync/push', { client_id: 'engineer-phone', mutations: [{ id, name: 'purchase_request.rfq', args }] });
      expect(res.body.results[0], JSON.stringify(res.body)).toMatchObject({ status: 'applied' });
    }
    const rfq = (await co.engineer.get(`/api/rfqs/${args.id}`)).body;
    expect(rfq).toMatchObject({ purchase_request_id: pr.id, site_id: co.site.id });
    const [po] = await quoteAndAward(co.engineer, supplier, rfq, 5000);
    // The owner decides at the second level only after the manager: pushed early, it is refused.
    const deps = { config: server.config, clock: server.clock };
    expect(await refusal(runMutation(knex(), deps, requestMutations, 'purchase_request.approve', await sessionOf(co.owner), { id: po.approval_request_id }))).toEqual({
      status: 409,
      code: 'not_an_approver',
    });
    const stranger = await as(server, 'contractor');
    const foreign = await stranger.post('/api/sync/push', { client_id: 'stranger-phone', mutations: [{ id: 1, name: 'purchase_request.rfq', args: { ...args, id: crypto.randomUUID() } }] });
    expect(foreign.body.results[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect((await co.engineer.get(`/api/purchase-orders/${po.id}`)).body.status).toBe('awaiting_approval');
  });

  it("refuses a request line asking more than is left of its budget line, what the site's orders committed counted; the owner may", async () => {
    const co = await siteCompany(server);
    const supplier = await as(server, 'supplier');
    // The first budget line is 150,000; 140 m3 at 1,000 is 161,000 with VAT.
    const over = await co.engineer.post('/api/purchase-requests', requestBody(co.site.id, [{ quantity: 1, estimated_unit_price: 1 }, { budget_line_id: co.budget[0], quantity: 140, estimated_unit_price: 1000 }]));
    expect([over.status, over.body.code, over.body.details]).toEqual([409, 'over_budget_line', [expect.objectContaining({ path: 'lines.1.budget_line_id', code: 'over_budget_line' })]]);
    const deps = { config: server.config, clock: server.clock };
    const pushed = requestBody(co.site.id, [{ budget_line_id: co.budget[0], quantity: 140, estimated_unit_price: 1000 }]);
    expect(await refusal(runMutation(knex(), deps, requestMutations, 'purchase_request.create', await sessionOf(co.engineer), pushed))).toEqual({ status: 409, code: 'over_budget_line' });
    // Within it, then an order committed on it: 11,500 of the 150,000 taken.
    const [po] = await quoteAndAward(co.engineer, supplier, (await rfqFrom(co.engineer, (await approvedRequest(co)).id, supplier)).body, 1000);
    expect(po.status).toBe('issued');
    // 130 m3 is 149,500: with the 11,500 committed, over; 120 (138,000) is within.
    const after = await co.engineer.post('/api/purchase-requests', requestBody(co.site.id, [{ budget_line_id: co.budget[0], quantity: 130, estimated_unit_price: 1000 }]));
    expect(after.body.code).toBe('over_budget_line');
    expect((await co.engineer.post('/api/purchase-requests', requestBody(co.site.id, [{ budget_line_id: co.budget[0], quantity: 120, estimated_unit_price: 1000 }]))).status).toBe(201);
    // The owner, who sets the budgets, raises beyond them; a line without a price is left to the levels.
    expect((await co.owner.post('/api/purchase-requests', requestBody(co.site.id, [{ budget_line_id: co.budget[0], quantity: 140, estimated_unit_price: 1000 }]))).status).toBe(201);
    expect((await co.engineer.post('/api/purchase-requests', requestBody(co.site.id, [{ budget_line_id: co.budget[0], quantity: 400 }]))).body).toMatchObject({ amount: null, required_levels: [2, 3] });
  });

  it('refuses an unknown request, and another company its request', async () => {
    const co = await siteCompany(server);
    const pr = await approvedRequest(co);
    const stranger = await as(server, 'contractor');
    const supplier = await as(server, 'supplier');
    expect((await rfqFrom(stranger, pr.id, supplier)).status).toBe(404);
    expect((await rfqFrom(co.engineer, crypto.randomUUID(), supplier)).status).toBe(404);
    expect((await co.engineer.post(`/api/purchase-requests/${pr.id}/rfq`, requestBody(co.site.id, [{ quantity: 1 }]))).status).toBe(400);
  });
});
