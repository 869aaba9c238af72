/**
 * Local effects of RFQ writes (see types.ts): the buyer's new RFQ, its edit, its cancel
 * and its award (the purchase orders come from the server, which numbers them), and a
 * supplier's quote, new or revised, also shown on the RFQ as my_quote.
 */
import { rowKey, type EffectContext, type RowKey } from '../db/schema';
import type { MutationArgs } from '../../../shared/mutations';
import { getRow, keysWhere, patchRow, rowsOf, setRow, type EffectReader, type EffectTable, type Row, type RowMap } from './types';

type Rfqs = Pick<EffectTable, 'rfq.create' | 'rfq.update' | 'rfq.cancel' | 'rfq.award' | 'rfq_quote.submit'>;

const rfqAndQuotes = async (id: string, read: EffectReader): Promise<RowKey[]> => [rowKey('rfq', id), ...(await keysWhere(read, 'rfq_quote', 'rfq_id', id))];

/** Each quote of the RFQ won (it has an awarded line) or lost. */
function settleQuotes(rows: RowMap, rfqId: string, winners: ReadonlySet<string>, ctx: EffectContext) {
  for (const quote of rowsOf(rows, 'rfq_quote')) {
    if (quote.rfq_id === rfqId) patchRow(rows, 'rfq_quote', quote.id, { status: winners.has(quote.id) ? 'won' : 'lost' }, ctx);
  }
}

type LineArgs = ReadonlyArray<{ id: string; description: string; quantity: number; unit: string; category_id?: string | null; product_id?: string | null; budget_line_id?: string | null }>;

/** The lines as the server numbers them; their market prices come with the server's row. */
const linesOf = (lines: LineArgs): Row<'rfq'>['lines'] =>
  lines.map((l, i) => ({
    id: l.id,
    position: i + 1,
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    category_id: l.category_id ?? null,
    product_id: l.product_id ?? null,
    budget_line_id: l.budget_line_id ?? null,
    market_price: null,
  }));

/** What a new RFQ is made of: rfq.create's args, or a purchase request's carried over (purchase_request.rfq). */
export type NewRfq = Pick<MutationArgs<'rfq.create'>, 'id' | 'title' | 'location' | 'needed_by' | 'closes_at' | 'audience' | 'supplier_ids' | 'site_id'> & {
  lines: LineArgs;
  purchase_request_id: string | null;
};

/** The buyer's new RFQ as the server answers it: open, no quotes yet. */
export const newRfqRow = (rfq: NewRfq, ctx: EffectContext): Row<'rfq'> => ({
  id: rfq.id,
  buyer_id: ctx.user_id,
  buyer_name: ctx.company_name,
  buyer_verification_tier: ctx.verification_tier,
  title: rfq.title,
  location: rfq.location,
  needed_by: rfq.needed_by ?? null,
  closes_at: rfq.closes_at,
  site_id: rfq.site_id ?? null,
  purchase_request_id: rfq.purchase_request_id,
  audience: rfq.audience,
  // The server names the market's suppliers it reached.
  supplier_ids: rfq.supplier_ids ?? [],
  status: 'open',
  lines: linesOf(rfq.lines),
  my_quote: null,
  quote_count: 0,
  awarded_at: null,
  created_by_name: ctx.person_name ?? null,
  created_at: ctx.now,
  updated_at: ctx.now,
});

export const rfqEffects: Rfqs = {
  'rfq.create': {
    keys: async (args) => [rowKey('rfq', args.id)],
    apply(args, rows, ctx) {
      if (getRow(rows, 'rfq', args.id)) return;
      setRow(rows, 'rfq', newRfqRow({ ...args, purchase_request_id: null }, ctx));
    },
  },
  'rfq.update': {
    keys: async (args) => [rowKey('rfq', args.id)],
    apply(args, rows, ctx) {
      patchRow(rows, 'rfq', args.id, { title: args.title, location: args.location, needed_by: args.needed_by ?? null, closes_at: args.closes_at, lines: linesOf(args.lines) }, ctx);
    },
  },
  'rfq.cancel': {
    keys: (args, read) => rfqAndQuotes(args.id, read),
    apply(args, rows, ctx) {
      patchRow(rows, 'rfq', args.id, { status: 'cancelled' }, ctx);
      settleQuotes(rows, args.id, new Set(), ctx);
    },
  },
  'rfq.award': {
    keys: (args, read) => rfqAndQuotes(args.id, read),
    apply(args, rows, ctx) {
      patchRow(rows, 'rfq', args.id, { status: 'awarded', awarded_at: ctx.now }, ctx);
      settleQuotes(rows, args.id, new Set(args.awards.map((a) => a.quote_id)), ctx);
    },
  },
  'rfq_quote.submit': {
    keys: async (args) => [rowKey('rfq_quote', args.id), rowKey('rfq', args.rfq_id)],
    apply(args, rows, ctx) {
      const current = getRow(rows, 'rfq_quote', args.id);
      const quote: Row<'rfq_quote'> = {
        ...(current ?? {
          id: args.id,
          rfq_id: args.rfq_id,
          supplier_id: ctx.user_id,
          supplier_name: ctx.company_name,
          supplier_verification_tier: ctx.verification_tier,
          // The server fills them from the supplier's profile.
          supplier_city: null,
          supplier_average_rating: 0,
          supplier_total_reviews: 0,
          supplier_scorecard: null,
          status: 'submitted',
          created_at: ctx.now,
        }),
        delivery_days: args.delivery_days,
        valid_until: args.valid_until,
        notes: args.notes ?? null,
        lines: args.lines.map((l) => ({
          rfq_line_id: l.rfq_line_id,
          unit_price: l.unit_price,
          quantity: l.quantity ?? null,
          note: l.note ?? null,
          substitute_product_id: l.substitute_product_id ?? null,
        })),
        revision: current ? current.revision + 1 : 1,
        created_by_name: ctx.person_name ?? null,
        submitted_at: ctx.now,
        updated_at: ctx.now,
      };
      setRow(rows, 'rfq_quote', quote);
      const rfq = getRow(rows, 'rfq', args.rfq_id);
      if (rfq) setRow(rows, 'rfq', { ...rfq, my_quote: quote });
    },
  },
};
