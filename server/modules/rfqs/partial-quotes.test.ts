/**
 * A quote that offers part of a line's quantity, through the comparison and the award: it
 * is totalled, ranked and ordered on what it offers, the rest of the line may go to
 * another quote in the same award, and an award that would order more than a quote
 * offers or than the line asks is refused (REST and sync push alike).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/harness';
import { as } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';

type Cell = { quote_id: string; unit_price: number | null; line_total: number | null; vat_amount: number | null; quantity_offered: number | null; lowest: boolean };
type PoLine = { rfq_line_id: string; quantity: number; unit_price: number; line_total: number };

describe('partly quoted lines', () => {
  let server: TestServer;
  let cement: string;
  beforeAll(async () => {
    server = await startTestServer();
    cement = await categoryId(server.db.knex, 4);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  /**
   * An RFQ of 10, 20 and 30 bags; A offers 4 of the 10 at 10.00 and all 20 of the second
   * line at 1.00; B offers all 10 of the first at 12.00.
   */
  async function quoted() {
    const buyer = await as(server, 'contractor');
    const [a, b] = [await as(server, 'supplier'), await as(server, 'supplier')];
    await sellIn(a, cement);
    await sellIn(b, cement);
    const rfq = await postRfq(buyer, rfqBody(cement));
    const line = (n: number) => rfq.lines[n].id;
    const partial = quoteBody({ [line(0)]: 10, [line(1)]: 1 });
    partial.lines[0] = { ...partial.lines[0], quantity: 4 } as (typeof partial.lines)[number];
    const qa = await postQuote(a, rfq.id, partial);
    const qb = await postQuote(b, rfq.id, quoteBody({ [line(0)]: 12 }));
    const award = (awards: Array<{ rfq_line_id: string; quote_id: string; quantity?: number }>) => buyer.post(`/api/rfqs/${rfq.id}/award`, { awards });
    return { buyer, a, b, rfq, line, qa, qb, award };
  }

  it('totals a partial quote on the quantity it offers, ranks per unit price, and floors the split on what is offered', async () => {
    const { buyer, rfq, qa, qb } = await quoted();
    const res = await buyer.get(`/api/rfqs/${rfq.id}/comparison`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first] = res.body.lines as Array<{ cells: Cell[]; lowest_unit_price: number }>;
    const cell = (id: string) => first.cells.find((c) => c.quote_id === id)!;
    expect(cell(qa.id)).toMatchObject({ unit_price: 10, quantity_offered: 4, line_total: 40, vat_amount: 6, lowest: true });
    expect(cell(qb.id)).toMatchObject({ unit_price: 12, quantity_offered: 10, line_total: 120, vat_amount: 18, lowest: false });
    expect(first.lowest_unit_price).toBe(10);
    const column = (id: string) => (res.body.quotes as Array<Record<string, number | string>>).find((q) => q.quote_id === id)!;
    // A: 4 × 10.00 + 20 × 1.00, VAT 9.00; it covers 4 of 10, 20 of 20 and none of 30 bags.
    expect(column(qa.id)).toMatchObject({ subtotal: 60, vat_total: 9, total: 69, quoted_lines: 2, quantity_coverage: 0.4667 });
    expect(column(qb.id)).toMatchObject({ subtotal: 120, total: 138, quantity_coverage: 0.3333 });
    // The cheapest the offers can buy: 4 at 10.00 and the other 6 at 12.00, plus 20 at 1.00.
    expect(res.body.best_subtotal).toBe(132);
  });

  it('orders from a partial quote only what it offers when the RFQ is awarded whole to it; the rest is not bought', async () => {
    const { rfq, line, qa, award } = await quoted();
    const res = await award([
      { rfq_line_id: line(0), quote_id: qa.id },
      { rfq_line_id: line(1), quote_id: qa.id },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ quote_id: qa.id, subtotal: 60, vat_total: 9, total: 69 });
    expect(res.body[0].lines.map((l: PoLine) => [l.rfq_line_id, l.quantity, l.unit_price, l.line_total])).toEqual([
      [line(0), 4, 10, 40],
      [line(1), 20, 1, 20],
    ]);
    expect((await knex()('rfqs').where({ id: rfq.id }).first('status')).status).toBe('awarded');
  });

  it('gives the rest of a partly quoted line to another quote in a split award', async () => {
    const { line, qa, qb, award } = await quoted();
    const res = await award([
      { rfq_line_id: line(0), quote_id: qa.id },
      { rfq_line_id: line(0), quote_id: qb.id, quantity: 6 },
      { rfq_line_id: line(1), quote_id: qa.id },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byQuote = new Map((res.body as Array<{ quote_id: string; subtotal: number; lines: PoLine[] }>).map((po) => [po.quote_id, po]));
    expect(byQuote.get(qa.id)!.lines.map((l) => [l.rfq_line_id, l.quantity])).toEqual([
      [line(0), 4],
      [line(1), 20],
    ]);
    expect(byQuote.get(qb.id)).toMatchObject({ subtotal: 72 });
    expect(byQuote.get(qb.id)!.lines.map((l) => [l.rfq_line_id, l.quantity, l.unit_price])).toEqual([[line(0), 6, 12]]);
  });

  it('refuses with award_over_ordered an award of more than a quote offers or more than the line asks, and orders nothing', async () => {
    const { rfq, line, qa, qb, award } = await quoted();
    const beyondOffer = await award([{ rfq_line_id: line(0), quote_id: qa.id, quantity: 5 }]);
    expect([beyondOffer.status, beyondOffer.body.code, beyondOffer.body.details]).toEqual([409, 'award_over_ordered', [{ path: 'awards.0.quantity', message: 'exceeds_offer' }]]);
    // 4 offered by A and B's whole 10 are 14 of a 10-bag line.
    const beyondLine = await award([
      { rfq_line_id: line(0), quote_id: qa.id },
      { rfq_line_id: line(0), quote_id: qb.id },
    ]);
    expect([beyondLine.status, beyondLine.body.code, beyondLine.body.details]).toEqual([409, 'award_over_ordered', [{ path: 'awards.1.quantity', message: 'exceeds_line' }]]);
    expect(await knex()('purchase_orders').where({ rfq_id: rfq.id })).toEqual([]);
    expect((await knex()('rfqs').where({ id: rfq.id }).first('status')).status).toBe('open');
  });

  it('refuses the same over-order by sync push', async () => {
    const { buyer, rfq, line, qa, qb } = await quoted();
    const res = await buyer.post('/api/sync/push', {
      client_id: crypto.randomUUID(),
      mutations: [
        {
          id: 1,
          name: 'rfq.award',
          args: { id: rfq.id, awards: [{ rfq_line_id: line(0), quote_id: qa.id }, { rfq_line_id: line(0), quote_id: qb.id, quantity: 7 }] },
        },
        {
          id: 2,
          name: 'rfq.award',
          args: { id: rfq.id, awards: [{ rfq_line_id: line(0), quote_id: qa.id }, { rfq_line_id: line(0), quote_id: qb.id, quantity: 6 }] },
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string; code?: string }) => r.code ?? r.status)).toEqual(['award_over_ordered', 'applied']);
    const lines: Array<{ quantity: string }> = await knex()('purchase_order_lines as pl')
      .join('purchase_orders as po', 'po.id', 'pl.purchase_order_id')
      .where({ 'po.rfq_id': rfq.id, 'pl.rfq_line_id': line(0) })
      .orderBy('pl.quantity')
      .select('pl.quantity');
    expect(lines.map((l) => Number(l.quantity))).toEqual([4, 6]);
  });
});
