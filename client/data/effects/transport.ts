/** Local effects of transport writes (see types.ts), following shared/lifecycle.ts. */
import { rowKey } from '../db/schema';
import { getRow, keysWhere, patchRow, rowsOf, setRow, type EffectTable } from './types';

type Transport = Pick<EffectTable, 'transport_request.create' | 'transport_request.accept' | 'transport_request.status' | 'transport_offer.create'>;

export const transportEffects: Transport = {
  'transport_request.create': {
    keys: async (args) => [rowKey('transport_request', args.id)],
    apply(args, rows, ctx) {
      if (getRow(rows, 'transport_request', args.id)) return;
      setRow(rows, 'transport_request', {
        id: args.id,
        requester_id: ctx.user_id,
        pickup_location: args.pickup_location,
        delivery_location: args.delivery_location,
        cargo_description: args.cargo_description,
        cargo_weight: args.cargo_weight ?? null,
        cargo_volume: args.cargo_volume ?? null,
        vehicle_type_required: args.vehicle_type_required ?? null,
        preferred_pickup_time: args.preferred_pickup_time ?? null,
        preferred_delivery_time: args.preferred_delivery_time ?? null,
        budget: args.budget ?? null,
        pickup_contact_name: args.pickup_contact_name ?? null,
        pickup_contact_phone: args.pickup_contact_phone ?? null,
        delivery_contact_name: args.delivery_contact_name ?? null,
        delivery_contact_phone: args.delivery_contact_phone ?? null,
        status: 'pending',
        assigned_offer_id: null,
        instant_order_id: args.instant_order_id ?? null,
        project_id: args.project_id ?? null,
        purchase_order_id: args.purchase_order_id ?? null,
        delivery_id: null,
        requester_name: ctx.company_name,
        offer_count: 0,
        created_at: ctx.now,
        updated_at: ctx.now,
      });
    },
  },
  'transport_request.accept': {
    keys: async (args, read) => [rowKey('transport_request', args.id), ...(await keysWhere(read, 'transport_offer', 'transport_request_id', args.id))],
    apply(args, rows, ctx) {
      patchRow(rows, 'transport_request', args.id, { status: 'assigned', assigned_offer_id: args.offer_id }, ctx);
      for (const offer of rowsOf(rows, 'transport_offer')) {
        if (offer.transport_request_id !== args.id) continue;
        if (offer.id === args.offer_id) patchRow(rows, 'transport_offer', offer.id, { status: 'accepted' }, ctx);
        else if (offer.status === 'submitted') patchRow(rows, 'transport_offer', offer.id, { status: 'rejected' }, ctx);
      }
    },
  },
  'transport_request.status': {
    keys: async (args) => [rowKey('transport_request', args.id)],
    apply(args, rows, ctx) {
      patchRow(rows, 'transport_request', args.id, { status: args.status }, ctx);
    },
  },
  'transport_offer.create': {
    keys: async (args) => [rowKey('transport_offer', args.id), rowKey('transport_request', args.transport_request_id)],
    apply(args, rows, ctx) {
      const current = getRow(rows, 'transport_offer', args.id);
      setRow(rows, 'transport_offer', {
        ...(current ?? {
          id: args.id,
          transport_request_id: args.transport_request_id,
          transport_company_id: ctx.user_id,
          status: 'submitted',
          transport_company_name: ctx.company_name,
          transport_company_verification_tier: ctx.verification_tier,
          // The server reads it from the carrier's measured record.
          transport_company_scorecard: null,
          // The server names the person who sent it.
          created_by_name: ctx.person_name ?? null,
          created_at: ctx.now,
        }),
        quoted_price: args.quoted_price,
        estimated_pickup_time: args.estimated_pickup_time ?? null,
        estimated_delivery_time: args.estimated_delivery_time ?? null,
        vehicle_details: args.vehicle_details ?? null,
        notes: args.notes ?? null,
        updated_at: ctx.now,
      });
      // The request counts its quotes, as the server does (the instant order effect does the same).
      const request = getRow(rows, 'transport_request', args.transport_request_id);
      if (request && !current) setRow(rows, 'transport_request', { ...request, offer_count: request.offer_count + 1 });
    },
  },
};
