/** Local effects of RFQ writes (see types.ts): the buyer's new RFQ, its edit, its cancel and its award (the purchase orders come from the server, which numbers them). */
import { rowKey, type RowKey } from '../db/schema';
import { keysWhere, patchRow, type EffectReader, type EffectTable, type RowMap } from './types';

type Rfqs = Pick<EffectTable, 'rfq.create' | 'rfq.update' | 'rfq.cancel' | 'rfq.award'>;

const rfqAndQuotes = async (id: string, read: EffectReader): Promise<RowKey[]> => [rowKey('rfq', id), ...(await keysWhere(read, 'rfq_quote', 'rfq_id', id))];

/** Each quote of the RFQ won (it has an awarded line) or lost. */
function settleQuotes(rows: RowMap, rfqId: string, winners: ReadonlySet<string>, now: string) {
  for (const [key, row] of rows) {
    if (!row || !key.startsWith('rfq_quote:') || row.rfq_id !== rfqId) continue;
    rows.set(key, { ...row, status: winners.has(row.id) ? 'won' : 'lost', updated_at: now });
  }
}

/** The lines as the server numbers them; their market prices come with the server's row. */
const linesOf = (lines: ReadonlyArray<{ id: string; description: string; quantity: number; unit: string; category_id?: string | null; product_id?: string | null }>) =>
  lines.map((l, i) => ({
    id: l.id,
    position: i + 1,
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    category_id: l.category_id ?? null,
    product_id: l.product_id ?? null,
    market_price: null,
  }));

export const rfqEffects: Rfqs = {
  'rfq.create': {
    keys: async (args) => [rowKey('rfq', args.id)],
    apply(args, rows, ctx) {
      const key = rowKey('rfq', args.id);
      if (rows.get(key)) return;
      rows.set(key, {
        id: args.id,
        buyer_id: ctx.user_id,
        buyer_name: ctx.company_name,
        buyer_verification_tier: ctx.verification_tier,
        title: args.title,
        location: args.location,
        needed_by: args.needed_by ?? null,
        closes_at: args.closes_at,
        audience: args.audience,
        // The server names the market's suppliers it reached.
        supplier_ids: args.supplier_ids ?? [],
        status: 'open',
        lines: linesOf(args.lines),
        my_quote: null,
        quote_count: 0,
        awarded_at: null,
        created_by_name: ctx.person_name ?? null,
        created_at: ctx.now,
        updated_at: ctx.now,
      });
    },
  },
  'rfq.update': {
    keys: async (args) => [rowKey('rfq', args.id)],
    apply(args, rows, ctx) {
      patchRow(rows, rowKey('rfq', args.id), { title: args.title, location: args.location, needed_by: args.needed_by ?? null, closes_at: args.closes_at, lines: linesOf(args.lines) }, ctx);
    },
  },
  'rfq.cancel': {
    keys: (args, read) => rfqAndQuotes(args.id, read),
    apply(args, rows, ctx) {
      patchRow(rows, rowKey('rfq', args.id), { status: 'cancelled' }, ctx);
      settleQuotes(rows, args.id, new Set(), ctx.now);
    },
  },
  'rfq.award': {
    keys: (args, read) => rfqAndQuotes(args.id, read),
    apply(args, rows, ctx) {
      patchRow(rows, rowKey('rfq', args.id), { status: 'awarded', awarded_at: ctx.now }, ctx);
      settleQuotes(rows, args.id, new Set(args.awards.map((a) => a.quote_id)), ctx.now);
    },
  },
};
