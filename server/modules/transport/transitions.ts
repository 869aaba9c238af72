/**
 * The transport request lifecycle (shared/lifecycle.ts): the requester
 * accepts one offer (pending → assigned, that offer accepted, the others rejected) or
 * cancels (pending or assigned → cancelled); the assigned company moves the cargo
 * (assigned → in_transit → delivered). Each move locks the request row first, so of two
 * racing moves the second sees the first's result and is refused.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { TransportRequestStatusChange } from '../../../shared/schemas/transport-request';
import { canTransition, type Actor } from '../../../shared/lifecycle';
import { transportRequestLifecycle } from '../../../shared/lifecycles/transport';
import type { TransportRequestStatus } from '../../../shared/lifecycles/transport';
import { driverAssigned, invalidTransition, notFound, offerNotFound, requestNotPending, transportCancelled, transportUnderWay } from '../../../shared/errors';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { notify } from '../notifications/notify';
import { displayName } from '../../db/party-name';
import {
  presentRequest,
  type TransportRequest,
} from './queries';
import { offerPolicy, refuseRequest, requestPolicy } from './policy';
import { assertNotSuspended } from '../../auth/suspension';

export interface LockedRequest {
  id: string;
  status: TransportRequestStatus;
  requester_id: string;
  assigned_offer_id: string | null;
  assignee_id: string | null;
  pickup_location: string;
  delivery_location: string;
}

export async function lockRequest(trx: Knex.Transaction, id: string): Promise<LockedRequest> {
  const row = await trx('transport_requests as r')
    .leftJoin('transport_offers as a', 'a.id', 'r.assigned_offer_id')
    .where('r.id', id)
    .whereNull('r.deleted_at')
    .forUpdate('r')
    .first(
      'r.id',
      'r.status',
      'r.requester_id',
      'r.assigned_offer_id',
      'a.transport_company_id as assignee_id',
      'r.pickup_location',
      'r.delivery_location',
    );
  if (!row) throw notFound('Transport request');
  return row;
}

export async function acceptTransportOffer(
  trx: Knex.Transaction,
  user: SessionUser,
  requestId: string,
  offerId: string,
): Promise<TransportRequest> {
  assertNotSuspended(user);
  const request = await lockRequest(trx, requestId);
  if (request.requester_id !== user.account_id) throw await refuseRequest(trx, user, request.id);
  if (!canTransition(transportRequestLifecycle, request.status, 'assigned', 'owner')) {
    throw requestNotPending('This transport request is no longer pending');
  }
  const offer = await trx('transport_offers as o')
    .join('users as u', 'u.id', 'o.transport_company_id')
    .where({ 'o.id': offerId, 'o.transport_request_id': requestId, 'o.status': 'submitted' })
    .whereNull('u.deleted_at')
    .forUpdate('o')
    .first('o.id', 'o.transport_company_id');
  if (!offer) throw offerNotFound('No such offer on this transport request');

  const offers: Array<{ id: string; transport_company_id: string }> = await trx('transport_offers')
    .where({ transport_request_id: requestId })
    .select('id', 'transport_company_id');
  await trx('transport_offers').where({ id: offerId }).update({ status: 'accepted' });
  await trx('transport_offers')
    .where({ transport_request_id: requestId, status: 'submitted' })
    .whereNot({ id: offerId })
    .update({ status: 'rejected' });
  await trx('transport_requests').where({ id: requestId }).update({ status: 'assigned', assigned_offer_id: offerId });

  await recordChanges(trx, [
    { entity: 'transport_request', id: requestId, audiences: requestPolicy.audiences({ requester_id: request.requester_id }) },
    ...offers.map((o) => ({
      entity: 'transport_offer' as const,
      id: o.id,
      audiences: offerPolicy.audiences({ transport_company_id: o.transport_company_id, requester_id: request.requester_id }),
    })),
  ]);
  await notify(trx, {
    to: [offer.transport_company_id],
    kind: 'transport_request.assigned',
    priority: 'high',
    params: { pickup: request.pickup_location, delivery: request.delivery_location, transport_request_id: requestId },
  });
  // The seller loads the truck: it hears that one is booked, whose, and for which order.
  const deal = await dealSellerOf(trx, requestId);
  if (deal) {
    await notify(trx, {
      to: [deal.seller_id],
      kind: 'transport_request.booked',
      priority: 'high',
      params: {
        company: await displayName(trx, offer.transport_company_id),
        order: deal.order,
        pickup: request.pickup_location,
        delivery: request.delivery_location,
        transport_request_id: requestId,
        purchase_order_id: deal.purchase_order_id,
        order_id: deal.order_id,
      },
      except: user.account_id,
    });
  }
  return presentRequest(trx, requestId, user.account_id);
}

/**
 * The seller of the deal a request moves, who hands the goods over at pickup: a purchase
 * order's seller, or the supplier whose offer on an instant order was accepted; with the
 * order as its parties name it (the purchase order's number, else the instant order's
 * title). A project's transport moves the contractor's own goods: no seller.
 */
async function dealSellerOf(
  trx: Knex.Transaction,
  requestId: string,
): Promise<{ seller_id: string; order: string; purchase_order_id: string | null; order_id: string | null } | null> {
  const row = await trx('transport_requests as r')
    .leftJoin('instant_orders as io', 'io.id', 'r.instant_order_id')
    .leftJoin('instant_order_responses as ir', 'ir.id', 'io.accepted_response_id')
    // The order's own purchase order, or the one made when the instant order's offer was accepted.
    .leftJoin('purchase_orders as po', (j) =>
      j.on('po.id', 'r.purchase_order_id').orOn(trx.raw('r.purchase_order_id is null and po.instant_order_id = io.id')),
    )
    .where('r.id', requestId)
    .orderBy('po.created_at')
    .first(
      trx.raw('coalesce(po.seller_id, ir.supplier_id) as seller_id'),
      trx.raw('coalesce(po.number, io.title) as "order"'),
      'po.id as purchase_order_id',
      'io.id as order_id',
    );
  return row?.seller_id ? row : null;
}

/**
 * What follows a request's cancellation in the same transaction, outside this area: the
 * delivery of an assigned request is dropped (deliveries/cancel.ts). Deliveries build on
 * transport, so the composition root hands it in (routes.ts, registry/sync.ts).
 */
export type OnRequestCancelled = (trx: Knex.Transaction, requestId: string) => Promise<void>;

export async function changeTransportStatus(
  trx: Knex.Transaction,
  user: SessionUser,
  requestId: string,
  { status }: TransportRequestStatusChange,
  onCancelled: OnRequestCancelled,
): Promise<TransportRequest> {
  const request = await lockRequest(trx, requestId);
  const actor: Actor | undefined =
    request.requester_id === user.account_id ? 'owner' : request.assignee_id === user.account_id ? 'assignee' : undefined;
  if (!actor) throw await refuseRequest(trx, user, request.id);
  if (!canTransition(transportRequestLifecycle, request.status, status, actor)) {
    // What two people (or a late device) meet: the request cancelled meanwhile, or its cargo on the way before the cancel.
    if (request.status === 'cancelled') throw transportCancelled(`The transport request was cancelled: it cannot go to ${status}`);
    if (actor === 'owner' && status === 'cancelled' && (request.status === 'in_transit' || request.status === 'delivered')) throw transportUnderWay();
    throw invalidTransition(`A transport request cannot go from ${request.status} to ${status}`);
  }
  // Once a driver is assigned, the cargo moves by the driver's steps (with their proof), not by the company's word.
  if (actor === 'assignee' && (await trx('deliveries').where({ transport_request_id: requestId }).first('id'))) {
    throw driverAssigned();
  }
  await moveTransportRequest(trx, request, status, actor, { by: user.account_id });
  if (status === 'cancelled') await onCancelled(trx, requestId);
  return presentRequest(trx, requestId, user.account_id);
}

/**
 * Writes a checked move of a locked request: its status, its change rows, and (unless
 * `quiet`: a delivery step sends its own, richer notification) who hears of it. The
 * status route and the driver's steps (deliveries/service.ts) both move requests here.
 */
export async function moveTransportRequest(
  trx: Knex.Transaction,
  request: LockedRequest,
  status: TransportRequestStatus,
  actor: Actor,
  opts: { by: string; quiet?: boolean },
): Promise<void> {
  const requestId = request.id;
  await trx('transport_requests').where({ id: requestId }).update({ status });
  request.status = status;
  const changes: ChangeEntry[] = [
    { entity: 'transport_request', id: requestId, audiences: requestPolicy.audiences({ requester_id: request.requester_id }) },
  ];

  // Who hears of it: the requester when the company moves the cargo; when the requester
  // cancels, the assigned company, or every company still quoting on a pending request
  // (their quotes are void now).
  let recipients: string[];
  if (actor === 'assignee') {
    recipients = [request.requester_id];
  } else if (request.assignee_id) {
    recipients = [request.assignee_id];
  } else {
    const voided: Array<{ id: string; transport_company_id: string }> = await trx('transport_offers')
      .where({ transport_request_id: requestId, status: 'submitted' })
      .update({ status: 'rejected' })
      .returning(['id', 'transport_company_id']);
    for (const o of voided) {
      changes.push({ entity: 'transport_offer', id: o.id, audiences: offerPolicy.audiences({ transport_company_id: o.transport_company_id, requester_id: request.requester_id }) });
    }
    recipients = voided.map((o) => o.transport_company_id);
  }
  await recordChanges(trx, changes);
  if (opts.quiet) return;
  await notify(trx, {
    to: recipients,
    kind: 'transport_request.status',
    params: { pickup: request.pickup_location, delivery: request.delivery_location, status, transport_request_id: requestId },
    except: opts.by,
  });
}
