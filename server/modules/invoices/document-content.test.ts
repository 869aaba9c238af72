/**
 * What a tax invoice states, from the door to the document:
 * - its texts: characters XML 1.0 cannot carry (C0 controls, U+FFFE/U+FFFF, half a
 *   surrogate pair) are refused at the door, over REST and the sync push, and refused by
 *   the document writer when a text stored before that rule would reach a document,
 *   before it takes a number in the seller's chain;
 * - its lines' VAT: the seller names a zero-rated or exempt line's VATEX reason with its
 *   price, the order's line keeps the rate and the reason, and the invoice states them as
 *   ZATCA's rules ask (BR-KSA-69, BR-KSA-83), so it clears; a zero rate without its reason
 *   is refused at the door with 400.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, postOffer, postOrder, type Client } from '../../test/factories';
import { tradingParties } from '../../test/invoice-steps';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody } from '../../test/rfq-steps';
import { VALID_TAX_PROFILE } from '../../test/tax-profile';
import { validateInvoice } from '../e-invoicing/zatca/validate';

// One server for the file, started as the file loads (a module may await).
const server: TestServer = await startTestServer();
const category = await categoryId(server.db.knex, 2);
const knex = (): Knex => server.db.knex;

describe('what a tax invoice states', () => {
  afterAll(() => server.close());

  describe('texts a tax invoice cannot carry', () => {

    /** An accepted one-line order from `buyer` to `seller`. */
    async function acceptedOrder(buyer: Client, seller: Client) {
      const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
      const quote = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 40 }));
      const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: quote.id }] })).body;
      expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
      return po as { id: string };
    }

    /** The seller's chain: its counter and hash, and how many documents it holds. */
    async function chainOf(sellerId: string) {
      const unit = await knex()('einvoicing_units').where({ company_id: sellerId }).first('icv', 'last_invoice_hash');
      const { n } = await knex()('invoices').where({ seller_id: sellerId }).first(knex().raw('count(*)::int as n'));
      return { icv: Number(unit.icv), hash: unit.last_invoice_hash, documents: n };
    }

    it('refuses a tax profile address or legal name holding a control character with 400 naming the field, and keeps the profile', async () => {
      const buyer = await as(server, 'contractor', { company_name: 'مقاولات الشرق' });
      for (const [body, path] of [
        [{ ...VALID_TAX_PROFILE, address: { ...VALID_TAX_PROFILE.address, street: 'طريق\u0001 الملك فهد' } }, 'address.street'],
        [{ ...VALID_TAX_PROFILE, legal_name: 'مؤسسة البناء\uffff الحديث' }, 'legal_name'],
        [{ ...VALID_TAX_PROFILE, address: { ...VALID_TAX_PROFILE.address, city: 'الرياض\ud800' } }, 'address.city'],
      ] as const) {
        const res = await buyer.put('/api/company/tax-profile', body);
        expect(res.status, res.text).toBe(400);
        expect(res.body).toMatchObject({ code: 'validation_failed', details: [{ path, message: 'control_character' }] });
      }
      expect(await knex()('company_tax_profiles').where({ company_id: buyer.user.id })).toEqual([]);
    });

    it('refuses a product description or an RFQ line holding a control character with 400 naming the field, over REST and the sync push', async () => {
      const supplier = await as(server, 'supplier', { company_name: 'مورد الشمال' });
      const rest = await supplier.post('/api/products', { name: 'أسمنت', price: 18, unit: 'كيس', description: 'كيس 50 كجم\u0000' });
      expect(rest.status, rest.text).toBe(400);
      expect(rest.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'description', message: 'control_character' }] });

      const id = crypto.randomUUID();
      const push = await supplier.post('/api/sync/push', {
        client_id: crypto.randomUUID(),
        mutations: [{ id: 1, name: 'product.create', args: { id, name: 'أسمنت', price: 18, unit: 'كيس', description: 'كيس\u001b[2J 50 كجم' } }],
      });
      expect(push.body.results[0]).toMatchObject({ status: 'rejected', code: 'validation_failed', details: [{ path: 'description', message: 'control_character' }] });
      expect(await knex()('products').where({ supplier_id: supplier.user.id })).toEqual([]);

      const buyer = await as(server, 'contractor', { company_name: 'مقاولات الشرق' });
      const body = rfqBody(category, {}, 1);
      const rfq = await buyer.post('/api/rfqs', { ...body, lines: [{ ...body.lines[0], description: 'حديد\ufffe تسليح' }] });
      expect(rfq.status, rfq.text).toBe(400);
      expect(rfq.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'lines.0.description', message: 'control_character' }] });
    });

    it("refuses to issue an invoice naming a buyer's tax profile stored with a control character (422 naming the field), and leaves the seller's chain as it was", async () => {
      const { buyer, seller } = await tradingParties(server, category);
      const po = await acceptedOrder(buyer, seller);
      // A profile saved before the rule: the writer is what stands between it and the document.
      await knex()('company_tax_profiles').where({ company_id: buyer.user.id }).update({ street: 'شارع\u0001الأمير محمد' });
      const before = await chainOf(seller.user.id);

      const res = await seller.post('/api/invoices', { purchase_order_id: po.id });
      expect(res.status, res.text).toBe(422);
      expect(res.body).toMatchObject({ code: 'document_text_invalid', details: [{ path: 'buyer.street', message: 'control_character' }] });
      expect(await chainOf(seller.user.id)).toEqual(before);

      // Corrected, the order is invoiced with the number and counter the refused one did not take.
      await knex()('company_tax_profiles').where({ company_id: buyer.user.id }).update({ street: 'شارع الأمير محمد' });
      const issued = await seller.post('/api/invoices', { purchase_order_id: po.id });
      expect(issued.status, issued.text).toBe(201);
      expect(await knex()('invoices').where({ id: issued.body.id }).first('icv', 'seq')).toEqual({ icv: before.icv + 1, seq: 1 });
    }, 120_000);

    it("refuses to issue an invoice of an order line stored with a non-character (422 naming the line), and leaves the seller's chain as it was", async () => {
      const { buyer, seller } = await tradingParties(server, category);
      const po = await acceptedOrder(buyer, seller);
      await knex()('purchase_order_lines').where({ purchase_order_id: po.id }).update({ description: 'حديد تسليح\uffff 12 مم' });
      const before = await chainOf(seller.user.id);

      const res = await seller.post('/api/invoices', { purchase_order_id: po.id });
      expect(res.status, res.text).toBe(422);
      expect(res.body).toMatchObject({ code: 'document_text_invalid', details: [{ path: 'lines.0.description', message: 'control_character' }] });
      expect(await chainOf(seller.user.id)).toEqual(before);
    }, 120_000);
  });

  describe('zero-rated and exempt lines', () => {

    it('refuses an offer at a zero or exempt rate without its reason, or a reason on a standard-rated one, with 400 naming why, over REST and the sync push', async () => {
      const contractor = await as(server, 'contractor');
      const supplier = await as(server, 'supplier');
      const order = await postOrder(contractor);
      for (const [vat, message] of [
        [{ vat_category: 'Z' }, 'exemption_reason_required'],
        [{ vat_category: 'E', exemption_reason_code: null }, 'exemption_reason_required'],
        [{ vat_category: 'S', exemption_reason_code: 'VATEX-SA-36' }, 'exemption_reason_not_allowed'],
        [{ vat_category: 'E', exemption_reason_code: 'VATEX-SA-36' }, 'exemption_reason_other_category'],
      ] as const) {
        const res = await postOffer(supplier, order.id, vat);
        expect(res.status, res.text).toBe(400);
        expect(res.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'exemption_reason_code', message }] });
      }
      // Every order is delivered inside the Kingdom: an export or international-transport
      // zero rate (or an exempt financial or real-estate service) would only drop the VAT of a domestic sale.
      for (const [category, code] of [['Z', 'VATEX-SA-32'], ['Z', 'VATEX-SA-34-1'], ['E', 'VATEX-SA-30']]) {
        const res = await postOffer(supplier, order.id, { vat_category: category, exemption_reason_code: code });
        expect([res.status, res.body.code, res.body.details?.[0]?.path], code).toEqual([400, 'validation_failed', 'exemption_reason_code']);
      }
      const push = await supplier.post('/api/sync/push', {
        client_id: crypto.randomUUID(),
        mutations: [{ id: 1, name: 'instant_order_response.create', args: { id: crypto.randomUUID(), instant_order_id: order.id, offered_price: 100, vat_category: 'Z' } }],
      });
      expect(push.body.results[0]).toMatchObject({ status: 'rejected', code: 'validation_failed', details: [{ path: 'exemption_reason_code', message: 'exemption_reason_required' }] });
      expect(await knex()('instant_order_responses').where({ instant_order_id: order.id })).toEqual([]);
    });

    it('keeps no order line at a zero rate without its reason, nor a reason on a standard-rated one (the invoice of such a line answered 500)', async () => {
      const contractor = await as(server, 'contractor');
      const order = await postOrder(contractor);
      const offer = await postOffer(await as(server, 'supplier'), order.id);
      expect((await contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: offer.body.id })).status).toBe(200);
      const line = knex()('purchase_order_lines').whereIn('purchase_order_id', knex()('purchase_orders').where({ instant_order_id: order.id }).select('id'));
      expect(await line.clone().first('vat_rate', 'vat_category', 'exemption_reason_code')).toEqual({ vat_rate: 0.15, vat_category: 'S', exemption_reason_code: null });
      await expect(line.clone().update({ vat_rate: 0, vat_amount: 0 })).rejects.toThrow(/purchase_order_lines_vat_check/);
      await expect(line.clone().update({ vat_category: 'Z' })).rejects.toThrow(/purchase_order_lines_vat_check/);
      await expect(line.clone().update({ exemption_reason_code: 'VATEX-SA-36', exemption_reason: 'Qualifying metals' })).rejects.toThrow(/purchase_order_lines_vat_check/);
      await expect(knex()('instant_order_responses').where({ id: offer.body.id }).update({ vat_category: 'E' })).rejects.toThrow(/instant_order_responses_vat_check/);
    });

    it('carries a zero-rated offer to the order line and to a tax invoice that passes ZATCA’s rules and clears', async () => {
      const { buyer, seller } = await tradingParties(server, category);
      const order = await postOrder(buyer, { title: 'حديد مؤهل', description: 'معادن مؤهلة', quantity: 10, unit: 'طن' });
      const offer = await postOffer(seller, order.id, { offered_price: 24_000, vat_category: 'Z', exemption_reason_code: 'VATEX-SA-36' });
      expect(offer.status, offer.text).toBe(201);
      expect(offer.body).toMatchObject({ vat_category: 'Z', exemption_reason_code: 'VATEX-SA-36' });
      expect((await buyer.post(`/api/instant-orders/${order.id}/accept`, { response_id: offer.body.id })).status).toBe(200);

      const po = await knex()('purchase_orders').where({ instant_order_id: order.id }).first('id', 'subtotal', 'vat_total', 'total');
      expect(po).toMatchObject({ subtotal: 24_000, vat_total: 0, total: 24_000 });
      expect(await knex()('purchase_order_lines').where({ purchase_order_id: po.id }).first('vat_rate', 'vat_category', 'exemption_reason_code', 'exemption_reason', 'vat_amount')).toEqual({
        vat_rate: 0,
        vat_category: 'Z',
        exemption_reason_code: 'VATEX-SA-36',
        exemption_reason: 'Qualifying metals',
        vat_amount: 0,
      });
      // The buyer's order shows the line as the invoice will state it.
      const shown = await buyer.get(`/api/purchase-orders/${po.id}`);
      expect(shown.body.lines).toEqual([expect.objectContaining({ vat_rate: 0, vat_category: 'Z', exemption_reason_code: 'VATEX-SA-36', exemption_reason: 'Qualifying metals' })]);
      expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);

      const issued = await seller.post('/api/invoices', { purchase_order_id: po.id });
      expect(issued.status, issued.text).toBe(201);
      expect(issued.body).toMatchObject({ subtotal: 24_000, vat_total: 0, total: 24_000 });
      expect(issued.body.lines).toEqual([
        expect.objectContaining({ vat_category: 'Z', vat_rate: 0, exemption_reason_code: 'VATEX-SA-36', exemption_reason: 'Qualifying metals', vat_amount: 0 }),
      ]);

      const { xml } = await knex()('invoices').where({ id: issued.body.id }).first('xml');
      expect(xml).toContain('<cbc:TaxExemptionReasonCode>VATEX-SA-36</cbc:TaxExemptionReasonCode>');
      const { errors, warnings } = await validateInvoice(xml);
      expect(errors).toEqual([]);
      // BR-KSA-69 (the code) and BR-KSA-83 (ZATCA's text for it) are warnings in the rules: none either.
      expect(warnings.filter((w) => /BR-KSA-(69|83)/.test(w.id))).toEqual([]);

      // Clearance may be sent after the answer (by the clearance worker, drained here where the harness has one).
      let status = issued.body.status;
      for (let i = 0; i < 100 && status !== 'cleared'; i++) {
        await ((server as { drainClearance?: () => Promise<void> }).drainClearance?.() ?? new Promise((r) => setTimeout(r, 100)));
        status = (await knex()('invoices').where({ id: issued.body.id }).first('status')).status;
      }
      expect(status).toBe('cleared');
    }, 120_000);
  });
});
