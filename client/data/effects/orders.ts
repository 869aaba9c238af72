/** Local effects of instant order and offer writes (see types.ts), following shared/lifecycle.ts. */
import { ORDER_DEFAULT_EXPIRY_DAYS } from '../../../shared/constants';
import { rowKey, type RowKey } from '../db/schema';
import { keysWhere, patchRow, type EffectTable, type RowMap } from './types';

type Orders = Pick<EffectTable, 'instant_order.create' | 'instant_order.accept' | 'instant_order.cancel' | 'instant_order_response.create'>;

const DAY = 24 * 60 * 60 * 1000;

function settleOffers(rows: RowMap, orderId: string, accepted: string | null, now: string) {
  for (const [key, row] of rows) {
    if (!row || !key.startsWith('instant_order_response:') || row.instant_order_id !== orderId) continue;
    if (row.id === accepted) rows.set(key, { ...row, status: 'accepted', updated_at: now });
    else if (row.status === 'submitted') rows.set(key, { ...row, status: 'rejected', updated_at: now });
  }
}

const orderAndOffers = async (id: string, read: Parameters<Orders['instant_order.accept']['keys']>[1]): Promise<RowKey[]> => [
  rowKey('instant_order', id),
  ...(await keysWhere(read, 'instant_order_response', 'instant_order_id', id)),
];

export const orderEffects: Orders = {
  'instant_order.create': {
    keys: async (args) => [rowKey('instant_order', args.id)],
    apply(args, rows, ctx) {
      const key = rowKey('instant_order', args.id);
      if (rows.get(key)) return;
      const expires = args.delivery_deadline ?? new Date(Date.parse(ctx.now) + ORDER_DEFAULT_EXPIRY_DAYS * DAY).toISOString();
      rows.set(key, {
        id: args.id,
        contractor_id: ctx.user_id,
        title: args.title,
        description: args.description,
        quantity: args.quantity,
        unit: args.unit,
        category_id: args.category_id ?? null,
        location: args.location,
        urgency_level: args.urgency_level ?? 'normal',
        budget_range_min: args.budget_range_min ?? null,
        budget_range_max: args.budget_range_max ?? null,
        delivery_deadline: args.delivery_deadline ?? null,
        expires_at: expires,
        status: 'active',
        accepted_response_id: null,
        contractor_name: ctx.company_name,
        response_count: 0,
        my_response: null,
        created_at: ctx.now,
        updated_at: ctx.now,
      });
    },
  },
  'instant_order.accept': {
    keys: (args, read) => orderAndOffers(args.id, read),
    apply(args, rows, ctx) {
      patchRow(rows, rowKey('instant_order', args.id), { status: 'fulfilled', accepted_response_id: args.response_id }, ctx);
      settleOffers(rows, args.id, args.response_id, ctx.now);
    },
  },
  'instant_order.cancel': {
    keys: (args, read) => orderAndOffers(args.id, read),
    apply(args, rows, ctx) {
      patchRow(rows, rowKey('instant_order', args.id), { status: 'cancelled' }, ctx);
      settleOffers(rows, args.id, null, ctx.now);
    },
  },
  'instant_order_response.create': {
    keys: async (args) => [rowKey('instant_order_response', args.id), rowKey('instant_order', args.instant_order_id)],
    apply(args, rows, ctx) {
      const key = rowKey('instant_order_response', args.id);
      const current = rows.get(key);
      const offer = {
        ...(current ?? {
          id: args.id,
          instant_order_id: args.instant_order_id,
          supplier_id: ctx.user_id,
          status: 'submitted',
          supplier_name: ctx.company_name,
          supplier_verification_tier: ctx.verification_tier,
          // The server fills them from the supplier's profile.
          supplier_address: null,
          supplier_city: null,
          created_by_name: ctx.person_name ?? null,
          created_at: ctx.now,
        }),
        offered_price: args.offered_price,
        delivery_time_hours: args.delivery_time_hours ?? null,
        notes: args.notes ?? null,
        vat_category: args.vat_category ?? 'S',
        exemption_reason_code: args.exemption_reason_code ?? null,
        updated_at: ctx.now,
      };
      rows.set(key, offer);
      // A supplier sees their own offer on the order itself (my_response).
      const orderKey = rowKey('instant_order', args.instant_order_id);
      const order = rows.get(orderKey);
      if (order) rows.set(orderKey, { ...order, my_response: offer, response_count: Number(order.response_count ?? 0) + (current ? 0 : 1) });
    },
  },
};
