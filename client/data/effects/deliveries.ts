/**
 * Local effects of delivery writes (see types.ts), following the server's rules in
 * server/modules/deliveries/service.ts: a step, a confirmation or a problem report moves
 * the stage and appends its event (once: the event id is the device's); a reassignment
 * names the new driver. A first assignment has no local effect: the delivery's id is the
 * server's, so the row arrives with the server's answer.
 */
import { rowKey, type EffectContext } from '../db/schema';
import { getRow, keysWhere, patchRow, rowsOf, type EffectTable, type Row, type RowMap } from './types';

type Deliveries = Pick<EffectTable, 'delivery.assign' | 'delivery.step' | 'delivery.confirm' | 'delivery.problem'>;

type Delivery = Row<'delivery'>;
type DeliveryEvent = Delivery['events'][number];

interface LocalEvent {
  id: string;
  step: DeliveryEvent['step'];
  at: string;
  note?: string | null;
  location?: { lat: number; lng: number; accuracy?: number | null } | null;
  problem_kind?: DeliveryEvent['problem_kind'];
}

/** Appends the event (unless already there) and applies `patch` to the delivery. */
function addEvent(rows: RowMap, id: string, event: LocalEvent, patch: Partial<Delivery>, ctx: EffectContext): void {
  const row = getRow(rows, 'delivery', id);
  if (!row) return;
  const events = row.events ?? [];
  if (events.some((e) => e.id === event.id)) return;
  const location = event.location ? { lat: event.location.lat, lng: event.location.lng, accuracy: event.location.accuracy ?? null } : null;
  patchRow(
    rows,
    'delivery',
    id,
    {
      ...patch,
      events: [
        ...events,
        { id: event.id, step: event.step, at: event.at, recorded_at: ctx.now, actor_name: ctx.person_name ?? null, location, note: event.note ?? null, problem_kind: event.problem_kind ?? null },
      ],
    },
    ctx,
  );
}

export const deliveryEffects: Deliveries = {
  'delivery.assign': {
    keys: async (args, read) => keysWhere(read, 'delivery', 'transport_request_id', args.id),
    apply(args, rows, ctx) {
      for (const row of rowsOf(rows, 'delivery')) {
        if (row.transport_request_id !== args.id || row.stage !== 'assigned') continue;
        const same = row.driver_id === args.driver_id;
        patchRow(rows, 'delivery', row.id, { driver_id: args.driver_id, driver_name: same ? row.driver_name : null, vehicle_plate: args.vehicle_plate, assigned_at: ctx.now }, ctx);
      }
    },
  },
  'delivery.step': {
    keys: async (args) => [rowKey('delivery', args.id)],
    apply(args, rows, ctx) {
      const proof = args.step === 'delivered' && args.proof ? { recipient_name: args.proof.recipient_name, proof_note: args.proof.note ?? null, delivered_at: args.at } : {};
      addEvent(rows, args.id, { id: args.event_id, step: args.step, at: args.at, location: args.location, note: args.proof?.note }, { stage: args.step, ...proof }, ctx);
    },
  },
  'delivery.confirm': {
    keys: async (args) => [rowKey('delivery', args.id)],
    apply(args, rows, ctx) {
      addEvent(rows, args.id, { id: args.event_id, step: 'confirmed', at: args.at, note: args.note }, { stage: 'confirmed', confirmed_at: args.at }, ctx);
    },
  },
  'delivery.problem': {
    keys: async (args) => [rowKey('delivery', args.id)],
    apply(args, rows, ctx) {
      addEvent(rows, args.id, { id: args.event_id, step: 'problem', at: args.at, note: args.note, problem_kind: args.kind }, { stage: 'problem' }, ctx);
    },
  },
};
