/**
 * The steps of an RFQ's life through the API, for the RFQ and purchase-order tests: a
 * supplier selling in a category, an RFQ sent to the market or to chosen suppliers, a
 * quote, an award. Used by the tests only.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { Knex } from 'knex';
import type { MarketPrice } from '../../shared/schemas/rfq';
import { as, type Client } from './factories';
import type { TestServer } from './harness';

/** The first reference category's id (a market RFQ in it reaches the suppliers selling in it). */
export async function categoryId(knex: Knex, n = 0): Promise<string> {
  const rows: Array<{ id: string }> = await knex('categories').orderBy('id').select('id');
  return rows[n].id;
}

/** A supplier's product in `category`: what makes a market RFQ in that category reach them. */
export async function sellIn(supplier: Client, category: string, over: Record<string, unknown> = {}): Promise<string> {
  const res = await supplier.post('/api/products', { name: 'أسمنت بورتلاندي', price: 18, unit: 'كيس', category_id: category, ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

export const inDays = (days: number, from = Date.now()) => new Date(from + days * 86_400_000).toISOString();

/** An RFQ body of `lines` lines (quantities 10, 20, ...) in `category`, closing in two days. */
export function rfqBody(category: string | null, over: Record<string, unknown> = {}, lines = 3) {
  return {
    id: crypto.randomUUID(),
    title: 'مواد الدور الأرضي',
    location: 'الرياض، حي النرجس',
    needed_by: '2026-12-20',
    closes_at: inDays(2),
    audience: 'market',
    lines: Array.from({ length: lines }, (_, i) => ({
      id: crypto.randomUUID(),
      description: `بند ${i + 1}`,
      quantity: (i + 1) * 10,
      unit: 'كيس',
      category_id: category,
    })),
    ...over,
  };
}

export async function postRfq(buyer: Client, body: ReturnType<typeof rfqBody>) {
  const res = await buyer.post('/api/rfqs', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; lines: Array<{ id: string; position: number; market_price: MarketPrice | null }> } & Record<string, unknown>;
}

/** A quote pricing the given lines (line id -> unit price). */
export function quoteBody(prices: Record<string, number>, over: Record<string, unknown> = {}) {
  return {
    id: crypto.randomUUID(),
    delivery_days: 5,
    valid_until: '2026-12-31',
    lines: Object.entries(prices).map(([rfq_line_id, unit_price]) => ({ rfq_line_id, unit_price })),
    ...over,
  };
}

export async function postQuote(supplier: Client, rfqId: string, body: ReturnType<typeof quoteBody>, status = 201) {
  const res = await supplier.post(`/api/rfqs/${rfqId}/quotes`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as { id: string; revision: number } & Record<string, unknown>;
}

/**
 * An RFQ of 10, 20 and 30 bags in `category` with two quotes, one of them partial: A
 * offers 4 of the first line's 10 at 10.00 and all 20 of the second at 1.00, B all 10 of
 * the first at 12.00. `award` posts the buyer's award.
 */
export async function partlyQuoted(server: TestServer, category: string) {
  const buyer = await as(server, 'contractor');
  const [a, b] = [await as(server, 'supplier'), await as(server, 'supplier')];
  await sellIn(a, category);
  await sellIn(b, category);
  const rfq = await postRfq(buyer, rfqBody(category));
  const line = (n: number) => rfq.lines[n].id;
  const partial = quoteBody({});
  partial.lines = [
    { rfq_line_id: line(0), unit_price: 10, quantity: 4 },
    { rfq_line_id: line(1), unit_price: 1 },
  ] as typeof partial.lines;
  const qa = await postQuote(a, rfq.id, partial);
  const qb = await postQuote(b, rfq.id, quoteBody({ [line(0)]: 12 }));
  const award = (awards: Array<{ rfq_line_id: string; quote_id: string; quantity?: number }>) => buyer.post(`/api/rfqs/${rfq.id}/award`, { awards });
  return { buyer, a, b, rfq, line, qa, qb, award };
}
