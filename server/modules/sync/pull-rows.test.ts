/**
 * The feed sends each entity's rows in the shape of its shared row schema (SYNC_ROWS),
 * the one the client parses every pulled page with: a row that does not fit would stop
 * every client's sync.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_ENTITIES, pullPageSchema, type Change } from '../../../shared/sync';
import { startTestServer, type TestServer } from '../../test/harness';
import { signInAs } from '../../test/sign-in';
import { backfillChangeLog } from '../../registry/backfill';
import { insertInvoice } from '../../test/invoice-rows';

type Client = Awaited<ReturnType<typeof signInAs>>;

describe('the rows of the feed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function push(client: Client, mutations: Array<{ name: string; args: Record<string, unknown> }>) {
    const res = await client.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: mutations.map((m, i) => ({ id: i + 1, ...m })) });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string; code?: string }) => r.code ?? r.status)).toEqual(mutations.map(() => 'applied'));
  }

  /** Every page of the user's feed, each parsed as the client parses it. */
  async function pullParsed(client: Client): Promise<Change[]> {
    const changes: Change[] = [];
    let cursor = '';
    for (let i = 0; i < 100; i++) {
      const res = await client.get(`/api/sync/pull?cursor=${cursor}&limit=20`);
      expect(res.status).toBe(200);
      const parsed = pullPageSchema.safeParse(res.body);
      expect(parsed.error?.issues ?? []).toEqual([]);
      changes.push(...parsed.data!.changes);
      cursor = parsed.data!.cursor;
      if (!parsed.data!.has_more) break;
    }
    return changes;
  }

  it('parses with the shared row schemas, for every entity, as each role receives them', async () => {
    const [supplier, contractor, government, transport] = await Promise.all(
      (['supplier', 'contractor', 'government', 'transport'] as const).map((role) => signInAs(server, { role, company_name: `شركة ${role}` })),
    );
    const project = crypto.randomUUID();
    const order = crypto.randomUUID();
    const request = crypto.randomUUID();
    await push(government, [{ name: 'project.create', args: { id: project, title: 'مدرسة', description: 'بناء مدرسة', location: 'تبوك', budget: 1_000_000 } }]);
    const bid = crypto.randomUUID();
    await push(contractor, [
      { name: 'bid.create', args: { id: bid, project_id: project, amount: 900_000, proposal: 'عرض' } },
      { name: 'instant_order.create', args: { id: order, title: 'رمل', description: 'رمل ناعم', unit: 'م3', location: 'أبها' } },
      { name: 'transport_request.create', args: { id: request, pickup_location: 'جدة', delivery_location: 'مكة', cargo_description: 'حديد' } },
      { name: 'subscription.free_trial', args: {} },
    ]);
    await push(supplier, [
      { name: 'product.create', args: { id: crypto.randomUUID(), name: 'أسمنت', price: 18.5, unit: 'كيس', specifications: { grade: '42.5' } } },
      { name: 'instant_order_response.create', args: { id: crypto.randomUUID(), instant_order_id: order, offered_price: 800 } },
    ]);
    // An RFQ to the supplier, quoted and awarded: the RFQ, the quote and a purchase order.
    const [rfq, rfqLine, rfqQuote] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const closesAt = new Date(Date.now() + 86_400_000).toISOString();
    const lines = [{ id: rfqLine, description: 'أسمنت', quantity: 10, unit: 'كيس' }];
    await push(contractor, [{ name: 'rfq.create', args: { id: rfq, title: 'مواد', location: 'أبها', closes_at: closesAt, audience: 'invited', supplier_ids: [supplier.user.id], lines } }]);
    await push(supplier, [{ name: 'rfq_quote.submit', args: { id: rfqQuote, rfq_id: rfq, delivery_days: 2, valid_until: '2027-01-31', lines: [{ rfq_line_id: rfqLine, unit_price: 18 }] } }]);
    await push(contractor, [{ name: 'rfq.award', args: { id: rfq, awards: [{ rfq_line_id: rfqLine, quote_id: rfqQuote }] } }]);
    // Its invoice, cleared: both parties receive it.
    const po = await server.db.knex('purchase_orders').where({ buyer_id: contractor.user.id }).first('id', 'seller_id', 'buyer_id');
    await insertInvoice(server.db.knex, po, { status: 'cleared' });
    // Accepted and partly received, with a dispute on the torn bags: a goods receipt and a dispute.
    await push(supplier, [{ name: 'purchase_order.accept', args: { id: po.id } }]);
    const poLine = (await server.db.knex('purchase_order_lines').where({ purchase_order_id: po.id }).first('id')).id;
    await push(contractor, [
      { name: 'goods_receipt.record', args: { id: crypto.randomUUID(), purchase_order_id: po.id, lines: [{ purchase_order_line_id: poLine, received_quantity: 6, rejected_quantity: 2, rejection_reason: 'damaged' }] } },
      { name: 'dispute.open', args: { id: crypto.randomUUID(), purchase_order_id: po.id, reason: 'أكياس ممزقة', lines: [{ purchase_order_line_id: poLine, quantity: 2 }] } },
    ]);
    const quote = crypto.randomUUID();
    await push(transport, [{ name: 'transport_offer.create', args: { id: quote, transport_request_id: request, quoted_price: 1500 } }]);
    // The quote accepted and the job given to the company's driver: a delivery.
    await push(contractor, [{ name: 'transport_request.accept', args: { id: request, offer_id: quote } }]);
    const driver = await signInAs(server, { role: null });
    await server.db.knex('company_members').insert({ user_id: driver.user.id, company_id: transport.user.id, role: 'driver' });
    await push(transport, [{ name: 'delivery.assign', args: { id: request, driver_id: driver.user.id, vehicle_plate: 'أ ب ج 1' } }]);
    // A tender opened and awarded, with an objection: the opening record and the objection.
    const loser = await signInAs(server, { role: 'contractor', company_name: 'شركة أخرى' });
    await push(loser, [{ name: 'bid.create', args: { id: crypto.randomUUID(), project_id: project, amount: 950_000, proposal: 'عرض آخر' } }]);
    await push(government, [
      { name: 'project.closeBidding', args: { id: project } },
      { name: 'project.award', args: { id: project, bid_id: bid } },
    ]);
    await push(loser, [{ name: 'objection.create', args: { id: crypto.randomUUID(), project_id: project, reason: 'اعتراض' } }]);
    // A two-envelope tender past its opening: the bidder's technical envelope reaches it and the owner.
    const twoEnvelopes = crypto.randomUUID();
    await push(government, [{ name: 'project.create', args: { id: twoEnvelopes, title: 'مدرسة', description: 'مبنى', location: 'الرياض', envelopes: 2, bid_bond_percent: 2 } }]);
    await push(contractor, [
      { name: 'bid.create', args: { id: crypto.randomUUID(), project_id: twoEnvelopes, amount: 800_000, proposal: 'عرضنا', technical: { text: 'منهجية', document_ids: [] } } },
    ]);
    await push(government, [{ name: 'project.closeBidding', args: { id: twoEnvelopes } }]);
    // A site of the contractor's company with an unpriced purchase request on it (which waits for the owner): both reach the company.
    const site = crypto.randomUUID();
    await push(contractor, [
      { name: 'site.create', args: { id: site, name: 'برج', location: 'الرياض' } },
      { name: 'purchase_request.create', args: { id: crypto.randomUUID(), site_id: site, lines: [{ id: crypto.randomUUID(), description: 'حديد', quantity: 2, unit: 'طن' }] } },
    ]);
    // A document of the tender, as its owner attached it (the file itself is the documents' own tests').
    await server.db.knex('project_documents').insert({
      id: crypto.randomUUID(), project_id: project, type: 'specification', title: 'كراسة الشروط', filename: 'booklet.pdf', format: 'pdf', bytes: 1234,
      hash: 'a'.repeat(64), published_by: government.user.id, published_at: new Date(), updated_at: new Date(),
    });
    await backfillChangeLog(server.db.knex);

    const seen = new Set<string>();
    for (const client of [supplier, contractor, government, transport]) {
      for (const change of await pullParsed(client)) if (change.op === 'upsert') seen.add(change.entity);
    }
    expect([...seen].sort()).toEqual([...SYNC_ENTITIES].sort());
  });
});
