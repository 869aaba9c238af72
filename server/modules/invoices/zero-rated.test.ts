/**
 * A zero-rated or exempt line, from the offer that states it to the tax invoice: the
 * seller names the VATEX reason with its price, the order's line keeps the rate and the
 * reason, and the invoice states them as ZATCA's rules ask (BR-KSA-69, BR-KSA-83), so it
 * clears. A zero rate without its reason is refused at the door with 400.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, postOffer, postOrder } from '../../test/factories';
import { tradingParties } from '../../test/invoice-steps';
import { categoryId } from '../../test/rfq-steps';
import { validateInvoice } from '../e-invoicing/zatca/validate';

describe('zero-rated and exempt lines', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = (): Knex => server.db.knex;

  it('refuses an offer at a zero or exempt rate without its reason, or a reason on a standard-rated one, with 400 naming why, over REST and the sync push', async () => {
    const contractor = await as(server, 'contractor');
    const supplier = await as(server, 'supplier');
    const order = await postOrder(contractor);
    for (const [vat, message] of [
      [{ vat_category: 'Z' }, 'exemption_reason_required'],
      [{ vat_category: 'E', exemption_reason_code: null }, 'exemption_reason_required'],
      [{ vat_category: 'S', exemption_reason_code: 'VATEX-SA-32' }, 'exemption_reason_not_allowed'],
      [{ vat_category: 'E', exemption_reason_code: 'VATEX-SA-32' }, 'exemption_reason_other_category'],
    ] as const) {
      const res = await postOffer(supplier, order.id, vat);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'exemption_reason_code', message }] });
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
