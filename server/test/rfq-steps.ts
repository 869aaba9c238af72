/**
 * The steps of an RFQ's life through the API, for the RFQ and purchase-order tests: a
 * supplier selling in a category, an RFQ sent to the market or to chosen suppliers, a
 * quote, an award. Used by the tests only.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { Knex } from 'knex';
import type { MarketPrice } from '../../shared/schemas/rfq';
import type { Client } from './factories';

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
