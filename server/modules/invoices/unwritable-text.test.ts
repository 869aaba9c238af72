/**
 * Characters a tax invoice cannot carry (C0 controls, U+FFFE/U+FFFF, half a surrogate
 * pair): refused at the door in the texts a document states, over REST and the sync
 * push, and refused by the document writer when a text stored before that rule would
 * reach a document, before it takes a number in the seller's chain.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, type Client } from '../../test/factories';
import { tradingParties } from '../../test/invoice-steps';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody } from '../../test/rfq-steps';
import { VALID_TAX_PROFILE } from '../../test/tax-profile';

describe('texts a tax invoice cannot carry', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = (): Knex => server.db.knex;

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
