/**
 * Transport requests: creating one (any user with a profile except transport companies,
 * who quote instead) and reading them: the public list of pending requests, a
 * requester's own list, one request, and the offers on it (its requester's to see).
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type {
  TransportRequestCreate,
  TransportRequestListQuery,
} from '../../../shared/schemas/transport-request';
import type { PaginationQuery } from '../../../shared/schemas/common';
import { dealNotReady, forbidden, notFound, notYourDeal, unauthenticated } from '../../../shared/errors';
import { idTaken } from '../../db/client-ids';
import { recordChange } from '../../db/changes';
import { roleOf } from '../../auth/guards';
import { page, type Page } from '../../db/page';
import {
  newestFirst,
  offerQuery,
  presentRequest,
  requestQuery,
  type TransportOffer,
  type TransportRequest,
} from './queries';
import { refuseRequest, requestPolicy } from './policy';
import { assertNotSuspended } from '../../auth/suspension';

/** What a create answers: the row, and whether this call made it (201) or found it (200). */
export interface Saved<T> {
  row: T;
  created: boolean;
}

export async function createTransportRequest(
  trx: Knex.Transaction,
  user: SessionUser,
  input: TransportRequestCreate,
): Promise<Saved<TransportRequest>> {
  assertNotSuspended(user);
  const role = roleOf(user);
  if (role === 'transport') throw forbidden('Transport companies quote on requests; they do not create them');
  if (role === 'driver') throw forbidden('Drivers carry deliveries; their company deals');
  await assertDealIsTheirs(trx, user, input);
  const inserted = await trx('transport_requests')
    .insert({ ...input, requester_id: user.account_id, created_by: user.id })
    .onConflict('id')
    .ignore()
    .returning('id');
  if (inserted.length) {
    await recordChange(trx, 'transport_request', inserted[0].id, requestPolicy.audiences({ requester_id: user.account_id }));
    return { row: await presentRequest(trx, inserted[0].id, user.account_id), created: true };
  }
  // The client chose an id that exists: a retry of its own create gets that row back.
  const existing = await trx('transport_requests').where({ id: input.id }).first('id', 'requester_id', 'deleted_at');
  if (existing?.requester_id !== user.account_id) throw idTaken();
  if (existing.deleted_at) throw notFound('Transport request');
  return { row: await presentRequest(trx, existing.id, user.account_id), created: false };
}

/**
 * Transport for a deal: the caller's account must be the buyer of it, an instant order of
 * theirs with an accepted offer (fulfilled), a project whose final award is their bid
 * (in progress, the bid accepted), or a purchase order of theirs the seller accepted (the
 * goods are promised, not yet delivered). A deal of someone else is 403; one not made
 * yet, 409.
 */
async function assertDealIsTheirs(trx: Knex.Transaction, user: SessionUser, input: TransportRequestCreate): Promise<void> {
  if (input.instant_order_id) {
    const order = await trx('instant_orders')
      .where({ id: input.instant_order_id })
      .whereNull('deleted_at')
      .first('contractor_id', 'status', 'accepted_response_id');
    if (!order) throw notFound('Instant order');
    if (order.contractor_id !== user.account_id) throw notYourDeal();
    if (order.status !== 'fulfilled' || !order.accepted_response_id) throw dealNotReady('This order has no accepted offer yet');
  }
  if (input.project_id) {
    const project = await trx('projects as p')
      .leftJoin('bids as b', 'b.id', 'p.awarded_bid_id')
      .where('p.id', input.project_id)
      .whereNull('p.deleted_at')
      .first('p.status', 'b.contractor_id', 'b.status as bid_status');
    if (!project) throw notFound('Project');
    if (project.contractor_id && project.contractor_id !== user.account_id) throw notYourDeal('This project was awarded to another bid');
    if (!project.contractor_id) throw dealNotReady('This project is not awarded yet');
    if (project.status !== 'in_progress' || project.bid_status !== 'accepted') throw dealNotReady('The award of this project is not final yet');
  }
  if (input.purchase_order_id) {
    const order = await trx('purchase_orders').where({ id: input.purchase_order_id }).first('buyer_id', 'status');
    if (!order) throw notFound('Purchase order');
    if (order.buyer_id !== user.account_id) throw notYourDeal('This purchase order is another company\'s');
    if (order.status !== 'accepted') throw dealNotReady('The seller has not accepted this purchase order');
  }
}

/**
 * The public list: pending requests. Transport companies (and admins) may ask for another
 * status; for anyone else the requests past pending are private to their parties.
 */
export async function listTransportRequests(
  knex: Knex,
  user: SessionUser | undefined,
  query: TransportRequestListQuery,
): Promise<Page<TransportRequest>> {
  const status = query.status ?? 'pending';
  // A driver never sees what a transport pays (budgets, quotes): their deliveries carry what they need.
  if (user?.role === 'driver') throw forbidden('Drivers see their deliveries only');
  if (status !== 'pending' && !(user?.is_admin || user?.role === 'transport')) {
    throw user ? forbidden('Only transport companies list requests past pending') : unauthenticated();
  }
  return page(requestQuery(knex, user?.account_id ?? null).where('r.status', status), { ...query, orderBy: newestFirst('r') });
}

/** The caller's own requests, every status. */
export async function listMyTransportRequests(
  knex: Knex,
  user: SessionUser,
  query: PaginationQuery,
): Promise<Page<TransportRequest>> {
  return page(requestQuery(knex, user.account_id).where('r.requester_id', user.account_id), { ...query, orderBy: newestFirst('r') });
}

export async function getTransportRequest(knex: Knex, user: SessionUser | undefined, id: string): Promise<TransportRequest> {
  const row = await requestPolicy.visible(requestQuery(knex, user?.account_id ?? null).where('r.id', id), user).first();
  if (!row) throw notFound('Transport request');
  return row;
}

/** The quotes on a request: its requester compares them; nobody else sees them. */
export async function listTransportOffers(
  knex: Knex,
  user: SessionUser,
  requestId: string,
  query: PaginationQuery,
): Promise<Page<TransportOffer>> {
  const request = await requestQuery(knex).where('r.id', requestId).first('r.status', 'r.requester_id');
  if (!request) throw notFound('Transport request');
  if (request.requester_id !== user.account_id) throw await refuseRequest(knex, user, requestId);
  return page(offerQuery(knex).where('o.transport_request_id', requestId), { ...query, orderBy: newestFirst('o') });
}
