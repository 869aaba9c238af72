/**
 * Local effects of delivery writes (see types.ts). Each step, confirmation and problem
 * appends its event to the delivery's timeline with `recorded_at` = the device's `at`
 * until the server's row says when it received it; the event id is the device's, so the
 * server's copy replaces this one and never adds a second.
 *
 * The assignment names the transport request, not a delivery (the server makes the
 * delivery and its id): its effect shows a provisional delivery keyed by the request's id
 * and points the request at it. Once the server's rows arrive and the mutation leaves the
 * outbox, that provisional row is recomputed from its base (none) and goes; the request
 * then points at the real delivery. A second assignment (another driver) changes the
 * delivery the request already has.
 */
import type { DeliveryEvent } from '../../../shared/schemas/delivery';
import { rowKey, type AnyRow, type EffectContext, type RowKey } from '../db/schema';
import { keysWhere, patchRow, type EffectTable, type RowMap } from './types';

type Deliveries = Pick<EffectTable, 'delivery.assign' | 'delivery.step' | 'delivery.confirm' | 'delivery.problem'>;

function event(fields: Pick<DeliveryEvent, 'id' | 'step' | 'at'> & Partial<DeliveryEvent>, ctx: EffectContext): DeliveryEvent {
  return {
    recorded_at: fields.at,
    actor_name: ctx.company_name,
    location: null,
    note: null,
    problem_kind: null,
    ...fields,
  };
}

/** Appends `e` to the delivery's events (once: a replay over a row that has it changes nothing) with the row's other changes. */
function record(rows: RowMap, id: string, e: DeliveryEvent, patch: Record<string, unknown>, ctx: EffectContext): void {
  const key = rowKey('delivery', id);
  const current = rows.get(key);
  if (!current) return;
  const events = (current.events as DeliveryEvent[] | undefined) ?? [];
  if (events.some((x) => x.id === e.id)) return;
  patchRow(rows, key, { ...patch, events: [...events, e] }, ctx);
}

/** The delivery a request already has: the one it names, else any of its deliveries held here. */
function deliveryOf(rows: RowMap, request: AnyRow | null | undefined, requestId: string): [RowKey, AnyRow] | undefined {
  const named = request?.delivery_id ? rows.get(rowKey('delivery', String(request.delivery_id))) : undefined;
  if (named) return [rowKey('delivery', named.id), named];
  for (const [key, row] of rows) if (row && key.startsWith('delivery:') && row.transport_request_id === requestId) return [key, row];
  return undefined;
}

export const deliveryEffects: Deliveries = {
  'delivery.assign': {
    keys: async (args, read) => [
      rowKey('transport_request', args.id),
      rowKey('delivery', args.id),
      ...(await keysWhere(read, 'delivery', 'transport_request_id', args.id)),
    ],
    apply(args, rows, ctx) {
      const requestKey = rowKey('transport_request', args.id);
      const request = rows.get(requestKey);
      const existing = deliveryOf(rows, request, args.id);
      if (existing) {
        const [key, row] = existing;
        rows.set(key, {
          ...row,
          driver_id: args.driver_id,
          // The name of another driver would be wrong; the server's row brings the new one.
          driver_name: row.driver_id === args.driver_id ? row.driver_name : null,
          vehicle_plate: args.vehicle_plate,
          stage: 'assigned',
          updated_at: ctx.now,
        });
        return;
      }
      if (!request) return;
      const id = args.id;
      rows.set(rowKey('delivery', id), {
        id,
        transport_request_id: args.id,
        company_id: ctx.user_id,
        company_name: ctx.company_name,
        driver_id: args.driver_id,
        driver_name: null,
        vehicle_plate: args.vehicle_plate,
        stage: 'assigned',
        pickup_location: request.pickup_location,
        delivery_location: request.delivery_location,
        cargo_description: request.cargo_description,
        cargo_weight: request.cargo_weight ?? null,
        requester_id: request.requester_id,
        requester_name: request.requester_name ?? null,
        requester_phone: null,
        supplier_name: null,
        supplier_phone: null,
        recipient_name: null,
        proof_note: null,
        events: [event({ id: `${args.id}`, step: 'assigned', at: ctx.now }, ctx)],
        files: [],
        assigned_at: ctx.now,
        delivered_at: null,
        confirmed_at: null,
        created_at: ctx.now,
        updated_at: ctx.now,
      } satisfies Record<string, unknown>);
      patchRow(rows, requestKey, { delivery_id: id }, ctx);
    },
  },
  'delivery.step': {
    keys: async (args) => [rowKey('delivery', args.id)],
    apply(args, rows, ctx) {
      const location = args.location ? { lat: args.location.lat, lng: args.location.lng, accuracy: args.location.accuracy ?? null } : null;
      const delivered = args.step === 'delivered' && args.proof;
      record(
        rows,
        args.id,
        event({ id: args.event_id, step: args.step, at: args.at, location, note: delivered ? (args.proof!.note ?? null) : null }, ctx),
        {
          stage: args.step,
          ...(delivered ? { recipient_name: args.proof!.recipient_name, proof_note: args.proof!.note ?? null, delivered_at: args.at } : {}),
        },
        ctx,
      );
    },
  },
  'delivery.confirm': {
    keys: async (args) => [rowKey('delivery', args.id)],
    apply(args, rows, ctx) {
      record(rows, args.id, event({ id: args.event_id, step: 'confirmed', at: args.at, note: args.note ?? null }, ctx), { stage: 'confirmed', confirmed_at: args.at }, ctx);
    },
  },
  'delivery.problem': {
    keys: async (args) => [rowKey('delivery', args.id)],
    apply(args, rows, ctx) {
      record(rows, args.id, event({ id: args.event_id, step: 'problem', at: args.at, note: args.note ?? null, problem_kind: args.kind }, ctx), { stage: 'problem' }, ctx);
    },
  },
};
