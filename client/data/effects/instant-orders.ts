/** Local effects of instant order and offer writes (see types.ts), following shared/lifecycle.ts. */
import { instantOrderExpiry } from '../../../shared/instant-order-expiry';
import type { MutationArgs } from '../../../shared/mutations';
import { rowKey, type EffectContext, type RowKey } from '../db/schema';
import { getRow, keysWhere, patchRow, rowsOf, setRow, type EffectReader, type EffectTable, type Row, type RowMap } from './types';

type InstantOrders = Pick<EffectTable, 'instant_order.create' | 'instant_order.accept' | 'instant_order.cancel' | 'instant_order_response.create'>;

/** The accepted offer wins; every other offer still standing is rejected. */
function settleOffers(rows: RowMap, orderId: string, accepted: string | null, ctx: EffectContext) {
  for (const offer of rowsOf(rows, 'instant_order_response')) {
    if (offer.instant_order_id !== orderId) continue;
    if (offer.id === accepted) patchRow(rows, 'instant_order_response', offer.id, { status: 'accepted' }, ctx);
    else if (offer.status === 'submitted') patchRow(rows, 'instant_order_response', offer.id, { status: 'rejected' }, ctx);
  }
}

const orderAndOffers = async (id: string, read: EffectReader): Promise<RowKey[]> => [
  rowKey('instant_order', id),
  ...(await keysWhere(read, 'instant_order_response', 'instant_order_id', id)),
];

/** What a new instant order is made of: instant_order.create's args, or a purchase request's one line carried over (purchase_request.instant_order). */
export type NewInstantOrder = MutationArgs<'instant_order.create'> & { purchase_request_id: string | null };

/** The contractor's new order as the server answers it: active, no offers yet, expiring by the shared rule. */
export const newInstantOrderRow = (order: NewInstantOrder, ctx: EffectContext): Row<'instant_order'> => ({
  id: order.id,
  contractor_id: ctx.user_id,
  title: order.title,
  description: order.description,
  quantity: order.quantity,
  unit: order.unit,
  category_id: order.category_id ?? null,
  location: order.location,
  urgency_level: order.urgency_level ?? 'normal',
  budget_range_min: order.budget_range_min ?? null,
  budget_range_max: order.budget_range_max ?? null,
  delivery_deadline: order.delivery_deadline ?? null,
  expires_at: instantOrderExpiry(ctx.now, order.delivery_deadline),
  status: 'active',
  accepted_response_id: null,
  site_id: order.site_id ?? null,
  budget_line_id: order.budget_line_id ?? null,
  purchase_request_id: order.purchase_request_id,
  contractor_name: ctx.company_name,
  response_count: 0,
  my_response: null,
  created_at: ctx.now,
  updated_at: ctx.now,
});

export const instantOrderEffects: InstantOrders = {
  'instant_order.create': {
    keys: async (args) => [rowKey('instant_order', args.id)],
    apply(args, rows, ctx) {
      if (getRow(rows, 'instant_order', args.id)) return;
      setRow(rows, 'instant_order', newInstantOrderRow({ ...args, purchase_request_id: null }, ctx));
    },
  },
  'instant_order.accept': {
    keys: (args, read) => orderAndOffers(args.id, read),
    apply(args, rows, ctx) {
      patchRow(rows, 'instant_order', args.id, { status: 'fulfilled', accepted_response_id: args.response_id }, ctx);
      settleOffers(rows, args.id, args.response_id, ctx);
    },
  },
  'instant_order.cancel': {
    keys: (args, read) => orderAndOffers(args.id, read),
    apply(args, rows, ctx) {
      patchRow(rows, 'instant_order', args.id, { status: 'cancelled' }, ctx);
      settleOffers(rows, args.id, null, ctx);
    },
  },
  'instant_order_response.create': {
    keys: async (args) => [rowKey('instant_order_response', args.id), rowKey('instant_order', args.instant_order_id)],
    apply(args, rows, ctx) {
      const current = getRow(rows, 'instant_order_response', args.id);
      const offer: Row<'instant_order_response'> = {
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
          created_at: ctx.now,
        }),
        offered_price: args.offered_price,
        delivery_time_hours: args.delivery_time_hours ?? null,
        notes: args.notes ?? null,
        vat_category: args.vat_category ?? 'S',
        exemption_reason_code: args.exemption_reason_code ?? null,
        // Who sent this version: this device's person, until the server answers.
        created_by_name: ctx.person_name ?? null,
        updated_at: ctx.now,
      };
      setRow(rows, 'instant_order_response', offer);
      // A supplier sees their own offer on the order itself (my_response).
      const order = getRow(rows, 'instant_order', args.instant_order_id);
      if (order) setRow(rows, 'instant_order', { ...order, my_response: offer, response_count: order.response_count + (current ? 0 : 1) });
    },
  },
};
