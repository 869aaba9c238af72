/**
 * Two invoices of one seller issued at the same instant, through HTTP on Postgres (PGlite
 * has one connection, so nothing there runs concurrently): both are issued, with
 * consecutive counters, the later naming the earlier's hash, and the unit left at the
 * later one: the chain neither forks nor repeats a counter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { as } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';
import { taxProfile } from '../../test/tax-profile';

describe.runIf(onPostgres)('two invoices of one seller at once (Postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  // Three onboardings and six invoices through the development ZATCA: about 20 s alone, more on a busy machine.
  it('gets consecutive counters and an unbroken hash chain', { timeout: 120_000 }, async () => {
    const category = await categoryId(server.db.knex, 2);
    const buyer = await as(server, 'contractor');
    expect((await buyer.put('/api/company/tax-profile', taxProfile())).status).toBe(200);
    for (let round = 0; round < 3; round++) {
      const seller = await as(server, 'supplier');
      expect((await seller.put('/api/company/tax-profile', taxProfile())).status).toBe(200);
      expect((await seller.post('/api/e-invoicing/onboard', { otp: '123456' })).body.status).toBe('ready');
      await sellIn(seller, category);
      const orders: string[] = [];
      for (const price of [11, 12]) {
        const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
        const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: price }));
        const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })).body;
        expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
        orders.push(po.id);
      }

      const answers = await Promise.all(orders.map((id) => seller.post('/api/invoices', { purchase_order_id: id })));
      expect(answers.map((r) => r.status), `round ${round}`).toEqual([201, 201]);
      const [first, second] = answers.map((r) => r.body).sort((a, b) => a.icv - b.icv);
      expect([first.icv, second.icv]).toEqual([1, 2]);
      expect(second.pih).toBe(first.hash);
      expect(first.number).not.toBe(second.number);
      expect([first.status, second.status]).toEqual(['pending', 'pending']);
      await server.drainClearance();
      expect(await server.db.knex('invoices').whereIn('id', [first.id, second.id]).orderBy('icv').pluck('status')).toEqual(['cleared', 'cleared']);
      const unit = await server.db.knex('einvoicing_units').where({ company_id: seller.user.id }).first('icv', 'last_invoice_hash');
      expect([Number(unit.icv), unit.last_invoice_hash]).toEqual([2, second.hash]);
    }
  });
});
