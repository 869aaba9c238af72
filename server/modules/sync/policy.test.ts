/**
 * The feed's audiences against what REST shows, per entity: for every user, the rows the
 * area's `visible(query, user)` lets REST show must all be addressed to that user in the
 * change log (everyone, their role, or them), except the deliberate narrowings listed
 * below with their reasons; and a full pull serves exactly the rows REST shows minus
 * those narrowings. The rows come from the demo seed (through the backfill) and from
 * service calls that move them through their lifecycles (through the services' own
 * change-log writes).
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, driverOf, joinCompany, postBid, postOffer, postOrder, postProject } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { loadSessionUser, type SessionUser } from '../../auth/session-user';
import { seedDemo } from '../../seed/demo';
import type { EntityPolicy } from '../../db/policy';
import type { SyncEntity } from '../../../shared/sync';
import { categoryQuery } from '../categories/service';
import { productQuery } from '../products/queries';
import { bidQuery, projectQuery } from '../projects/queries';
import { openingQuery } from '../projects/tender-opening';
import { objectionQuery } from '../projects/tender-objections';
import { orderQuery, responseQuery } from '../instant-orders/queries';
import { offerQuery, requestQuery } from '../transport/queries';
import { deliveryQuery } from '../deliveries/queries';
import { quoteQuery, rfqQuery } from '../rfqs/queries';
import { purchaseOrderQuery } from '../purchase-orders/queries';
import { invoiceQuery } from '../invoices/queries';
import { goodsReceiptQuery } from '../goods-receipts/queries';
import { disputeQuery } from '../disputes/queries';
import { purchaseRequestQuery } from '../purchase-requests/queries';
import { siteQuery } from '../sites/queries';
import { documentQuery } from '../projects/documents';
import { envelopeQuery } from '../projects/tender-envelopes';
import { clearInvoice, insertInvoice } from '../../test/invoice-rows';
import { POLICIES, backfillChangeLog } from '../../registry/backfill';
import { syncRegistry } from '../../registry/sync';
import { pull } from './pull';

/** Each entity's rows as its REST reads select them, before `visible` narrows them. */
const REST_QUERY: Record<SyncEntity, (db: Knex) => Knex.QueryBuilder> = {
  category: (db) => categoryQuery(db),
  plan: (db) => db('subscription_plans').select('id'),
  product: (db) => productQuery(db, 'ar'),
  project: (db) => projectQuery(db, new Date()),
  bid: (db) => bidQuery(db),
  instant_order: (db) => orderQuery(db, new Date()),
  instant_order_response: (db) => responseQuery(db),
  transport_request: (db) => requestQuery(db),
  transport_offer: (db) => offerQuery(db),
  notification: (db) => db('notifications').select('id'),
  profile: (db) => db('profiles').select('user_id as id'),
  subscription: (db) => db('subscriptions').select('user_id as id'),
  tender_opening: (db) => openingQuery(db),
  objection: (db) => objectionQuery(db),
  delivery: (db) => deliveryQuery(db),
  rfq: (db) => rfqQuery(db),
  rfq_quote: (db) => quoteQuery(db),
  purchase_order: (db) => purchaseOrderQuery(db),
  invoice: (db) => invoiceQuery(db),
  goods_receipt: (db) => goodsReceiptQuery(db),
  dispute: (db) => disputeQuery(db, new Date()),
  purchase_request: (db) => purchaseRequestQuery(db),
  site: (db) => siteQuery(db),
  project_document: (db) => documentQuery(db).select('p.government_id'),
  technical_envelope: (db) => envelopeQuery(db),
};

type Row = { id: string } & Record<string, unknown>;

/**
 * Rows REST shows a user that the feed deliberately does not send them, and why. Each is
 * read online only; the feed carries what a user works on offline.
 */
const DRIVER_OFFLINE = {
  reason: "a driver's device holds their deliveries and notifications only; the catalogue and the plans are browsed online",
  applies: (user: SessionUser) => user.role === 'driver',
};
const NARROWED: Partial<Record<SyncEntity, { reason: string; applies: (user: SessionUser, row: Row) => boolean }>> = {
  product: DRIVER_OFFLINE,
  category: DRIVER_OFFLINE,
  plan: DRIVER_OFFLINE,
  project: {
    reason:
      "a government browses other governments' open projects online, and an admin every project; the feed sends projects to contractors (who bid) and to their owner",
    applies: (user, row) => row.government_id !== user.id && (user.role === 'government' || user.is_admin),
  },
  project_document: {
    reason: "a government reads other governments' tender documents online, and an admin every tender's; the feed sends them to contractors and to the tender's owner",
    applies: (user, row) => row.government_id !== user.id && (user.role === 'government' || user.is_admin),
  },
  tender_opening: {
    reason: "an admin audits an awarded tender's opening record online; the feed sends it to the owner and the bidders",
    applies: (user, row) => user.is_admin && row.project_id !== undefined,
  },
  instant_order: {
    reason: 'an admin sees every order online; the feed sends orders to suppliers (who offer) and to their contractor',
    applies: (user, row) => user.is_admin && user.role !== 'supplier' && row.contractor_id !== user.id,
  },
  transport_request: {
    reason:
      'pending requests are public listings anyone may browse online, and an admin sees all; the feed sends requests to transport companies (who quote) and to their requester',
    applies: (user, row) => row.requester_id !== user.id && user.role !== 'transport' && (row.status === 'pending' || user.is_admin),
  },
};

describe('the feed addresses what REST shows', () => {
  let server: TestServer;
  let knex: Knex;
  let users: SessionUser[];

  beforeAll(async () => {
    server = await startTestServer();
    knex = server.db.knex;
    await seedDemo(knex);
    // The test's users are inserted directly (as the seed's are), so the backfill records
    // them; every row after that is written by the services, with their own change rows.
    const government = await as(server, 'government');
    const [winner, loser, bystander] = [await as(server, 'contractor'), await as(server, 'contractor'), await as(server, 'contractor')];
    const [supplier, otherSupplier] = [await as(server, 'supplier'), await as(server, 'supplier')];
    const carrier = await as(server, 'transport');
    await backfillChangeLog(knex);

    // Awarded (in its standstill, objected to by the loser), opened and not awarded, and
    // still sealed: the owner must be addressed the bids of the first two only.
    const awarded = await postProject(government);
    const won = (await postBid(winner, awarded.id)).body;
    await postBid(loser, awarded.id);
    expect((await government.post(`/api/projects/${awarded.id}/close-bidding`, {})).status).toBe(200);
    expect((await government.post(`/api/projects/${awarded.id}/award`, { bid_id: won.id })).status).toBe(200);
    expect((await loser.post(`/api/projects/${awarded.id}/objections`, { reason: 'السعر غير واقعي' })).status).toBe(201);
    const opened = await postProject(government);
    await postBid(loser, opened.id);
    await postBid(bystander, opened.id);
    expect((await government.post(`/api/projects/${opened.id}/close-bidding`, {})).status).toBe(200);
    // Opened with no bid at all: the owner still holds its (empty) opening record.
    await government.post(`/api/projects/${(await postProject(government)).id}/close-bidding`, {});
    const sealed = await postProject(government);
    await postBid(winner, sealed.id);
    const withdrawn = await postProject(government);
    const bid = (await postBid(bystander, withdrawn.id)).body;
    expect((await bystander.post(`/api/bids/${bid.id}/withdraw`, {})).status).toBe(200);
    // Two envelopes: one with its financial envelopes opened (the loser failed: its bid never
    // reaches the owner, its technical envelope does), and one still sealed.
    const tech = { technical: { text: 'منهجية التنفيذ', document_ids: [] } };
    const twoEnvelopes = await postProject(government, { envelopes: 2 });
    const passed = (await postBid(winner, twoEnvelopes.id, tech)).body;
    const failed = (await postBid(loser, twoEnvelopes.id, tech)).body;
    expect((await government.post(`/api/projects/${twoEnvelopes.id}/close-bidding`, {})).status).toBe(200);
    const results = [{ bid_id: passed.id, pass: true }, { bid_id: failed.id, pass: false, reason: 'غير مستوفٍ' }];
    expect((await government.post(`/api/projects/${twoEnvelopes.id}/technical-evaluation`, { results })).status).toBe(200);
    expect((await government.post(`/api/projects/${twoEnvelopes.id}/open-financial`, {})).status).toBe(200);
    await postBid(bystander, (await postProject(government, { envelopes: 2 })).id, tech);

    const order = await postOrder(winner);
    const offer = (await postOffer(supplier, order.id)).body;
    await postOffer(otherSupplier, order.id);
    expect((await winner.post(`/api/instant-orders/${order.id}/accept`, { response_id: offer.id })).status).toBe(200);
    await postOrder(loser);
    // The order's invoice, rejected by ZATCA (its seller's only), then issued again and
    // cleared (its buyer's too): written as the chain stores them, each with its change.
    const po = await knex('purchase_orders').where({ buyer_id: winner.user.id, seller_id: supplier.user.id }).first('id', 'seller_id', 'buyer_id');
    await insertInvoice(knex, po, { status: 'rejected' });
    await clearInvoice(knex, await insertInvoice(knex, po, { status: 'pending' }));
    // A dispute of the order's buyer on what it received: addressed to its two parties only.
    // The seller accepts the order (an instant order's is issued to it), the buyer receives 1 of it and disputes that.
    expect((await supplier.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    const poLine = await knex('purchase_order_lines').where({ purchase_order_id: po.id }).first('id');
    const receipt = { id: crypto.randomUUID(), lines: [{ purchase_order_line_id: poLine.id, received_quantity: 1 }] };
    expect((await winner.post(`/api/purchase-orders/${po.id}/receipts`, receipt)).status).toBe(201);
    const dispute = { id: crypto.randomUUID(), reason: 'أكياس ممزقة', lines: [{ purchase_order_line_id: poLine.id, quantity: 1 }] };
    expect((await winner.post(`/api/purchase-orders/${po.id}/disputes`, dispute)).status).toBe(201);

    // Transport for that order: carried by the carrier's driver (the supplier is a party).
    const dealRequest = (
      await winner.post('/api/transport-requests', { pickup_location: 'ينبع', delivery_location: 'الرياض', cargo_description: 'حديد', instant_order_id: order.id, budget: 3000 })
    ).body;
    const dealQuote = (await carrier.post('/api/transport-offers', { transport_request_id: dealRequest.id, quoted_price: 2500 })).body;
    expect((await winner.post(`/api/transport-requests/${dealRequest.id}/accept`, { offer_id: dealQuote.id })).status).toBe(200);
    const driver = await driverOf(server, carrier);
    expect((await carrier.post(`/api/transport-requests/${dealRequest.id}/assign`, { driver_id: driver.user.id, vehicle_plate: 'أ ب ج 1234' })).status).toBe(200);

    const request = (
      await loser.post('/api/transport-requests', {
        pickup_location: 'الرياض',
        delivery_location: 'جدة',
        cargo_description: 'حديد',
        cargo_weight: 1000,
        budget: 4500,
      })
    ).body;
    const quote = (await carrier.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 4000 })).body;
    expect((await loser.post(`/api/transport-requests/${request.id}/accept`, { offer_id: quote.id })).status).toBe(200);

    // A site of the winner's company, and a request on it raised by a member: the company's people only.
    const member = await signInAs(server, { role: null });
    await joinCompany(knex, member.user.id, winner.user.id, 'member');
    const site = { id: crypto.randomUUID(), name: 'برج الياسمين', location: 'الرياض', budget_lines: [{ id: crypto.randomUUID(), description: 'خرسانة', quantity: 100, unit: 'م3', budget_amount: 30000 }] };
    expect((await winner.post('/api/sites', site)).status).toBe(201);
    const line = { id: crypto.randomUUID(), budget_line_id: site.budget_lines[0].id, description: 'خرسانة', quantity: 10, unit: 'م3', estimated_unit_price: 250 };
    expect((await member.post('/api/purchase-requests', { id: crypto.randomUUID(), site_id: site.id, lines: [line] })).status).toBe(201);

    const ids: Array<{ id: string }> = await knex('users').whereNull('deleted_at').select('id');
    users = (await Promise.all(ids.map((u) => loadSessionUser(knex, server.config, u.id)))).filter((u): u is SessionUser => !!u);
    expect(users.filter((u) => u.is_admin).length).toBeGreaterThan(0);
  }, 180_000); // the demo seed and every lifecycle above
  afterAll(() => server.close());

  /**
   * The ids of `entity` whose change rows reach `user`, as the pull selects them: those
   * addressed to their account (a member's is their company's; a driver's is their own,
   * and only those).
   */
  async function addressed(entity: SyncEntity, user: SessionUser): Promise<Set<string>> {
    const rows: Array<{ entity_id: string }> = await knex('changes')
      .where({ entity })
      .where((w) => {
        if (user.role === 'driver') return w.where({ audience_type: 'user', audience: user.account_id });
        w.where('audience_type', 'all').orWhere((u) => u.where({ audience_type: 'user', audience: user.account_id }));
        if (user.role) w.orWhere((r) => r.where({ audience_type: 'role', audience: user.role }));
      })
      .distinct('entity_id');
    return new Set(rows.map((r) => r.entity_id));
  }

  /** What a client of `user` holds of `entity` after pulling everything from scratch. */
  async function pulled(entity: SyncEntity, user: SessionUser): Promise<Set<string>> {
    const held = new Set<string>();
    let cursor: string | undefined;
    for (;;) {
      const res = await pull(knex, syncRegistry.loaders, user, { cursor, limit: 1000, now: new Date() });
      if ('reset' in res) throw new Error('unexpected reset');
      for (const c of res.changes) {
        if (c.entity !== entity) continue;
        if (c.op === 'upsert') held.add(c.id);
        else held.delete(c.id);
      }
      cursor = res.cursor;
      if (!res.has_more) return held;
    }
  }

  for (const policy of POLICIES as ReadonlyArray<EntityPolicy<object>>) {
    const narrowed = NARROWED[policy.entity];
    it(`${policy.entity}: the feed sends each user what REST shows them${narrowed ? `, except: ${narrowed.reason}` : ''}`, async () => {
      let shown = 0;
      let narrowings = 0;
      for (const user of users) {
        const visible: Row[] = await knex.select('*').from(policy.visible(REST_QUERY[policy.entity](knex), user).as('v'));
        const reach = await addressed(policy.entity, user);
        const missing = visible.filter((r) => !reach.has(r.id));
        const unexplained = missing.filter((r) => !narrowed?.applies(user, r));
        expect(unexplained.map((r) => r.id), `${policy.entity} shown to ${user.email} (${user.role}) but not addressed`).toEqual([]);
        narrowings += missing.length;

        const expected = visible.filter((r) => reach.has(r.id)).map((r) => r.id);
        expect([...(await pulled(policy.entity, user))].sort(), `${policy.entity} pulled by ${user.email}`).toEqual(expected.sort());
        shown += expected.length;
      }
      expect(shown, 'the fixture has rows of this entity that reach someone').toBeGreaterThan(0);
      if (narrowed) expect(narrowings, 'the listed narrowing still happens').toBeGreaterThan(0);
    });
  }
});
