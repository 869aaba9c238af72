/**
 * RFQs through REST: who they reach and who sees what, closing, quotes and their
 * revisions, the comparison (the buyer's only) and the award into purchase orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, audiences, changesOf, notificationsOf } from '../../test/factories';
import { categoryId, inDays, partlyQuoted, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';

describe('RFQs', () => {
  let server: TestServer;
  let cement: string;
  let steel: string;
  beforeAll(async () => {
    server = await startTestServer();
    cement = await categoryId(server.db.knex, 0);
    steel = await categoryId(server.db.knex, 1);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  /** A buyer, two suppliers selling cement, one selling steel only, and a market RFQ of three cement lines. */
  async function market() {
    const buyer = await as(server, 'contractor', { company_name: 'مقاولات النخبة', language: 'en' });
    const [a, b] = [await as(server, 'supplier', { company_name: 'أسمنت الجنوب' }), await as(server, 'supplier', { company_name: 'مصنع اليمامة' })];
    const other = await as(server, 'supplier');
    await sellIn(a, cement);
    await sellIn(b, cement);
    await sellIn(other, steel);
    const rfq = await postRfq(buyer, rfqBody(cement));
    return { buyer, a, b, other, rfq, line: (n: number) => rfq.lines[n].id };
  }

  describe('POST /api/rfqs', () => {
    it('sends a market RFQ to the suppliers selling in its categories, and tells them', async () => {
      const { buyer, a, b, other, rfq } = await market();
      expect(rfq).toMatchObject({ status: 'open', audience: 'market', buyer_name: 'مقاولات النخبة', quote_count: 0, my_quote: null });
      expect(rfq.lines.map((l) => l.position)).toEqual([1, 2, 3]);
      expect([...(rfq.supplier_ids as string[])].sort()).toEqual([a.user.id, b.user.id].sort());
      expect((await notificationsOf(knex(), a.user.id, 'rfq.new')).map((n) => n.params.rfq_id)).toContain(rfq.id);
      expect(await notificationsOf(knex(), other.user.id, 'rfq.new')).toEqual([]);
      expect((await changesOf(knex(), 'rfq', rfq.id)).audiences).toEqual(audiences(`user:${buyer.user.id}`, `user:${a.user.id}`, `user:${b.user.id}`));
    });

    it('sends an invited RFQ to the named suppliers only', async () => {
      const buyer = await as(server, 'contractor');
      const [a, b] = [await as(server, 'supplier'), await as(server, 'supplier')];
      await sellIn(b, cement);
      const rfq = await postRfq(buyer, rfqBody(cement, { audience: 'invited', supplier_ids: [a.user.id] }));
      expect(rfq.supplier_ids).toEqual([a.user.id]);
      expect((await a.get(`/api/rfqs/${rfq.id}`)).status).toBe(200);
      expect((await b.get(`/api/rfqs/${rfq.id}`)).status).toBe(404);
      const notSupplier = await buyer.post('/api/rfqs', rfqBody(cement, { audience: 'invited', supplier_ids: [buyer.user.id] }));
      expect(notSupplier.status).toBe(400);
    });

    it('is a contractor\'s: a supplier is refused; a closing time in the past is refused; the same id again answers 200', async () => {
      const supplier = await as(server, 'supplier');
      expect((await supplier.post('/api/rfqs', rfqBody(cement))).status).toBe(403);
      const buyer = await as(server, 'contractor');
      const past = await buyer.post('/api/rfqs', rfqBody(cement, { closes_at: inDays(-1) }));
      expect([past.status, past.body.details?.[0]?.message]).toEqual([400, 'closes_in_past']);
      const body = rfqBody(cement);
      expect((await buyer.post('/api/rfqs', body)).status).toBe(201);
      const again = await buyer.post('/api/rfqs', body);
      expect([again.status, again.body.id]).toEqual([200, body.id]);
      expect((await (await as(server, 'contractor')).post('/api/rfqs', body)).status).toBe(409);
    });
  });

  describe('who sees what', () => {
    it('lists a buyer\'s own RFQs and a supplier\'s addressed ones; others get 404', async () => {
      const { buyer, a, other, rfq } = await market();
      expect((await buyer.get('/api/rfqs/my')).body.map((r: { id: string }) => r.id)).toContain(rfq.id);
      expect((await a.get('/api/rfqs')).body.map((r: { id: string }) => r.id)).toContain(rfq.id);
      expect((await other.get('/api/rfqs')).body.map((r: { id: string }) => r.id)).not.toContain(rfq.id);
      expect((await other.get(`/api/rfqs/${rfq.id}`)).status).toBe(404);
      expect((await (await as(server, 'contractor')).get(`/api/rfqs/${rfq.id}`)).status).toBe(404);
      // The recipients are the buyer's to know, not the suppliers'.
      expect((await a.get(`/api/rfqs/${rfq.id}`)).body.supplier_ids).toBeNull();
    });

    it('shows a supplier only their own quote, never another\'s prices; the buyer every quote', async () => {
      const { buyer, a, b, rfq, line } = await market();
      const qa = await postQuote(a, rfq.id, quoteBody({ [line(0)]: 18.5 }));
      const qb = await postQuote(b, rfq.id, quoteBody({ [line(0)]: 17.25 }));
      expect((await a.get(`/api/rfqs/${rfq.id}/quotes`)).body.map((q: { id: string }) => q.id)).toEqual([qa.id]);
      expect((await a.get(`/api/rfqs/${rfq.id}`)).body.my_quote).toMatchObject({ id: qa.id, lines: [{ unit_price: 18.5 }] });
      expect(JSON.stringify((await a.get(`/api/rfqs/${rfq.id}`)).body)).not.toContain('17.25');
      expect((await buyer.get(`/api/rfqs/${rfq.id}/quotes`)).body.map((q: { id: string }) => q.id).sort()).toEqual([qa.id, qb.id].sort());
      expect((await buyer.get(`/api/rfqs/${rfq.id}`)).body.quote_count).toBe(2);
      expect((await changesOf(knex(), 'rfq_quote', qb.id)).audiences).toEqual(audiences(`user:${b.user.id}`, `user:${buyer.user.id}`));
    });

    it('shows the comparison to the buyer only: 403 to a supplier it reached, 404 to anyone else', async () => {
      const { buyer, a, other, rfq } = await market();
      expect((await buyer.get(`/api/rfqs/${rfq.id}/comparison`)).status).toBe(200);
      expect((await a.get(`/api/rfqs/${rfq.id}/comparison`)).status).toBe(403);
      expect((await other.get(`/api/rfqs/${rfq.id}/comparison`)).status).toBe(404);
    });
  });

  describe('quotes', () => {
    it('revises the one quote per supplier until closing (revision counts), tells the buyer each time', async () => {
      const { buyer, a, rfq, line } = await market();
      const first = await postQuote(a, rfq.id, quoteBody({ [line(0)]: 20, [line(1)]: 30 }));
      expect(first.revision).toBe(1);
      // Another id from the same supplier revises the same quote, which keeps its first id.
      const second = await postQuote(a, rfq.id, quoteBody({ [line(0)]: 19 }, { notes: 'سعر خاص' }), 200);
      expect(second).toMatchObject({ id: first.id, revision: 2, notes: 'سعر خاص', lines: [{ rfq_line_id: line(0), unit_price: 19 }] });
      expect(await knex()('rfq_quotes').where({ rfq_id: rfq.id })).toHaveLength(1);
      expect((await notificationsOf(knex(), buyer.user.id)).map((n) => n.kind).filter((k) => k.startsWith('rfq_quote'))).toEqual(['rfq_quote.new', 'rfq_quote.revised']);
      // The same id and content again is a replay: no new revision, no notification.
      const body = quoteBody({ [line(0)]: 19 }, { id: first.id, notes: 'سعر خاص' });
      expect((await postQuote(a, rfq.id, body, 200)).revision).toBe(2);
      expect(await notificationsOf(knex(), buyer.user.id, 'rfq_quote.revised')).toHaveLength(1);
    });

    it('refuses a quote after closing, on a line of another RFQ, from a supplier it did not reach', async () => {
      const { buyer, a, other, rfq, line } = await market();
      const elsewhere = await postRfq(buyer, rfqBody(cement));
      const wrong = await a.post(`/api/rfqs/${rfq.id}/quotes`, quoteBody({ [elsewhere.lines[0].id]: 10 }));
      expect([wrong.status, wrong.body.details]).toEqual([400, [{ path: 'lines.0.rfq_line_id', message: 'not_in_rfq' }]]);
      expect((await other.post(`/api/rfqs/${rfq.id}/quotes`, quoteBody({ [line(0)]: 10 }))).status).toBe(404);
      await knex()('rfqs').where({ id: rfq.id }).update({ closes_at: inDays(-0.001) });
      const late = await a.post(`/api/rfqs/${rfq.id}/quotes`, quoteBody({ [line(0)]: 10 }));
      expect([late.status, late.body.code]).toEqual([409, 'rfq_closed']);
      expect((await buyer.get(`/api/rfqs/${rfq.id}`)).body.status).toBe('closed');
    });
  });

  describe('PATCH /api/rfqs/{id}', () => {
    const edit = (rfq: { id: string; lines: Array<{ id: string }> }, category: string, over: Record<string, unknown> = {}) => ({
      title: 'مواد الدور الأول',
      location: 'جدة، حي الروضة',
      needed_by: null,
      closes_at: inDays(4),
      lines: [
        { id: rfq.lines[0].id, description: 'أسمنت مقاوم للكبريتات', quantity: 150, unit: 'كيس', category_id: cement },
        { id: crypto.randomUUID(), description: 'حديد 12 مم', quantity: 3, unit: 'طن', category_id: category },
      ],
      ...over,
    });

    it('lets the buyer edit an open RFQ before the first quote: the lines replaced, new sellers reached and told, the old ones kept', async () => {
      const { buyer, a, b, other, rfq } = await market();
      const res = await buyer.patch(`/api/rfqs/${rfq.id}`, edit(rfq, steel));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ title: 'مواد الدور الأول', location: 'جدة، حي الروضة', needed_by: null, status: 'open', quote_count: 0 });
      expect(res.body.lines.map((l: { id: string; position: number; description: string }) => [l.position, l.description])).toEqual([
        [1, 'أسمنت مقاوم للكبريتات'],
        [2, 'حديد 12 مم'],
      ]);
      expect(res.body.lines[0].id).toBe(rfq.lines[0].id);
      expect(await knex()('rfq_lines').where({ rfq_id: rfq.id })).toHaveLength(2);
      // The steel seller is reached now and told; the cement sellers stay reached.
      expect(res.body.supplier_ids).toEqual(expect.arrayContaining([a.user.id, b.user.id, other.user.id]));
      expect((await notificationsOf(knex(), other.user.id, 'rfq.new')).filter((n) => n.params.rfq_id === rfq.id)).toHaveLength(1);
      expect((await notificationsOf(knex(), a.user.id, 'rfq.new')).filter((n) => n.params.rfq_id === rfq.id)).toHaveLength(1);
      expect((await changesOf(knex(), 'rfq', rfq.id)).audiences).toEqual(expect.arrayContaining(audiences(`user:${buyer.user.id}`, `user:${other.user.id}`)));
      expect((await a.get(`/api/rfqs/${rfq.id}`)).body.title).toBe('مواد الدور الأول');
    });

    it('returns 409 rfq_has_quotes once a supplier has quoted, and changes nothing', async () => {
      const { buyer, a, rfq, line } = await market();
      await postQuote(a, rfq.id, quoteBody({ [line(0)]: 20 }));
      const res = await buyer.patch(`/api/rfqs/${rfq.id}`, edit(rfq, cement));
      expect([res.status, res.body.code]).toEqual([409, 'rfq_has_quotes']);
      expect((await buyer.get(`/api/rfqs/${rfq.id}`)).body).toMatchObject({ title: 'مواد الدور الأرضي', lines: rfq.lines });
    });

    it('returns 409 rfq_closed past its closing time or once cancelled, 400 for a closing time already past', async () => {
      const { buyer, rfq } = await market();
      const past = await buyer.patch(`/api/rfqs/${rfq.id}`, edit(rfq, cement, { closes_at: inDays(-0.01) }));
      expect([past.status, past.body.details]).toEqual([400, [{ path: 'closes_at', message: 'closes_in_past' }]]);
      await knex()('rfqs').where({ id: rfq.id }).update({ closes_at: inDays(-0.001) });
      expect((await buyer.patch(`/api/rfqs/${rfq.id}`, edit(rfq, cement))).body.code).toBe('rfq_closed');
      const { buyer: other, rfq: cancelled } = await market();
      expect((await other.post(`/api/rfqs/${cancelled.id}/cancel`)).status).toBe(200);
      const res = await other.patch(`/api/rfqs/${cancelled.id}`, edit(cancelled, cement));
      expect([res.status, res.body.code]).toEqual([409, 'rfq_closed']);
    });

    it('is its buyer\'s alone: 403 for a supplier it reached, 404 for anyone else; a line id of another RFQ is refused', async () => {
      const { buyer, a, rfq } = await market();
      expect((await a.patch(`/api/rfqs/${rfq.id}`, edit(rfq, cement))).status).toBe(403);
      const stranger = await as(server, 'contractor');
      expect((await stranger.patch(`/api/rfqs/${rfq.id}`, edit(rfq, cement))).status).toBe(404);
      const elsewhere = await postRfq(buyer, rfqBody(cement));
      const taken = await buyer.patch(`/api/rfqs/${rfq.id}`, edit(rfq, cement, { lines: [{ id: elsewhere.lines[0].id, description: 'x', quantity: 1, unit: 'كيس' }] }));
      expect(taken.status).toBe(409);
    });
  });

  describe('comparison', () => {
    it('puts lines down and quotes across with the lowest marked, gaps, coverage and totals with VAT', async () => {
      const { buyer, a, b, rfq, line } = await market();
      const qa = await postQuote(a, rfq.id, quoteBody({ [line(0)]: 18.5, [line(1)]: 0.7 }));
      const qb = await postQuote(b, rfq.id, quoteBody({ [line(0)]: 17.25 }));
      const cmp = (await buyer.get(`/api/rfqs/${rfq.id}/comparison`)).body;
      expect(cmp.quotes.map((q: { quote_id: string }) => q.quote_id)).toEqual([qa.id, qb.id]);
      expect(cmp.lines[0].cells.map((c: { lowest: boolean }) => c.lowest)).toEqual([false, true]);
      expect(cmp.lines[1].cells[1]).toMatchObject({ unit_price: null, lowest: false });
      expect(cmp.unquoted_lines).toBe(1);
      // 10 × 18.50 = 185.00 (VAT 27.75) and 20 × 0.70 = 14.00 (VAT 2.10)
      expect(cmp.quotes[0]).toMatchObject({ quoted_lines: 2, subtotal: 199, vat_total: 29.85, total: 228.85, supplier_name: 'أسمنت الجنوب' });
      expect(cmp.quotes[1]).toMatchObject({ quoted_lines: 1, subtotal: 172.5, vat_total: 25.88, total: 198.38 });
      expect(cmp.lines.every((l: { market_price: unknown }) => l.market_price === null)).toBe(true);
    });
  });

  describe('award', () => {
    it('splits the award into one purchase order per winning supplier, numbered in sequence, with totals; tells winners and losers', async () => {
      const { buyer, a, b, rfq, line } = await market();
      const loser = await as(server, 'supplier');
      await sellIn(loser, cement);
      const qa = await postQuote(a, rfq.id, quoteBody({ [line(0)]: 18.5, [line(1)]: 0.7, [line(2)]: 5 }));
      const qb = await postQuote(b, rfq.id, quoteBody({ [line(0)]: 17.25, [line(2)]: 4.99 }));
      const res = await buyer.post(`/api/rfqs/${rfq.id}/award`, {
        awards: [
          { rfq_line_id: line(0), quote_id: qb.id },
          { rfq_line_id: line(1), quote_id: qa.id },
          { rfq_line_id: line(2), quote_id: qb.id },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const year = new Date().getUTCFullYear();
      expect(res.body).toHaveLength(2);
      const [first, second] = res.body;
      // b's order comes first: it holds the first line.
      expect(first).toMatchObject({
        number: `PO-${year}-000001`, seller_id: b.user.id, buyer_id: buyer.user.id, rfq_id: rfq.id, quote_id: qb.id, status: 'issued',
        subtotal: 322.2, vat_total: 48.33, total: 370.53, // 172.50 + 149.70; VAT 15 % of 322.20 (the lines' own VAT, 25.88 + 22.46, add up to 48.34)
        delivery_location: 'الرياض، حي النرجس', delivery_date: '2026-12-20', delivery_days: 5,
      });
      expect(first.lines.map((l: { quantity: number; unit_price: number }) => [l.quantity, l.unit_price])).toEqual([[10, 17.25], [30, 4.99]]);
      expect(second).toMatchObject({ number: `PO-${year}-000002`, seller_id: a.user.id, subtotal: 14, vat_total: 2.1, total: 16.1 });
      expect((await buyer.get(`/api/rfqs/${rfq.id}`)).body.status).toBe('awarded');
      expect((await notificationsOf(knex(), b.user.id, 'rfq.awarded'))[0].params).toMatchObject({ number: first.number, amount: first.total });
      expect(await notificationsOf(knex(), loser.user.id, 'rfq.lost')).toEqual([]); // it never quoted
      expect((await a.get(`/api/rfqs/${rfq.id}`)).body.my_quote.status).toBe('won');
      // The next RFQ of the same buyer continues the sequence.
      const next = await postRfq(buyer, rfqBody(cement));
      const qn = await postQuote(a, next.id, quoteBody({ [next.lines[0].id]: 1 }));
      const more = await buyer.post(`/api/rfqs/${next.id}/award`, { awards: [{ rfq_line_id: next.lines[0].id, quote_id: qn.id }] });
      expect(more.body[0].number).toBe(`PO-${year}-000003`);
    });

    it('tells the suppliers who quoted and won nothing that they lost', async () => {
      const { buyer, a, b, rfq, line } = await market();
      const qa = await postQuote(a, rfq.id, quoteBody({ [line(0)]: 10 }));
      await postQuote(b, rfq.id, quoteBody({ [line(0)]: 11 }));
      expect((await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line(0), quote_id: qa.id }] })).status).toBe(200);
      expect(await notificationsOf(knex(), b.user.id, 'rfq.lost')).toHaveLength(1);
      expect((await b.get(`/api/rfqs/${rfq.id}`)).body.my_quote.status).toBe('lost');
    });

    it('refuses a line the named quote does not price, an award twice, and anyone but the buyer', async () => {
      const { buyer, a, b, rfq, line } = await market();
      const qa = await postQuote(a, rfq.id, quoteBody({ [line(0)]: 10 }));
      const unquoted = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line(1), quote_id: qa.id }] });
      expect([unquoted.status, unquoted.body.code]).toEqual([409, 'line_not_quoted']);
      const otherQuote = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line(0), quote_id: crypto.randomUUID() }] });
      expect(otherQuote.body.code).toBe('line_not_quoted');
      expect((await a.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line(0), quote_id: qa.id }] })).status).toBe(403);
      expect((await (await as(server, 'contractor')).post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line(0), quote_id: qa.id }] })).status).toBe(404);
      expect(await knex()('purchase_orders').where({ rfq_id: rfq.id })).toEqual([]);
      expect((await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line(0), quote_id: qa.id }] })).status).toBe(200);
      const twice = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line(0), quote_id: qa.id }] });
      expect([twice.status, twice.body.code]).toEqual([409, 'rfq_awarded']);
      expect(await knex()('purchase_orders').where({ rfq_id: rfq.id })).toHaveLength(1);
      // Awarded: no more quotes.
      expect((await b.post(`/api/rfqs/${rfq.id}/quotes`, quoteBody({ [line(0)]: 9 }))).body.code).toBe('rfq_closed');
    });

    it('awards after closing too, and a cancelled RFQ neither takes an award nor quotes', async () => {
      const { buyer, a, rfq, line } = await market();
      const qa = await postQuote(a, rfq.id, quoteBody({ [line(0)]: 10 }));
      await knex()('rfqs').where({ id: rfq.id }).update({ closes_at: inDays(-0.001) });
      expect((await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: line(0), quote_id: qa.id }] })).status).toBe(200);
      const other = await postRfq(buyer, rfqBody(cement));
      expect((await buyer.post(`/api/rfqs/${other.id}/cancel`, {})).body.status).toBe('cancelled');
      expect((await buyer.post(`/api/rfqs/${other.id}/award`, { awards: [{ rfq_line_id: other.lines[0].id, quote_id: qa.id }] })).body.code).toBe('rfq_awarded');
    });
  });

  describe('a partly quoted line', () => {
    type Cell = { quote_id: string; unit_price: number | null; line_total: number | null; vat_amount: number | null; quantity_offered: number | null; lowest: boolean };
    type PoLine = { rfq_line_id: string; quantity: number; unit_price: number; line_total: number };
    const quoted = () => partlyQuoted(server, cement);

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
  });

  /** What a supplier writes on a quote is for the buyer: it is in the comparison and on the order the award makes, which both parties read. */
  describe("the supplier's notes", () => {
    const NOTES = 'الأسعار تشمل التوصيل داخل الرياض؛ لا يتوفر لدينا حديد';

    it("shows the buyer each quote's notes and its lines' notes in the comparison", async () => {
      const { buyer, a, b, rfq, line } = await market();
      const body = quoteBody({ [line(0)]: 18.5, [line(1)]: 0.7 }, { notes: NOTES });
      body.lines[0] = { ...body.lines[0], note: 'Delivered on pallets' } as (typeof body.lines)[number];
      const qa = await postQuote(a, rfq.id, body);
      const qb = await postQuote(b, rfq.id, quoteBody({ [line(0)]: 17.25 }));
      const cmp = (await buyer.get(`/api/rfqs/${rfq.id}/comparison`)).body;
      expect(cmp.quotes.map((q: { quote_id: string; notes: string | null }) => [q.quote_id, q.notes])).toEqual([[qa.id, NOTES], [qb.id, null]]);
      expect(cmp.lines[0].cells.map((c: { note: string | null }) => c.note)).toEqual(['Delivered on pallets', null]);
      expect(cmp.lines[1].cells[0].note).toBeNull();
    });

    it("carries the quote's notes and its lines' notes onto the order the award makes, read by the buyer and the seller", async () => {
      const { buyer, a, b, rfq, line } = await market();
      const body = quoteBody({ [line(0)]: 18.5, [line(1)]: 0.7 }, { notes: NOTES });
      body.lines[1] = { ...body.lines[1], note: 'Bags of 50 kg' } as (typeof body.lines)[number];
      const qa = await postQuote(a, rfq.id, body);
      const qb = await postQuote(b, rfq.id, quoteBody({ [line(2)]: 5 }));
      const res = await buyer.post(`/api/rfqs/${rfq.id}/award`, {
        awards: [
          { rfq_line_id: line(0), quote_id: qa.id },
          { rfq_line_id: line(1), quote_id: qa.id },
          { rfq_line_id: line(2), quote_id: qb.id },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [fromA, fromB] = res.body as Array<{ id: string }>;
      for (const reader of [buyer, a]) {
        const po = (await reader.get(`/api/purchase-orders/${fromA.id}`)).body;
        expect(po.notes).toBe(NOTES);
        expect(po.lines.map((l: { note: string | null }) => l.note)).toEqual([null, 'Bags of 50 kg']);
      }
      // A quote that said nothing puts nothing on its order.
      expect((await b.get(`/api/purchase-orders/${fromB.id}`)).body.notes).toBeNull();
    });
  });
});
