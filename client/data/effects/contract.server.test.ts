/**
 * The device's optimistic write is held to the server's: every mutation of the shared
 * contract runs once on a real server, as a device does it. The device pulls, applies the
 * mutation's local effect to the rows it pulled, pushes the mutation through the real sync
 * push and pulls again; every field the effect set on every row it wrote must equal that
 * field of the row the pull brought back (a row the effect removed must be gone). A
 * field only the server can know goes in ALLOWED for its mutation, with the reason.
 *
 * Times compare as times, within TIME_SLACK: the device stamps the moment it writes, the
 * server the moment it applies. A mutation without a case fails the last test.
 *
 * It runs in the server project of vitest.config.ts (the harness's database).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATIONS, type MutationArgs, type MutationInput, type MutationName } from '../../../shared/mutations';
import { pullResponseSchema, type SyncEntity } from '../../../shared/sync';
import { startTestServer, type TestServer } from '../../../server/test/harness';
import { as, driverOf, postBid, postOffer, postOrder, postProject, type Client } from '../../../server/test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../../server/test/rfq-steps';
import { insertInvoice } from '../../../server/test/invoice-rows';
import { proof } from '../../../server/test/deals';
import { cameraJpeg, uploadPhoto } from '../../../server/test/tus';
import { backfillChangeLog } from '../../../server/registry/backfill';
import { taxProfile } from '../../../server/test/tax-profile';
import { parseKey, rowKey, type AnyRow, type EffectContext, type RowKey } from '../db/schema';
import { EFFECTS } from './index';
import type { EffectReader, LocalEffect, RowMap } from './types';

/** `entity.field` -> why the device cannot know the server's value when it writes. */
const ALLOWED: Partial<Record<MutationName, Record<string, string>>> = {
  'bid.create': { 'bid.digest': "the receipt's digest is the server's hash of what it received" },
  'project.award': { 'project.standstill_ends_at': "the standstill's length is the server's setting (STANDSTILL_DAYS)" },
  'rfq.create': { 'rfq.supplier_ids': "the market's suppliers the server reached" },
  'rfq_quote.submit': {
    'rfq_quote.supplier_scorecard': "the supplier's scorecard is the server's measure of its deals and quotes (this quote's own time among them)",
    'rfq.my_quote': 'the same quote as the rfq_quote row, held to the server field by field there, its scorecard aside (above)',
  },
  'purchase_request.rfq': { 'rfq.supplier_ids': "the market's suppliers the server reached" },
  'delivery.assign': { 'delivery.driver_name': "a new driver's name is their account's, which the company's device does not hold" },
  'goods_receipt.record': {
    'goods_receipt.received_by': 'the user who counted is the signed-in account, whose id the effect context does not carry',
    'goods_receipt.lines': "each receipt line's id is the server's (the device stands the order line's id in until the row arrives)",
  },
  'purchase_request.create': { 'purchase_request.number': "the number is the company's next in the year, which only the server gives" },
  'dispute.open': { 'dispute.lines': "each dispute line's id is the server's (the device stands the order line's id in until the row arrives)" },
};

/** How far apart the device's and the server's stamp of one write may be. */
const TIME_SLACK = 120_000;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Equal as the row's fields mean them: times within TIME_SLACK, objects and arrays field by field. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string' && TIMESTAMP.test(a) && TIMESTAMP.test(b)) return Math.abs(Date.parse(a) - Date.parse(b)) <= TIME_SLACK;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => k !== '_gen'));
    return [...keys].every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}

interface Mismatch {
  row: RowKey;
  field: string;
  device: unknown;
  server: unknown;
}

/** One signed-in person's device: the rows it pulled, and its own client id and mutation ids. */
class Device {
  readonly rows = new Map<RowKey, AnyRow>();
  private cursor = '';
  private nextId = 1;
  private readonly clientId = `contract-${crypto.randomUUID().slice(0, 8)}`;
  constructor(
    readonly server: TestServer,
    readonly client: Client,
    readonly personName: string,
  ) {}

  async pull(): Promise<void> {
    for (;;) {
      const res = await this.client.get(`/api/sync/pull?limit=5000&cursor=${encodeURIComponent(this.cursor)}`);
      expect(res.status, res.text).toBe(200);
      const page = pullResponseSchema.parse(res.body);
      if ('reset' in page) {
        this.rows.clear();
        this.cursor = '';
        continue;
      }
      for (const change of page.changes) {
        const key = rowKey(change.entity, change.id);
        if (change.op === 'upsert') this.rows.set(key, { ...change.data, id: change.id } as AnyRow);
        else this.rows.delete(key);
      }
      this.cursor = page.cursor;
      if (!page.has_more) return;
    }
  }

  of(entity: SyncEntity): AnyRow[] {
    return [...this.rows].filter(([key]) => parseKey(key).entity === entity).map(([, row]) => row);
  }

  reader(): EffectReader {
    return {
      get: async (key) => this.rows.get(key),
      where: async (entity, index, value) => this.of(entity).filter((row) => row[index] === value),
      all: async (entity) => this.of(entity),
    };
  }

  /** What the app's DataProvider captures: the account, its profile's name and tier, the app's time. */
  context(): EffectContext {
    const profile = this.rows.get(rowKey('profile', this.client.user.id));
    return {
      user_id: this.client.user.id,
      company_name: (profile?.company_name as string | null | undefined) ?? this.personName,
      person_name: this.personName,
      verification_tier: (profile?.verification_tier as EffectContext['verification_tier'] | undefined) ?? 'unverified',
      language: (profile?.language as string | undefined) ?? 'ar',
      now: this.server.clock.now().toISOString(),
    };
  }

  async push(name: MutationName, args: unknown): Promise<void> {
    const res = await this.client.post('/api/sync/push', { client_id: this.clientId, mutations: [{ id: this.nextId++, name, args }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results[0], `${name} ${JSON.stringify(args)}`).toMatchObject({ status: 'applied' });
  }
}

/**
 * Runs `name` on `device` as the app does (local effect, push, pull) and answers where the
 * effect and the server disagree. The effect must write something: a case that leaves the
 * rows as they were checks nothing.
 */
async function contract<N extends MutationName>(device: Device, name: N, input: MutationInput<N>): Promise<Mismatch[]> {
  covered.add(name);
  await device.pull();
  const args = MUTATIONS[name].schema.parse(input) as MutationArgs<N>;
  const ctx = device.context();
  const effect = EFFECTS[name] as LocalEffect<N>;
  const keys = await effect.keys(args, device.reader(), ctx);
  const before: RowMap = new Map(keys.map((key) => [key, device.rows.get(key) ?? null]));
  const after: RowMap = new Map(before);
  effect.apply(args, after, ctx);
  await device.push(name, input);
  await device.pull();

  const allowed = ALLOWED[name] ?? {};
  const mismatches: Mismatch[] = [];
  let written = 0;
  for (const [key, row] of after) {
    const was = before.get(key) ?? null;
    const pulled = device.rows.get(key) ?? null;
    if (!row) {
      if (was) written++;
      if (was && pulled) mismatches.push({ row: key, field: '(row)', device: null, server: 'kept' });
      continue;
    }
    for (const [field, value] of Object.entries(row)) {
      if (field === '_gen' || (was && same(value, was[field]))) continue;
      written++;
      if (`${parseKey(key).entity}.${field}` in allowed) continue;
      if (!pulled || !same(value, pulled[field])) mismatches.push({ row: key, field, device: value, server: pulled ? pulled[field] : '(no row)' });
    }
  }
  expect(written, `${name}: its effect wrote nothing here`).toBeGreaterThan(0);
  return mismatches;
}

const covered = new Set<MutationName>();

/**
 * A mutation whose effect is none by design (a review is double-blind: nothing of it
 * shows before the server publishes it): its effect names no row, and the server's answer
 * changes no row the device holds either. Answers the rows that changed.
 */
async function noEffect<N extends MutationName>(device: Device, name: N, input: MutationInput<N>): Promise<string[]> {
  covered.add(name);
  await device.pull();
  const args = MUTATIONS[name].schema.parse(input) as MutationArgs<N>;
  expect(await (EFFECTS[name] as LocalEffect<N>).keys(args, device.reader(), device.context())).toEqual([]);
  const before = new Map([...device.rows].map(([key, row]) => [key, JSON.stringify(row)]));
  await device.push(name, input);
  await device.pull();
  return [...device.rows].filter(([key, row]) => before.get(key) !== JSON.stringify(row)).map(([key]) => key);
}
const uuid = () => crypto.randomUUID();
const idOf = (res: { status: number; text: string; body: { id: string } }, status = 201) => {
  expect(res.status, res.text).toBe(status);
  return res.body.id;
};

describe('each local effect against the server', () => {
  let server: TestServer;
  let government: Device;
  let contractor: Device;
  let rival: Device;
  let supplier: Device;
  let carrier: Device;
  let category: string;
  let other: string;
  const device = async (role: Parameters<typeof as>[1], name: string) => new Device(server, await as(server, role, { name, company_name: `${name} co` }), name);

  beforeAll(async () => {
    server = await startTestServer({ files: 'contract' });
    [government, contractor, rival, supplier, carrier] = [
      await device('government', 'Gov'),
      await device('contractor', 'Con'),
      await device('contractor', 'Riv'),
      await device('supplier', 'Sup'),
      await device('transport', 'Car'),
    ];
    [category, other] = [await categoryId(server.db.knex, 0), await categoryId(server.db.knex, 1)];
    // The categories, plans and the profiles written straight to the database reach the feed as a deployment's backfill puts them there.
    await backfillChangeLog(server.db.knex);
  }, 120_000);
  afterAll(() => server.close());

  it('products and their photos', async () => {
    const product = uuid();
    expect(await contract(supplier, 'product.create', { id: product, name: 'أسمنت', price: 18, unit: 'كيس', category_id: category, stock_quantity: 5, sku: 'C-1' })).toEqual([]);
    expect(await contract(supplier, 'product.update', { id: product, price: 20, stock_quantity: 0, category_id: other })).toEqual([]);
    const photos = [uuid(), uuid()];
    for (const photoId of photos) expect((await uploadPhoto(supplier.client, product, await cameraJpeg(400, 300), { photoId })).status).toBeLessThan(300);
    expect(await contract(supplier, 'product.photos.reorder', { id: product, order: [photos[1], photos[0]] })).toEqual([]);
    expect(await contract(supplier, 'product.photos.remove', { id: product, photo_id: photos[0] })).toEqual([]);
    const gone = await sellIn(supplier.client, category, { name: 'جبس' });
    expect(await contract(supplier, 'product.delete', { id: gone })).toEqual([]);
  });

  it('a tender: bids, opening, award, objection, cancel', async () => {
    const project = uuid();
    expect(await contract(government, 'project.create', { id: project, title: 'مدرسة', description: 'بناء', location: 'الرياض', budget: 1_000_000 })).toEqual([]);
    const bid = uuid();
    expect(await contract(contractor, 'bid.create', { id: bid, project_id: project, amount: 900_000, proposal: 'ننفذ خلال 9 أشهر' })).toEqual([]);
    idOf(await postBid(rival.client, project, { amount: 950_000 }));
    expect(await contract(government, 'project.closeBidding', { id: project })).toEqual([]);
    expect(await contract(government, 'project.award', { id: project, bid_id: bid })).toEqual([]);
    const objection = uuid();
    expect(await contract(rival, 'objection.create', { id: objection, project_id: project, reason: 'عطائي أقل سعرًا' })).toEqual([]);
    expect(await contract(government, 'objection.answer', { id: objection, decision: 'upheld', answer: 'ثبت الخطأ' })).toEqual([]);

    const second = (await postProject(government.client)).id;
    const withdrawn = idOf(await postBid(contractor.client, second));
    expect(await contract(contractor, 'bid.withdraw', { id: withdrawn })).toEqual([]);
    expect(await contract(government, 'project.status', { id: second, status: 'cancelled' })).toEqual([]);
  });

  it('a two-envelope tender with a bid bond: technical envelopes, their evaluation, the financial opening', async () => {
    const project = uuid();
    expect(await contract(government, 'project.create', { id: project, title: 'مدرسة', description: 'بناء', location: 'الرياض', envelopes: 2, bid_bond_percent: 2 })).toEqual([]);
    const bid = uuid();
    // No bond given: taken, and marked non-compliant.
    expect(await contract(contractor, 'bid.create', { id: bid, project_id: project, amount: 900_000, proposal: 'ننفذ خلال 9 أشهر', technical: { text: 'منهجية التنفيذ', document_ids: [] } })).toEqual([]);
    const failed = idOf(await postBid(rival.client, project, { amount: 850_000, technical: { text: 'عرض فني مختصر', document_ids: [] } }));
    expect(await contract(government, 'project.closeBidding', { id: project })).toEqual([]);
    expect(await contract(government, 'project.technicalEvaluation', { id: project, results: [{ bid_id: bid, pass: true }, { bid_id: failed, pass: false, reason: 'لا خبرة مماثلة' }] })).toEqual([]);
    expect(await contract(government, 'project.openFinancial', { id: project })).toEqual([]);
    // The failed bid's row never reaches the owner's device.
    expect(government.rows.has(rowKey('bid', failed))).toBe(false);
    expect(government.rows.has(rowKey('bid', bid))).toBe(true);
  });

  it("a tender's questions: asked by a contractor, answered by the owner (read online, nothing local)", async () => {
    const day = new Date(server.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    const project = (await postProject(government.client, { deadline_date: day, questions_until: new Date(server.clock.now().getTime() + 86_400_000).toISOString() })).id;
    const question = uuid();
    expect(await noEffect(contractor, 'tender_question.ask', { id: question, project_id: project, text: 'هل الأثاث ضمن العقد؟' })).toEqual([]);
    expect(await noEffect(government, 'tender_question.answer', { id: question, project_id: project, text: 'لا' })).toEqual([]);
  });

  it('instant orders, transport and a delivery', async () => {
    const order = uuid();
    expect(await contract(contractor, 'instant_order.create', { id: order, title: 'حديد', description: 'عاجل', quantity: 12.5, unit: 'طن', location: 'جدة', category_id: category })).toEqual([]);
    const offer = uuid();
    expect(await contract(supplier, 'instant_order_response.create', { id: offer, instant_order_id: order, offered_price: 45_000, delivery_time_hours: 24 })).toEqual([]);
    expect(await contract(contractor, 'instant_order.accept', { id: order, response_id: offer })).toEqual([]);
    const dropped = (await postOrder(contractor.client)).id;
    idOf(await postOffer(supplier.client, dropped));
    expect(await contract(contractor, 'instant_order.cancel', { id: dropped })).toEqual([]);

    const request = uuid();
    expect(await contract(contractor, 'transport_request.create', { id: request, pickup_location: 'ينبع', delivery_location: 'الرياض', cargo_description: 'حديد 12 طن', budget: 4321, instant_order_id: order })).toEqual([]);
    const quote = uuid();
    expect(await contract(carrier, 'transport_offer.create', { id: quote, transport_request_id: request, quoted_price: 2345 })).toEqual([]);
    expect(await contract(contractor, 'transport_request.accept', { id: request, offer_id: quote })).toEqual([]);
    const [first, second] = [await driverOf(server, carrier.client, { name: 'Saad' }), await driverOf(server, carrier.client, { name: 'Fahd' })];
    const delivery = idOf(await carrier.client.post(`/api/transport-requests/${request}/assign`, { driver_id: first.user.id, vehicle_plate: 'أ ب ج 1234' }), 200);
    expect(await contract(carrier, 'delivery.assign', { id: request, driver_id: second.user.id, vehicle_plate: 'د هـ و 9876' })).toEqual([]);
    const driver = new Device(server, second, 'Fahd');
    const at = () => server.clock.now().toISOString();
    expect(await contract(driver, 'delivery.step', { id: delivery, event_id: uuid(), step: 'picked_up', at: at(), location: { lat: 24.7, lng: 46.7 } })).toEqual([]);
    expect(await contract(driver, 'delivery.step', { id: delivery, event_id: uuid(), step: 'on_the_way', at: at() })).toEqual([]);
    expect(await contract(driver, 'delivery.step', { id: delivery, event_id: uuid(), step: 'delivered', at: at(), proof: proof() })).toEqual([]);
    expect(await contract(contractor, 'delivery.problem', { id: delivery, event_id: uuid(), at: at(), kind: 'damaged', note: 'كيسان ممزقان' })).toEqual([]);
    expect(await contract(contractor, 'delivery.confirm', { id: delivery, event_id: uuid(), at: at(), note: 'تمت التسوية' })).toEqual([]);

    const cancelled = idOf(await contractor.client.post('/api/transport-requests', { pickup_location: 'جدة', delivery_location: 'مكة', cargo_description: 'أسمنت' }));
    expect(await contract(contractor, 'transport_request.status', { id: cancelled, status: 'cancelled' })).toEqual([]);
  });

  it('notifications, the free trial, the profile and the tax profile', async () => {
    await contractor.pull();
    const unread = contractor.of('notification').find((n) => !n.is_read);
    expect(unread, 'the contractor has been told of offers').toBeDefined();
    expect(await contract(contractor, 'notification.read', { id: unread!.id })).toEqual([]);
    expect(await contract(contractor, 'notification.read_all', {})).toEqual([]);
    expect(await contract(supplier, 'subscription.free_trial', {})).toEqual([]);
    expect(await contract(government, 'profile.save', { role: 'government', company_name: 'أمانة المنطقة', phone: '0501234567', city: 'الرياض', website: null })).toEqual([]);
    expect(await contract(contractor, 'tax_profile.save', taxProfile({ legal_name: 'شركة مقاولات الشرق المحدودة', iban: null }))).toEqual([]);
  });

  it('an RFQ, its quote, award and purchase orders', async () => {
    await sellIn(supplier.client, category);
    const body = { ...rfqBody(category, {}, 2), audience: 'market' as const };
    expect(await contract(contractor, 'rfq.create', body)).toEqual([]);
    const lines = [{ id: body.lines[0].id, description: 'أسمنت مقاوم', quantity: 150, unit: 'كيس', category_id: category }, { id: uuid(), description: 'رمل', quantity: 3, unit: 'م³', category_id: null }];
    const { id: _id, audience: _audience, ...content } = body;
    expect(await contract(contractor, 'rfq.update', { ...content, id: body.id, title: 'مواد الدور الثاني', lines })).toEqual([]);
    const quote = uuid();
    expect(await contract(supplier, 'rfq_quote.submit', { id: quote, rfq_id: body.id, delivery_days: 3, valid_until: '2026-12-31', lines: [{ rfq_line_id: lines[0].id, unit_price: 18.5 }, { rfq_line_id: lines[1].id, unit_price: 90, quantity: 2, note: 'المتوفر' }] })).toEqual([]);
    expect(await contract(contractor, 'rfq.award', { id: body.id, awards: [{ rfq_line_id: lines[0].id, quote_id: quote }] })).toEqual([]);

    const cancelled = await postRfq(contractor.client, rfqBody(category, {}, 1));
    await postQuote(supplier.client, cancelled.id, quoteBody({ [cancelled.lines[0].id]: 10 }));
    expect(await contract(contractor, 'rfq.cancel', { id: cancelled.id })).toEqual([]);

    const orderOf = async (rfqId: string) => {
      await contractor.pull();
      return contractor.of('purchase_order').find((po) => po.rfq_id === rfqId)!.id;
    };
    const awarded = async () => {
      const rfq = await postRfq(contractor.client, rfqBody(category, {}, 1));
      const q = await postQuote(supplier.client, rfq.id, quoteBody({ [rfq.lines[0].id]: 12 }));
      expect((await contractor.client.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })).status).toBe(200);
      return orderOf(rfq.id);
    };
    const po = await orderOf(body.id);
    expect(await contract(supplier, 'purchase_order.accept', { id: po })).toEqual([]);
    expect(await contract(supplier, 'purchase_order.deliver', { id: po })).toEqual([]);
    expect(await contract(contractor, 'purchase_order.close', { id: po })).toEqual([]);
    expect(await contract(supplier, 'purchase_order.decline', { id: await awarded(), reason: 'لا يتوفر' })).toEqual([]);
    expect(await contract(contractor, 'purchase_order.cancel', { id: await awarded(), reason: 'تغيّر التصميم' })).toEqual([]);
    const receiving = await awarded();
    expect(await contract(supplier, 'purchase_order.accept', { id: receiving })).toEqual([]);
    await contractor.pull();
    const line = (contractor.of('purchase_order').find((p) => p.id === receiving) as unknown as { lines: Array<{ id: string }> }).lines[0].id;
    const received = { id: uuid(), purchase_order_id: receiving, lines: [{ purchase_order_line_id: line, received_quantity: 4, rejected_quantity: 1, rejection_reason: 'damaged' as const }] };
    expect(await contract(contractor, 'goods_receipt.record', received)).toEqual([]);
    // The received order is a completed deal: the buyer's review waits for the seller's, unseen.
    expect(await noEffect(contractor, 'review.create', { id: uuid(), purchase_order_id: receiving, rating: 4, comment: 'في الموعد' })).toEqual([]);
    // Disputes of what arrived: one rejected by the seller, one settled by redelivery.
    const dispute = (quantity: number) => ({ id: uuid(), purchase_order_id: receiving, reason: 'أكياس ممزقة', lines: [{ purchase_order_line_id: line, quantity }] });
    const [rejected, redelivered] = [dispute(1), dispute(2)];
    expect(await contract(contractor, 'dispute.open', rejected)).toEqual([]);
    expect(await contract(supplier, 'dispute.reject', { id: rejected.id, reason: 'سليمة عند التسليم' })).toEqual([]);
    expect(await contract(contractor, 'dispute.open', redelivered)).toEqual([]);
    expect(await contract(supplier, 'dispute.accept', { id: redelivered.id, remedy: 'redeliver' })).toEqual([]);
    expect(await contract(contractor, 'purchase_order.close_short', { id: receiving })).toEqual([]);
  });

  it('payments on a cleared invoice', async () => {
    // An invoice as the chain stores one once ZATCA cleared it (signing and clearing are the invoices' tests).
    const rfq = await postRfq(contractor.client, rfqBody(category, {}, 1));
    const q = await postQuote(supplier.client, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5 }));
    const [po] = (await contractor.client.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })).body;
    expect((await supplier.client.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    const invoice = await insertInvoice(server.db.knex, po, { status: 'cleared' });
    const today = server.clock.today();
    const [confirmed, disputed] = [uuid(), uuid()];
    expect(await contract(contractor, 'payment.record', { id: confirmed, invoice_id: invoice, amount: 50, paid_on: today, reference: 'TRX-1' })).toEqual([]);
    expect(await contract(supplier, 'payment.confirm', { id: confirmed, invoice_id: invoice })).toEqual([]);
    expect(await contract(contractor, 'payment.record', { id: disputed, invoice_id: invoice, amount: 20, paid_on: today, reference: 'TRX-2' })).toEqual([]);
    expect(await contract(supplier, 'payment.dispute', { id: disputed, invoice_id: invoice, reason: 'لم يصل' })).toEqual([]);
    const allocations = [{ invoice_id: invoice, amount: 30, payment_id: uuid() }];
    expect(await contract(contractor, 'payment.transfer', { id: uuid(), paid_on: today, reference: 'TRX-3', allocations })).toEqual([]);
  });

  it('a site with its budget lines, and its approval rules', async () => {
    const site = uuid();
    const lines = [
      { id: uuid(), code: '1.1', description: 'خرسانة مسلحة للقواعد', quantity: 120, unit: 'م3', category_id: category, budget_amount: 45600 },
      { id: uuid(), description: 'حديد تسليح', quantity: 35.5, unit: 'طن', budget_amount: 94075.5 },
    ];
    const body = { id: site, name: 'برج الياسمين السكني', location: 'الرياض، حي الياسمين', starts_on: '2027-01-01', ends_on: '2027-12-31', manager_id: contractor.client.user.id, budget_lines: lines };
    expect(await contract(contractor, 'site.create', body)).toEqual([]);
    const levels = [{ up_to_amount: 50000, approver_ids: [contractor.client.user.id] }, { up_to_amount: null, approver_ids: [contractor.client.user.id] }];
    expect(await contract(contractor, 'site.set_approval_rules', { id: site, levels, tolerance_percent: 5 })).toEqual([]);
  });

  it('purchase requests: one raised on a site and approved at its level, one rejected with a reason', async () => {
    // A new site's rules: nothing up to 10,000, the owner (the contractor) above.
    const site = idOf(await contractor.client.post('/api/sites', { id: uuid(), name: 'مستودع الشرقية', location: 'الدمام' }));
    const lines = (price: number | null) => [
      { id: uuid(), description: 'حديد تسليح', quantity: 10, unit: 'طن', ...(price === null ? {} : { estimated_unit_price: price }) },
      { id: uuid(), description: 'أسلاك ربط', quantity: 2, unit: 'لفة', estimated_unit_price: 45 },
    ];
    const approved = uuid();
    expect(await contract(contractor, 'purchase_request.create', { id: approved, site_id: site, needed_by: '2027-02-01', note: 'للقواعد', lines: lines(2400) })).toEqual([]);
    expect(await contract(contractor, 'purchase_request.approve', { id: approved })).toEqual([]);
    // Unpriced: its amount unknown, so every level with approvers.
    const rejected = uuid();
    expect(await contract(contractor, 'purchase_request.create', { id: rejected, site_id: site, lines: lines(null) })).toEqual([]);
    expect(await contract(contractor, 'purchase_request.reject', { id: rejected, reason: 'الكمية تكفي' })).toEqual([]);
  });

  it('approved purchase requests bought: one becomes an RFQ, one of a single line an instant order', async () => {
    const steel = uuid();
    const budget = [{ id: steel, code: '2.1', description: 'حديد تسليح', quantity: 40, unit: 'طن', category_id: category, budget_amount: 120000 }];
    const site = idOf(await contractor.client.post('/api/sites', { id: uuid(), name: 'فيلا الربوة', location: 'الرياض، حي الربوة', budget_lines: budget }));
    // Under 10,000 with VAT: approved as soon as it is raised, by a new site's rules.
    const approved = async (lines: Array<Record<string, unknown>>) =>
      idOf(await contractor.client.post('/api/purchase-requests', { id: uuid(), site_id: site, needed_by: '2027-03-01', lines }));
    const twoLines = await approved([
      { id: uuid(), budget_line_id: steel, description: 'حديد تسليح 16 مم', quantity: 2, unit: 'طن', estimated_unit_price: 2400 },
      { id: uuid(), description: 'أسلاك ربط', quantity: 3, unit: 'لفة', estimated_unit_price: 45 },
    ]);
    const closes = new Date(server.clock.now().getTime() + 3 * 86_400_000).toISOString();
    expect(await contract(contractor, 'purchase_request.rfq', { id: uuid(), purchase_request_id: twoLines, title: 'حديد الفيلا', closes_at: closes, audience: 'market' })).toEqual([]);
    const oneLine = await approved([{ id: uuid(), budget_line_id: steel, description: 'حديد تسليح 12 مم', quantity: 1, unit: 'طن', estimated_unit_price: 2300 }]);
    expect(await contract(contractor, 'purchase_request.instant_order', { id: uuid(), purchase_request_id: oneLine, urgency_level: 'high', budget_range_max: 3000 })).toEqual([]);
  });

  it('has run every mutation of the shared contract', () => {
    expect([...covered].sort()).toEqual(Object.keys(MUTATIONS).sort());
  });
});
