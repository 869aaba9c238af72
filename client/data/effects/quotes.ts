/** Local effect of a supplier's quote (see types.ts): the one quote per RFQ, new or revised, also shown on the RFQ as my_quote. */
import { rowKey } from '../db/schema';
import type { EffectTable } from './types';

type Quotes = Pick<EffectTable, 'rfq_quote.submit'>;

export const quoteEffects: Quotes = {
  'rfq_quote.submit': {
    keys: async (args) => [rowKey('rfq_quote', args.id), rowKey('rfq', args.rfq_id)],
    apply(args, rows, ctx) {
      const key = rowKey('rfq_quote', args.id);
      const current = rows.get(key);
      const quote = {
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
        revision: current ? Number(current.revision ?? 0) + 1 : 1,
        created_by_name: ctx.person_name ?? null,
        submitted_at: ctx.now,
        updated_at: ctx.now,
      };
      rows.set(key, quote);
      const rfqKey = rowKey('rfq', args.rfq_id);
      const rfq = rows.get(rfqKey);
      if (rfq) rows.set(rfqKey, { ...rfq, my_quote: quote });
    },
  },
};
