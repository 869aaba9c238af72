/**
 * An invoice row written straight into the tables, as the chain stores one, for the tests
 * of what reads invoices (the feed, the PDF) without signing and clearing a document: the
 * seller's e-invoicing unit if it has none, the invoice with its lines, and its change.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { InvoiceParty, InvoiceStatus } from '../../shared/schemas/invoice';
import { recordChanges } from '../db/changes';
import { invoicePolicy } from '../modules/invoices/policy';
import { as, type Client } from './factories';
import type { TestServer } from './harness';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from './rfq-steps';

export const SELLER_PARTY: InvoiceParty = {
  legal_name: 'مؤسسة البناء الحديث للتجارة',
  legal_name_en: 'Modern Building Trading Est.',
  vat_number: '310122393500003',
  cr_number: '1010010000',
  building_number: '1234',
  street: 'طريق الملك فهد',
  district: 'العليا',
  city: 'الرياض',
  postal_code: '12345',
  additional_number: '5678',
};

export const BUYER_PARTY: InvoiceParty = {
  legal_name: 'شركة مقاولات الشرق',
  legal_name_en: null,
  vat_number: '300000000000003',
  cr_number: '2050000000',
  building_number: '4321',
  street: 'شارع الأمير محمد',
  district: 'الخبر الشمالية',
  city: 'الخبر',
  postal_code: '34429',
  additional_number: null,
};

/**
 * One line of 10 bags at 18.50 (VAT 15 %): subtotal 185.00, VAT 27.75, total 212.75.
 * `descriptions`: a line of the same each (a long document for the PDF's tests), the totals as for one.
 */
export async function insertInvoice(
  knex: Knex,
  po: { id: string; seller_id: string; buyer_id: string },
  over: { status?: InvoiceStatus; number?: string; descriptions?: string[] } = {},
): Promise<string> {
  return knex.transaction(async (trx) => {
    let unit = await trx('einvoicing_units').where({ company_id: po.seller_id }).first('id', 'icv');
    if (!unit) [unit] = await trx('einvoicing_units').insert({ company_id: po.seller_id, serial: crypto.randomUUID(), status: 'ready', last_invoice_hash: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==' }).returning(['id', 'icv']);
    const icv = Number(unit.icv) + 1;
    await trx('einvoicing_units').where({ id: unit.id }).update({ icv });
    const status = over.status ?? 'pending';
    const [row] = await trx('invoices')
      .insert({
        kind: 'invoice',
        number: over.number ?? `INV-2026-${String(icv).padStart(6, '0')}`,
        year: 2026,
        seq: icv,
        seller_id: po.seller_id,
        buyer_id: po.buyer_id,
        unit_id: unit.id,
        purchase_order_id: po.id,
        icv,
        pih: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
        hash: crypto.createHash('sha256').update(`${po.id}:${icv}`).digest('base64'),
        qr: Buffer.from('\x01\x03abc').toString('base64'),
        issued_at: '2026-11-28T09:30:00Z',
        supply_date: '2026-11-27',
        seller: JSON.stringify(SELLER_PARTY),
        buyer: JSON.stringify(BUYER_PARTY),
        subtotal: 185,
        vat_total: 27.75,
        total: 212.75,
        status,
        messages: JSON.stringify(status === 'rejected' ? [{ type: 'ERROR', code: 'BR-KSA-37', category: 'KSA', message: 'The seller address building number must contain 4 digits.' }] : []),
        xml: '<Invoice/>',
        cleared_at: status === 'cleared' ? '2026-11-28T09:30:05Z' : null,
      })
      .returning(['id', 'seller_id', 'buyer_id']);
    await trx('invoice_lines').insert(
      (over.descriptions ?? ['أسمنت بورتلاندي']).map((description, i) => ({
        invoice_id: row.id,
        position: i + 1,
        description,
        quantity: 10,
        unit: 'كيس',
        unit_price: 18.5,
        vat_category: 'S',
        vat_rate: 0.15,
        line_total: 185,
        vat_amount: 27.75,
      })),
    );
    await recordChanges(trx, [{ entity: 'invoice', id: row.id, audiences: invoicePolicy.audiences(row) }]);
    return row.id as string;
  });
}

/** ZATCA's answer arriving for a pending invoice: cleared, and its change recorded for both parties. */
export async function clearInvoice(knex: Knex, id: string): Promise<void> {
  await knex.transaction(async (trx) => {
    const [row] = await trx('invoices').where({ id }).update({ status: 'cleared', cleared_at: trx.fn.now() }).returning(['id', 'seller_id', 'buyer_id']);
    await recordChanges(trx, [{ entity: 'invoice', id, audiences: invoicePolicy.audiences(row) }]);
  });
}

/** A purchase order of one line (10 × 18.50) between a new contractor and a new supplier, awarded from an RFQ and accepted by the supplier. */
export async function acceptedOrder(server: TestServer): Promise<{ buyer: Client; seller: Client; po: { id: string; seller_id: string; buyer_id: string } }> {
  const category = await categoryId(server.db.knex, 2);
  const buyer = await as(server, 'contractor', { company_name: 'مقاولات الشرق' });
  const seller = await as(server, 'supplier', { company_name: 'مورد الشمال' });
  await sellIn(seller, category);
  const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
  const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5 }));
  const res = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] });
  expect(res.status).toBe(200);
  expect((await seller.post(`/api/purchase-orders/${res.body[0].id}/accept`, {})).status).toBe(200);
  return { buyer, seller, po: res.body[0] };
}
