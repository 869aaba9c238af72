/**
 * Deliveries: the transport company assigns the job to one of its drivers (and may
 * reassign it until pickup); the driver moves it through picked up, on the way and
 * delivered, with a proof at delivery; the requester confirms receipt or reports a
 * problem. One service for both doors (REST routes and sync mutations).
 *
 * Every step carries an id chosen by the device, so a step sent twice (a retry after a
 * lost answer, a replayed outbox) is recorded once and answers the delivery as it is.
 * Locks: the transport request first, then the delivery, in every write (the status route
 * locks the request too), so two racing writes run one after the other.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { assertRole } from '../../auth/guards';
import type { PaginationQuery } from '../../../shared/schemas/common';
import {
  STEP_CLOCK_SKEW_MS,
  type Delivery,
  type DeliveryAssign,
  type DeliveryConfirmArgs,
  type DeliveryProblemArgs,
  type DeliveryStepInput,
} from '../../../shared/schemas/delivery';
import { conflict, deliveryAnswered, deliveryPickedUp, notADriver, notFound, stepOutOfOrder, stepTimeInvalid, transportCancelled } from '../../../shared/errors';
import { assertTransition } from '../../../shared/lifecycle';
import { transportRequestLifecycle } from '../../../shared/lifecycles/transport';
import { deliveryLifecycle } from '../../../shared/lifecycles/deliveries';
import type { MutationDeps } from '../sync/contracts';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { lockOrderOfRequest } from '../purchase-orders/policy';
import { page, type Page } from '../../db/page';
import { notify } from '../notifications/notify';
import { refuseRequest, requestPolicy } from '../transport/policy';
import { lockRequest, moveTransportRequest, type LockedRequest } from '../transport/transitions';
import { deliveryQuery, presentDeliveries, presentDelivery, type DeliveryRow } from './queries';
import { assertDeliveryDriver, deliveryPolicy, partiesOf, refuseDelivery, type DeliveryParties } from './policy';
import { displayName } from '../../db/party-name';
import { uuidArray } from '../../db/uuid-array';


/** The delivery's change, to each of its parties. */
export const deliveryChange = (id: string, parties: DeliveryParties): ChangeEntry => ({ entity: 'delivery', id, audiences: deliveryPolicy.audiences(parties) });

/** The live delivery row (service columns included), locked for the rest of the transaction. */
async function lockDelivery(trx: Knex.Transaction, id: string): Promise<DeliveryRow | undefined> {
  await trx('deliveries').where({ id }).forUpdate().first('id');
  return deliveryQuery(trx).where('d.id', id).first();
}

/** The delivery the caller acts on, with its request locked first; 404 for a delivery they cannot see. */
async function lockForAction(trx: Knex.Transaction, user: SessionUser, id: string): Promise<{ delivery: DeliveryRow; request: LockedRequest }> {
  const found = await trx('deliveries').where({ id }).first('transport_request_id');
  if (!found) throw notFound('Delivery');
  const request = await lockRequest(trx, found.transport_request_id);
  const delivery = await lockDelivery(trx, id);
  if (!delivery) throw notFound('Delivery');
  return { delivery, request };
}

// --- Assign -------------------------------------------------------------------------------

/**
 * The company whose quote was accepted hands the job to one of its drivers, with the
 * vehicle's plate. Before pickup it may hand it to another driver: the old driver's
 * devices then get the delivery as a delete. The same driver and plate again is a no-op.
 */
export async function assignDelivery(trx: Knex.Transaction, user: SessionUser, requestId: string, input: DeliveryAssign, { clock }: Pick<MutationDeps, 'clock'>): Promise<Delivery> {
  assertRole(user, 'transport');
  const request = await lockRequest(trx, requestId);
  if (request.assignee_id !== user.account_id) throw await refuseRequest(trx, user, requestId);
  if (request.status !== 'assigned') {
    // Past assigned the cargo moves (or was cancelled by its requester): either way no driver is given it now.
    throw request.status === 'cancelled' ? transportCancelled() : deliveryPickedUp(`A ${request.status} transport request cannot be given to a driver`);
  }
  const driver = await trx('company_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where({ 'm.user_id': input.driver_id, 'm.company_id': user.account_id, 'm.role': 'driver' })
    .whereNull('u.deleted_at')
    .first('u.id', 'u.name');
  if (!driver) throw notADriver();

  const existing = await trx('deliveries').where({ transport_request_id: requestId }).forUpdate().first('id', 'driver_id', 'vehicle_plate', 'stage');
  const now = clock.now();
  let id: string;
  const changes: ChangeEntry[] = [];
  if (existing) {
    if (existing.stage !== 'assigned') throw deliveryPickedUp();
    id = existing.id;
    if (existing.driver_id === input.driver_id && existing.vehicle_plate === input.vehicle_plate) return presentDelivery(trx, id);
    await trx('deliveries').where({ id }).update({ driver_id: input.driver_id, vehicle_plate: input.vehicle_plate, assigned_by: user.id, assigned_at: now });
    if (existing.driver_id !== input.driver_id) {
      // It leaves the old driver's view: their feed gets a delete (the loader would say the same).
      changes.push({ entity: 'delivery', id, audiences: [{ user: existing.driver_id }], op: 'delete' });
    }
  } else {
    const [row] = await trx('deliveries')
      .insert({ transport_request_id: requestId, company_id: user.account_id, driver_id: input.driver_id, vehicle_plate: input.vehicle_plate, assigned_by: user.id, assigned_at: now })
      .returning('id');
    id = row.id;
  }
  await trx('delivery_events').insert({ id: crypto.randomUUID(), delivery_id: id, step: 'assigned', at: now, recorded_at: now, actor_id: user.id });

  const delivery = await presentDelivery(trx, id);
  const parties = await partiesRow(trx, id);
  changes.push(deliveryChange(id, parties));
  // The request row names its delivery.
  changes.push({ entity: 'transport_request', id: requestId, audiences: requestPolicy.audiences({ requester_id: request.requester_id }) });
  await recordChanges(trx, changes);

  const where = { pickup: request.pickup_location, delivery: request.delivery_location };
  await notify(trx, {
    to: [input.driver_id],
    kind: 'delivery.assigned',
    priority: 'high',
    params: { ...where, company: delivery.company_name ?? '', delivery_id: id },
  });
  await notify(trx, {
    to: [request.requester_id],
    kind: 'delivery.driver_assigned',
    params: { ...where, driver: driver.name ?? '', vehicle_plate: input.vehicle_plate, delivery_id: id, transport_request_id: requestId },
  });
  return delivery;
}

async function partiesRow(db: Knex, id: string): Promise<DeliveryParties> {
  const row = await deliveryQuery(db).where('d.id', id).first('d.driver_id', 'd.company_id', 'r.requester_id', 'ir.supplier_id');
  if (!row) throw notFound('Delivery');
  return row;
}

// --- Driver steps --------------------------------------------------------------------------

/** A device's time for an event: not ahead of the server's clock by more than the skew, not before `notBefore`. */
function checkDeviceTime(at: string, notBefore: Date | string, now: Date): Date {
  const t = new Date(at);
  if (t.getTime() > now.getTime() + STEP_CLOCK_SKEW_MS) throw stepTimeInvalid('The time of this step is ahead of the server clock');
  if (t.getTime() < new Date(notBefore).getTime()) throw stepTimeInvalid('The time of this step is before the delivery was assigned');
  return t;
}

/**
 * An event id already recorded: the same event again answers the delivery unchanged (once
 * and only once); an id used for another delivery or another step is a conflict.
 */
async function replayed(trx: Knex.Transaction, deliveryId: string, eventId: string, step: string): Promise<Delivery | undefined> {
  const event = await trx('delivery_events').where({ id: eventId }).first('delivery_id', 'step');
  if (!event) return undefined;
  if (event.delivery_id !== deliveryId || event.step !== step) throw conflict('This event id belongs to another event');
  return presentDelivery(trx, deliveryId);
}

export async function recordStep(trx: Knex.Transaction, user: SessionUser, deliveryId: string, input: DeliveryStepInput, { clock }: Pick<MutationDeps, 'clock'>): Promise<Delivery> {
  await assertDeliveryDriver(trx, user);
  const { delivery, request } = await lockForAction(trx, user, deliveryId);
  await assertDeliveryDriver(trx, user, delivery);
  const again = await replayed(trx, deliveryId, input.event_id, input.step);
  if (again) return again;
  assertTransition(deliveryLifecycle, delivery.stage, input.step, 'driver', () => stepOutOfOrder(`A delivery cannot go from ${delivery.stage} to ${input.step}`));
  const at = checkDeviceTime(input.at, delivery.assigned_at, clock.now());

  // The request moves with the cargo: picked up is in transit, delivered is delivered.
  const status = input.step === 'picked_up' ? 'in_transit' : input.step === 'delivered' ? 'delivered' : undefined;
  if (status) {
    assertTransition(transportRequestLifecycle, request.status, status, 'assignee', { message: `The transport request is ${request.status}: it cannot go to ${status}` });
    await moveTransportRequest(trx, request, status, 'assignee', { by: delivery.company_id, quiet: true });
  }

  await trx('delivery_events').insert({
    id: input.event_id,
    delivery_id: deliveryId,
    step: input.step,
    at,
    actor_id: user.id,
    lat: input.location?.lat ?? null,
    lng: input.location?.lng ?? null,
    accuracy: input.location?.accuracy ?? null,
    note: input.proof?.note ?? null,
  });
  // Goods delivered with a proof make their purchase order no longer cancellable (its cancel_blocker).
  if (input.step === 'delivered') await lockOrderOfRequest(trx, delivery.transport_request_id);
  const proof = input.proof;
  await trx('deliveries')
    .where({ id: deliveryId })
    .update({
      stage: input.step,
      ...(input.step === 'delivered' && proof
        ? {
            recipient_name: proof.recipient_name,
            proof_note: proof.note ?? null,
            delivered_at: at,
            // The signature and photos arrive as files, before or after this step.
            expected_files: uuidArray(trx, [proof.signature_id, ...proof.photo_ids]),
          }
        : {}),
    });
  await recordChanges(trx, [deliveryChange(deliveryId, delivery)]);

  const where = { pickup: delivery.pickup_location, delivery: delivery.delivery_location, delivery_id: deliveryId, transport_request_id: delivery.transport_request_id };
  const to = [delivery.requester_id, ...(delivery.supplier_id ? [delivery.supplier_id] : [])];
  if (input.step === 'picked_up') {
    await notify(trx, { to, kind: 'delivery.picked_up', params: { ...where, driver: delivery.driver_name ?? '' } });
  } else if (input.step === 'delivered') {
    await notify(trx, { to, kind: 'delivery.delivered', priority: 'high', params: { ...where, recipient: proof?.recipient_name ?? '' } });
  }
  return presentDelivery(trx, deliveryId);
}

// --- The requester's answer ----------------------------------------------------------------

async function lockForRequester(trx: Knex.Transaction, user: SessionUser, deliveryId: string) {
  const locked = await lockForAction(trx, user, deliveryId);
  if (!partiesOf(user, locked.delivery).has('requester')) throw await refuseDelivery(trx, user, deliveryId);
  return locked;
}

async function answerNotify(trx: Knex.Transaction, user: SessionUser, d: DeliveryRow, kind: 'delivery.confirmed' | 'delivery.problem', problem?: DeliveryProblemArgs['kind']) {
  const to = [d.company_id, ...(d.supplier_id ? [d.supplier_id] : [])];
  const base = {
    company: await displayName(trx, user.account_id),
    pickup: d.pickup_location,
    delivery: d.delivery_location,
    delivery_id: d.id,
    transport_request_id: d.transport_request_id,
  };
  if (kind === 'delivery.problem') await notify(trx, { to, kind, priority: 'high', params: { ...base, problem: problem! } });
  else await notify(trx, { to, kind, params: base });
}

/** The requester confirms receipt: after delivery, or after a problem they reported was settled. */
export async function confirmDelivery(trx: Knex.Transaction, user: SessionUser, args: DeliveryConfirmArgs, { clock }: Pick<MutationDeps, 'clock'>): Promise<Delivery> {
  const { delivery } = await lockForRequester(trx, user, args.id);
  const again = await replayed(trx, args.id, args.event_id, 'confirmed');
  if (again) return again;
  if (delivery.stage === 'confirmed') throw deliveryAnswered('The delivery was confirmed already');
  assertTransition(deliveryLifecycle, delivery.stage, 'confirmed', 'requester', { message: `A ${delivery.stage} delivery cannot be confirmed` });
  const at = checkDeviceTime(args.at, delivery.assigned_at, clock.now());
  await trx('delivery_events').insert({ id: args.event_id, delivery_id: args.id, step: 'confirmed', at, actor_id: user.id, note: args.note ?? null });
  await trx('deliveries').where({ id: args.id }).update({ stage: 'confirmed', confirmed_at: at });
  await recordChanges(trx, [deliveryChange(args.id, delivery)]);
  await answerNotify(trx, user, delivery, 'delivery.confirmed');
  return presentDelivery(trx, args.id);
}

/** The requester reports a problem with what was delivered (short, damaged, late), with photos sent apart. */
export async function reportProblem(trx: Knex.Transaction, user: SessionUser, args: DeliveryProblemArgs, { clock }: Pick<MutationDeps, 'clock'>): Promise<Delivery> {
  const { delivery } = await lockForRequester(trx, user, args.id);
  const again = await replayed(trx, args.id, args.event_id, 'problem');
  if (again) return again;
  if (delivery.stage === 'confirmed' || delivery.stage === 'problem') throw deliveryAnswered(`The delivery was answered already (${delivery.stage})`);
  assertTransition(deliveryLifecycle, delivery.stage, 'problem', 'requester', { message: `A problem can be reported on a delivered delivery, not a ${delivery.stage} one` });
  const at = checkDeviceTime(args.at, delivery.assigned_at, clock.now());
  await trx('delivery_events').insert({
    id: args.event_id,
    delivery_id: args.id,
    step: 'problem',
    at,
    actor_id: user.id,
    note: args.note ?? null,
    problem_kind: args.kind,
  });
  await trx('deliveries')
    .where({ id: args.id })
    .update({ stage: 'problem', expected_files: trx.raw('expected_files || ?', [uuidArray(trx, args.photo_ids)]) });
  await recordChanges(trx, [deliveryChange(args.id, delivery)]);
  await answerNotify(trx, user, delivery, 'delivery.problem', args.kind);
  return presentDelivery(trx, args.id);
}

// --- Reads ---------------------------------------------------------------------------------

/** The caller's deliveries, newest first: a driver's jobs, a company's, a requester's, a supplier's. */
export async function listDeliveries(knex: Knex, user: SessionUser, query: PaginationQuery): Promise<Page<Delivery>> {
  const result = await page<DeliveryRow>(deliveryPolicy.visible(deliveryQuery(knex), user), {
    ...query,
    orderBy: [
      { column: 'd.created_at', order: 'desc' },
      { column: 'd.id', order: 'desc' },
    ],
  });
  return { ...result, items: await presentDeliveries(knex, result.items) };
}

export async function getDelivery(knex: Knex, user: SessionUser, id: string): Promise<Delivery> {
  const row = await deliveryPolicy.visible(deliveryQuery(knex).where('d.id', id), user).first();
  if (!row) throw notFound('Delivery');
  return (await presentDeliveries(knex, [row]))[0];
}
