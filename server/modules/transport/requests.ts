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
import { forbidden, notFound, unauthenticated } from '../../../shared/errors';
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
  if (roleOf(user) === 'transport') throw forbidden('Transport companies quote on requests; they do not create them');
  const inserted = await trx('transport_requests')
    .insert({ ...input, requester_id: user.account_id })
    .onConflict('id')
    .ignore()
    .returning('id');
  if (inserted.length) {
    await recordChange(trx, 'transport_request', inserted[0].id, requestPolicy.audiences({ requester_id: user.account_id }));
    return { row: await presentRequest(trx, inserted[0].id), created: true };
  }
  // The client chose an id that exists: a retry of its own create gets that row back.
  const existing = await trx('transport_requests').where({ id: input.id }).first('id', 'requester_id', 'deleted_at');
  if (existing?.requester_id !== user.account_id) throw idTaken();
  if (existing.deleted_at) throw notFound('Transport request');
  return { row: await presentRequest(trx, existing.id), created: false };
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
  if (status !== 'pending' && !(user?.is_admin || user?.role === 'transport')) {
    throw user ? forbidden('Only transport companies list requests past pending') : unauthenticated();
  }
  return page(requestQuery(knex).where('r.status', status), { ...query, orderBy: newestFirst('r') });
}

/** The caller's own requests, every status. */
export async function listMyTransportRequests(
  knex: Knex,
  user: SessionUser,
  query: PaginationQuery,
): Promise<Page<TransportRequest>> {
  return page(requestQuery(knex).where('r.requester_id', user.account_id), { ...query, orderBy: newestFirst('r') });
}

export async function getTransportRequest(knex: Knex, user: SessionUser | undefined, id: string): Promise<TransportRequest> {
  const row = await requestPolicy.visible(requestQuery(knex).where('r.id', id), user).first();
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
