/**
 * Tax invoices and credit notes through REST (what was received, the match, debit notes: match.test.ts), against the development ZATCA this server
 * mounts: who may issue and when, the document each call produces checked against the
 * standard (UBL schema, BR-KSA and EN 16931 rules, hash, signature, QR), the chain of
 * counters and hashes, credit notes within what was invoiced, and what ZATCA's refusal or
 * silence leaves.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema } from '../../../shared/schemas/invoice';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, changesOf, driverOf, notificationsOf, type Client } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';
import { VALID_TAX_PROFILE, taxNumbers, taxProfile } from '../../test/tax-profile';
import { FIRST_PIH } from '../e-invoicing/zatca/standards';
import { decodeQr } from '../e-invoicing/zatca/qr';
import { verifyInvoice } from '../e-invoicing/zatca/sign';
import { validateInvoice } from '../e-invoicing/zatca/validate';
import { buildCsr, generateKeyPair } from '../e-invoicing/zatca/pki';
import { chainDocument, type ChainInput } from './chain';
import { issueCreditNote } from './notes';
import { loadSessionUser } from '../../auth/session-user';
import { clearDocument } from './clearance';

const BUYER_PROFILE = {
  legal_name: 'شركة مقاولات الشرق المحدودة',
  vat_number: '300000000000003',
  cr_number: '2050000000',
  address: { building_number: '4321', street: 'شارع الأمير محمد', district: 'الخبر الشمالية', city: 'الخبر', postal_code: '34429' },
};

/** What the standard asks of a document: no schema or rule error, and hash, signature and QR that match it. */
async function expectCompliant(xml: string, hash: string) {
  const { errors } = await validateInvoice(xml);
  expect(errors).toEqual([]);
  const check = verifyInvoice(xml);
  expect(check).toMatchObject({ hashOk: true, signatureOk: true, qrOk: true, hash });
}

describe('invoices', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = (): Knex => server.db.knex;
  const deps = (config = server.config) => ({ config, logger: pino({ level: 'silent' }) });
  /** A document as `client` reads it once the clearance queue has sent what waits (issuing answers it pending). */
  const afterClearance = async (client: Client, id: string) => {
    await server.drainClearance();
    return (await client.get(`/api/invoices/${id}`)).body;
  };

  /** A buyer and a seller with tax profiles, the seller onboarded with the development ZATCA. */
  async function parties(opts: { onboard?: boolean; buyerProfile?: boolean } = {}) {
    const buyer = await as(server, 'contractor', { company_name: 'مقاولات الشرق' });
    const seller = await as(server, 'supplier', { company_name: 'مورد الشمال', language: 'en' });
    const sellerProfile = taxProfile();
    const buyerProfile = { ...BUYER_PROFILE, ...taxNumbers() };
    expect((await seller.put('/api/company/tax-profile', sellerProfile)).status).toBe(200);
    if (opts.buyerProfile !== false) expect((await buyer.put('/api/company/tax-profile', buyerProfile)).status).toBe(200);
    if (opts.onboard !== false) {
      const res = await seller.post('/api/e-invoicing/onboard', { otp: '123456' });
      expect(res.body.status, res.text).toBe('ready');
    }
    await sellIn(seller, category);
    return { buyer, seller, sellerProfile, buyerProfile };
  }

  /** An accepted purchase order of the given lines' unit prices (10, 20, 30... of them), awarded whole to the seller. */
  async function acceptedOrder(buyer: Client, seller: Client, prices = [18.5, 1.05, 2300]) {
    const rfq = await postRfq(buyer, rfqBody(category, {}, prices.length));
    const q = await postQuote(seller, rfq.id, quoteBody(Object.fromEntries(rfq.lines.map((l, i) => [l.id, prices[i]]))));
    const awarded = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: rfq.lines.map((l) => ({ rfq_line_id: l.id, quote_id: q.id })) });
    expect(awarded.status, awarded.text).toBe(200);
    const po = awarded.body[0] as { id: string; number: string };
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    return po;
  }

  /** Chains an invoice of the order's first line straight through chainDocument, as issue.ts does, with `over` on its input. */
  const chainInvoice = (buyer: Client, seller: Client, order: { id: string }, now: Date, over: Partial<ChainInput> = {}) =>
    knex().transaction(async (trx) => {
      const party = (id: string) =>
        trx('company_tax_profiles').where({ company_id: id }).first('legal_name', 'legal_name_en', 'vat_number', 'cr_number', 'building_number', 'street', 'district', 'city', 'postal_code', 'additional_number');
      const [line] = await trx('purchase_order_lines').where({ purchase_order_id: order.id }).select('id', 'description', 'quantity', 'unit', 'unit_price');
      return chainDocument(
        trx,
        server.config.einvoicing.key,
        {
          kind: 'invoice', seller_id: seller.user.id, buyer_id: buyer.user.id, created_by: seller.user.id, purchase_order_id: order.id,
          supply_date: now.toISOString().slice(0, 10), seller: await party(seller.user.id), buyer: await party(buyer.user.id),
          lines: [{ purchase_order_line_id: line.id, description: line.description, quantity: line.quantity, unit: line.unit, unit_price: line.unit_price, vat_category: 'S' }],
          ...over,
        },
        now,
      );
    });

  it('is issued by the seller from an accepted order, cleared, and reaches the buyer: a document the standard accepts', async () => {
    const { buyer, seller, sellerProfile, buyerProfile } = await parties();
    const po = await acceptedOrder(buyer, seller);
    const res = await seller.post('/api/invoices', { purchase_order_id: po.id, supply_date: '2026-11-20' });
    expect([res.status, res.body.status], res.text).toEqual([201, 'pending']);
    const invoice = invoiceSchema.parse(await afterClearance(seller, res.body.id));
    expect(invoice).toMatchObject({
      kind: 'invoice',
      status: 'cleared',
      purchase_order_id: po.id,
      purchase_order_number: po.number,
      icv: 1,
      pih: FIRST_PIH,
      supply_date: '2026-11-20',
      seller: { legal_name: sellerProfile.legal_name, vat_number: sellerProfile.vat_number },
      buyer: { legal_name: buyerProfile.legal_name, vat_number: buyerProfile.vat_number },
      // 10 × 18.50 + 20 × 1.05 + 30 × 2,300 = 69,206.00, and 15 % of it.
      subtotal: 69_206,
      vat_total: 10_380.9,
      total: 79_586.9,
      messages: [],
    });
    expect(invoice.number).toMatch(/^INV-\d{4}-000001$/);
    expect(invoice.lines.map((l) => [l.description, l.quantity, l.unit_price, l.vat_category, l.line_total])).toEqual([
      [expect.any(String), 10, 18.5, 'S', 185],
      [expect.any(String), 20, 1.05, 'S', 21],
      [expect.any(String), 30, 2300, 'S', 69_000],
    ]);

    const xml = await seller.get(`/api/invoices/${invoice.id}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    await expectCompliant(xml.text, invoice.hash);
    expect(xml.text).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(decodeQr(invoice.qr).get(6)!.toString()).toBe(invoice.hash);

    // The buyer reads it and its XML, and was told; another company sees nothing.
    expect((await buyer.get(`/api/invoices/${invoice.id}`)).body.id).toBe(invoice.id);
    expect((await buyer.get(`/api/invoices/${invoice.id}/xml`)).text).toBe(xml.text);
    expect((await buyer.get('/api/invoices?as=buyer')).body.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
    const [told] = await notificationsOf(knex(), buyer.user.id, 'invoice.issued');
    expect(told.params).toMatchObject({ number: invoice.number, company: 'مورد الشمال', amount: 79_586.9, invoice_id: invoice.id });
    expect((await changesOf(knex(), 'invoice', invoice.id)).audiences).toContain(`user:${buyer.user.id}`);
    const stranger = await as(server, 'supplier');
    expect((await stranger.get(`/api/invoices/${invoice.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/invoices/${invoice.id}/xml`)).status).toBe(404);

    // Everything ordered is on it: another invoice of the order has nothing to take.
    const again = await seller.post('/api/invoices', { purchase_order_id: po.id });
    expect([again.status, again.body.code]).toEqual([409, 'nothing_to_invoice']);
  });

  it('is refused with a reason the seller can act on', async () => {
    const { buyer, seller } = await parties({ onboard: false });
    const po = await acceptedOrder(buyer, seller);
    const notReady = await seller.post('/api/invoices', { purchase_order_id: po.id });
    expect([notReady.status, notReady.body.code]).toEqual([409, 'einvoicing_not_ready']);
    expect((await seller.post('/api/e-invoicing/onboard', { otp: '123456' })).body.status).toBe('ready');

    const byBuyer = await buyer.post('/api/invoices', { purchase_order_id: po.id });
    expect([byBuyer.status, byBuyer.body.code]).toEqual([403, 'not_the_seller']);
    expect((await (await as(server, 'supplier')).post('/api/invoices', { purchase_order_id: po.id })).status).toBe(404);
    const future = await seller.post('/api/invoices', { purchase_order_id: po.id, supply_date: '2999-01-01' });
    expect([future.status, future.body.code]).toEqual([400, 'validation_failed']);

    // The goods on an assigned transport: invoiced on dispatch (the match reads not_received until receipts catch up), not held back.
    const transport = await buyer.post('/api/transport-requests', { pickup_location: 'ينبع', delivery_location: 'الخبر', cargo_description: 'أسمنت', purchase_order_id: po.id });
    expect(transport.status, transport.text).toBe(201);
    const carrier = await as(server, 'transport');
    const offer = (await carrier.post('/api/transport-offers', { transport_request_id: transport.body.id, quoted_price: 900 })).body;
    expect((await buyer.post(`/api/transport-requests/${transport.body.id}/accept`, { offer_id: offer.id })).status).toBe(200);
    const driver = await driverOf(server, carrier);
    expect((await carrier.post(`/api/transport-requests/${transport.body.id}/assign`, { driver_id: driver.user.id, vehicle_plate: 'أ ب ج 1234' })).status).toBe(200);
    const onTheRoad = await seller.post('/api/invoices', { purchase_order_id: po.id });
    expect([onTheRoad.status, onTheRoad.body.match_status], onTheRoad.text).toEqual([201, 'exception']);
    // Everything ordered is invoiced now: nothing is left for another invoice.
    const again = await seller.post('/api/invoices', { purchase_order_id: po.id });
    expect([again.status, again.body.code]).toEqual([409, 'nothing_to_invoice']);

    // An order the seller has not accepted, and a buyer with no tax profile.
    const other = await parties({ buyerProfile: false });
    const rfq = await postRfq(other.buyer, rfqBody(category, {}, 1));
    const q = await postQuote(other.seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 10 }));
    const [issued] = (await other.buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })).body;
    const notAccepted = await other.seller.post('/api/invoices', { purchase_order_id: issued.id });
    expect([notAccepted.status, notAccepted.body.code]).toEqual([409, 'order_not_accepted']);
    await other.seller.post(`/api/purchase-orders/${issued.id}/accept`, {});
    const noBuyerProfile = await other.seller.post('/api/invoices', { purchase_order_id: issued.id });
    expect([noBuyerProfile.status, noBuyerProfile.body.code]).toEqual([409, 'buyer_tax_profile_required']);
    expect(await knex()('invoices').where({ seller_id: other.seller.user.id }).count('* as n').first()).toMatchObject({ n: 0 });
  });

  it('is not held back by a transport request nobody took', async () => {
    const { buyer, seller } = await parties();
    const po = await acceptedOrder(buyer, seller, [5]);
    const transport = await buyer.post('/api/transport-requests', { pickup_location: 'ينبع', delivery_location: 'الخبر', cargo_description: 'أسمنت', purchase_order_id: po.id });
    expect(transport.status, transport.text).toBe(201);
    // A carrier quoted, nobody accepted: nothing is on the road.
    await (await as(server, 'transport')).post('/api/transport-offers', { transport_request_id: transport.body.id, quoted_price: 900 });
    const res = await seller.post('/api/invoices', { purchase_order_id: po.id });
    expect(res.status, res.text).toBe(201);
  });

  it("chains the seller's documents: numbers and counters in sequence, each naming the previous one's hash", async () => {
    const { buyer, seller } = await parties();
    const first = (await seller.post('/api/invoices', { purchase_order_id: (await acceptedOrder(buyer, seller, [5])).id })).body;
    const second = (await seller.post('/api/invoices', { purchase_order_id: (await acceptedOrder(buyer, seller, [7.25])).id })).body;
    expect([first.icv, second.icv]).toEqual([1, 2]);
    expect([first.pih, second.pih]).toEqual([FIRST_PIH, first.hash]);
    expect([first.number.slice(-6), second.number.slice(-6)]).toEqual(['000001', '000002']);
    const unit = await knex()('einvoicing_units').where({ company_id: seller.user.id }).first('icv', 'last_invoice_hash');
    expect([Number(unit.icv), unit.last_invoice_hash]).toEqual([2, second.hash]);
  });

  it('credits an invoice in part and then the rest, never more than was invoiced, each credit note a compliant document of the chain', async () => {
    const { buyer, seller } = await parties();
    const invoice = await afterClearance(seller, (await seller.post('/api/invoices', { purchase_order_id: (await acceptedOrder(buyer, seller, [18.5, 40])).id })).body.id);
    const [a, b] = invoice.lines;

    const tooMuch = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'بضاعة تالفة', lines: [{ invoice_line_id: a.id, quantity: 11 }] });
    expect([tooMuch.status, tooMuch.body.code, tooMuch.body.details?.[0]?.path]).toEqual([400, 'validation_failed', 'lines.0.quantity']);
    const byBuyer = await buyer.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'x' });
    expect([byBuyer.status, byBuyer.body.code]).toEqual([403, 'not_the_seller']);

    const part = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'بضاعة تالفة', lines: [{ invoice_line_id: a.id, quantity: 4 }] });
    expect([part.status, part.body.status], part.text).toEqual([201, 'pending']);
    const note = await afterClearance(seller, part.body.id);
    expect(note).toMatchObject({
      kind: 'credit_note',
      status: 'cleared',
      original_invoice_id: invoice.id,
      original_invoice_number: invoice.number,
      reason: 'بضاعة تالفة',
      icv: invoice.icv + 1,
      pih: invoice.hash,
      subtotal: 74,
      vat_total: 11.1,
      total: 85.1,
    });
    expect(note.number).toMatch(/^CN-\d{4}-000001$/);
    expect(note.lines).toMatchObject([{ credited_line_id: a.id, quantity: 4, unit_price: 18.5 }]);
    const xml = (await buyer.get(`/api/invoices/${note.id}/xml`)).text;
    await expectCompliant(xml, note.hash);
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0100000">381</cbc:InvoiceTypeCode>');
    expect(xml).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect((await notificationsOf(knex(), buyer.user.id, 'credit_note.issued'))[0].params).toMatchObject({ number: note.number, amount: 85.1 });

    // Without lines: everything left, i.e. 6 of the first line and all 20 of the second.
    const rest = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'إلغاء الطلب' });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.lines.map((l: { credited_line_id: string; quantity: number }) => [l.credited_line_id, l.quantity])).toEqual([
      [a.id, 6],
      [b.id, 20],
    ]);
    const none = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'مرة أخرى' });
    expect([none.status, none.body.code]).toEqual([409, 'fully_credited']);
    const ofCredit = await seller.post(`/api/invoices/${note.id}/credit-notes`, { reason: 'x' });
    expect([ofCredit.status, ofCredit.body.code]).toEqual([409, 'not_an_invoice']);
  });

  it('credits a line once however the request spells it: a line named twice, or off the quantity step, is a 400 and nothing is chained', async () => {
    const { buyer, seller } = await parties();
    const invoice = await afterClearance(seller, (await seller.post('/api/invoices', { purchase_order_id: (await acceptedOrder(buyer, seller, [11.5])).id })).body.id);
    const [a] = invoice.lines;
    const twice = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'تالف', lines: [{ invoice_line_id: a.id, quantity: 10 }, { invoice_line_id: a.id, quantity: 10 }, { invoice_line_id: a.id, quantity: 10 }] });
    expect([twice.status, twice.body.code]).toEqual([400, 'validation_failed']);
    expect(twice.body.details).toMatchObject([{ path: 'lines.1.invoice_line_id', message: 'duplicate_line' }, { path: 'lines.2.invoice_line_id', message: 'duplicate_line' }]);
    const offStep = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'تالف', lines: [{ invoice_line_id: a.id, quantity: 0.15 }] });
    expect([offStep.status, offStep.body.code, offStep.body.details?.[0]?.path]).toEqual([400, 'validation_failed', 'lines.0.quantity']);
    expect(await knex()('invoices').where({ original_invoice_id: invoice.id }).count('* as n').first()).toMatchObject({ n: 0 });

    // The service sums what is asked of each line before it compares, whoever calls it.
    const user = (await loadSessionUser(knex(), server.config, seller.user.id))!;
    const halves = { reason: 'تالف', lines: [{ invoice_line_id: a.id, quantity: 6 }, { invoice_line_id: a.id, quantity: 6 }] };
    await expect(issueCreditNote(knex(), deps(), user, invoice.id, halves, new Date())).rejects.toMatchObject({ code: 'validation_failed', details: [{ path: 'lines.1.quantity', code: 'more_than_left' }] });
    const whole = await seller.post(`/api/invoices/${invoice.id}/credit-notes`, { reason: 'تالف', lines: [{ invoice_line_id: a.id, quantity: 10 }] });
    expect([whole.status, whole.body.total], whole.text).toEqual([201, invoice.total]);
  });

  it("keeps a document ZATCA refuses with its messages (in the seller's language), for the seller only, and lets the order be invoiced again; one ZATCA did not answer stays pending until it does", async () => {
    const { buyer, seller } = await parties();
    const po = await acceptedOrder(buyer, seller, [12]);
    const chain = (now: Date, order = po) => chainInvoice(buyer, seller, order, now);

    // Changed after signing: its hash no longer matches, and ZATCA says so.
    const tampered = await chain(new Date());
    await knex()('invoices').where({ id: tampered }).update({ xml: knex().raw(`replace(xml, '<cbc:PayableAmount currencyID="SAR">138.00<', '<cbc:PayableAmount currencyID="SAR">13.80<')`) });
    await clearDocument(knex(), deps(), tampered, new Date());
    const refused = (await seller.get(`/api/invoices/${tampered}`)).body;
    expect(refused.status).toBe('rejected');
    expect(refused.messages.length).toBeGreaterThan(0);
    expect((await buyer.get(`/api/invoices/${tampered}`)).status).toBe(404);

    // ZATCA unreachable: pending, nothing told; once it answers, cleared.
    const silent = await chain(new Date());
    await clearDocument(knex(), deps({ ...server.config, einvoicing: { ...server.config.einvoicing, zatcaApiUrl: 'http://127.0.0.1:9/zatca' } }), silent, new Date());
    expect((await seller.get(`/api/invoices/${silent}`)).body.status).toBe('pending');
    expect((await buyer.get(`/api/invoices/${silent}`)).status).toBe(404);
    // Credited only once ZATCA accepted it.
    const early = await seller.post(`/api/invoices/${silent}/credit-notes`, { reason: 'x' });
    expect([early.status, early.body.code]).toEqual([409, 'invoice_not_accepted']);
    const retried = await seller.post(`/api/invoices/${silent}/clearance`, {});
    expect([retried.status, retried.body.status]).toEqual([200, 'pending']);
    expect((await afterClearance(buyer, silent)).status).toBe('cleared');
    const twice = await seller.post(`/api/invoices/${silent}/clearance`, {});
    expect([twice.status, twice.body.code]).toEqual([409, 'invoice_not_pending']);

    // ZATCA answers in the language asked for: Arabic for a seller who reads Arabic, and its refusal is kept as written.
    const asked: string[] = [];
    const zatca = http.createServer((req, res) => {
      asked.push(String(req.headers['accept-language']));
      const message = req.headers['accept-language'] === 'ar' ? 'رقم ضريبة القيمة المضافة للمشتري غير صحيح' : 'The buyer VAT number is invalid';
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ validationResults: { infoMessages: [], warningMessages: [], errorMessages: [{ type: 'ERROR', code: 'BR-KSA-44', category: 'KSA', message }], status: 'ERROR' }, clearanceStatus: 'NOT_CLEARED' }));
    });
    await new Promise<void>((resolve) => zatca.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(zatca.address() as AddressInfo).port}`;
      const refusedInArabic = await chain(new Date(), await acceptedOrder(buyer, seller, [9]));
      await clearDocument(knex(), deps({ ...server.config, einvoicing: { ...server.config.einvoicing, zatcaApiUrl: url } }), refusedInArabic, new Date(), 'ar');
      expect(asked).toEqual(['ar']);
      expect((await seller.get(`/api/invoices/${refusedInArabic}`)).body).toMatchObject({ status: 'rejected', messages: [{ code: 'BR-KSA-44', message: 'رقم ضريبة القيمة المضافة للمشتري غير صحيح' }] });
    } finally {
      await new Promise((resolve) => zatca.close(resolve));
    }
  });

  it("reports a simplified invoice in the unit's one chain between standard ones cleared (ICV consecutive, each PIH the previous hash), its credit note simplified too; the buyer sees it reported", async () => {
    const { buyer, seller } = await parties();
    const first = await seller.post('/api/invoices', { purchase_order_id: (await acceptedOrder(buyer, seller, [12])).id });
    expect(first.body.status, first.text).toBe('pending');
    expect((await afterClearance(seller, first.body.id)).status).toBe('cleared');

    // Chained and left pending: the queue sends the seller's pending documents in chain order, this one before the next issued.
    const simplified = await chainInvoice(buyer, seller, await acceptedOrder(buyer, seller, [7.5]), new Date(), { simplified: true, buyer: { legal_name: 'مشترك بلا ملف ضريبي' } });
    expect((await seller.get(`/api/invoices/${simplified}`)).body.status).toBe('pending');
    expect((await buyer.get(`/api/invoices/${simplified}`)).status).toBe(404);
    const third = await seller.post('/api/invoices', { purchase_order_id: (await acceptedOrder(buyer, seller, [3])).id });
    expect((await afterClearance(seller, third.body.id)).status, third.text).toBe('cleared');

    const reported = (await seller.get(`/api/invoices/${simplified}`)).body;
    expect(reported).toMatchObject({ status: 'reported', messages: [], buyer: { legal_name: 'مشترك بلا ملف ضريبي', vat_number: null } });
    expect(reported.cleared_at).not.toBeNull();
    expect((await buyer.get(`/api/invoices/${simplified}`)).body.status).toBe('reported');
    expect((await notificationsOf(knex(), buyer.user.id, 'invoice.issued')).map((n) => n.params.number)).toContain(reported.number);

    // Its seller credits it through REST as any invoice ZATCA accepted (reported, here): the note is simplified too, and reported.
    const credited = await seller.post(`/api/invoices/${simplified}/credit-notes`, { reason: 'استرداد' });
    expect([credited.status, credited.body.simplified], credited.text).toEqual([201, true]);
    const note = credited.body.id as string;
    await server.drainClearance();

    const rows = await knex()('invoices').where({ seller_id: seller.user.id }).orderBy('icv').select('id', 'icv', 'pih', 'hash', 'simplified', 'status', 'xml');
    expect(rows.map((r) => [r.id, r.simplified, r.status])).toEqual([
      [first.body.id, false, 'cleared'],
      [simplified, true, 'reported'],
      [third.body.id, false, 'cleared'],
      [note, true, 'reported'],
    ]);
    expect(rows.map((r) => Number(r.icv))).toEqual([1, 2, 3, 4]);
    rows.forEach((r, i) => expect(r.pih).toBe(i === 0 ? FIRST_PIH : rows[i - 1].hash));
    for (const r of rows) {
      expect(r.xml).toContain(`<cbc:InvoiceTypeCode name="${r.simplified ? '0200000' : '0100000'}">`);
      await expectCompliant(r.xml, r.hash);
    }
    // The reported document is kept as signed (reporting returns none), its QR with tags 1 to 9.
    expect(rows[1].xml).toContain('<cbc:RegistrationName>مشترك بلا ملف ضريبي</cbc:RegistrationName>');
    expect([...decodeQr(reported.qr).keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    // A unit whose certificate covers standard documents only (CSR flags 1000) issues no simplified one.
    const standardOnly = buildCsr({
      privateKeyPem: generateKeyPair().privateKeyPem, commonName: 'TST-1-310122393500003', organizationName: VALID_TAX_PROFILE.legal_name, organizationUnit: 'Riyadh', country: 'SA',
      serialNumber: '1-Binaa|2-1.0|3-x', vatNumber: VALID_TAX_PROFILE.vat_number, invoiceTypes: '1000', registeredAddress: 'Riyadh', businessCategory: 'Building materials', environment: 'development',
    });
    await knex()('einvoicing_units').where({ company_id: seller.user.id }).update({ csr: standardOnly });
    await expect(chainInvoice(buyer, seller, await acceptedOrder(buyer, seller, [5]), new Date(), { simplified: true, buyer: null })).rejects.toMatchObject({ code: 'einvoicing_not_ready' });
  });
});
