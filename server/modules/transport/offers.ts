/**
 * Transport offers: a transport company's quote on a pending request. One per company and
 * request: a second submission replaces the first while the request is
 * still pending. The request row is locked first, so a quote cannot land on a request that
 * is being accepted or cancelled at the same moment.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { TransportOfferCreate } from '../../../shared/schemas/transport-offer';
import { acceptsSubmissions } from '../../../shared/lifecycle';
import { transportRequestLifecycle } from '../../../shared/lifecycles/transport';
import { notFound, requestNotPending } from '../../../shared/errors';
import { assertRole } from '../../auth/guards';
import { idTaken, insertWithClientId, rowWithId } from '../../db/client-ids';
import { recordChanges } from '../../db/changes';
import { notify } from '../notifications/notify';
import { displayName } from '../../db/party-name';
import {
  presentOffer,
  type TransportOffer,
} from './queries';
import type { Saved } from './requests';
import { offerPolicy, requestPolicy } from './policy';
import { assertNotSuspended } from '../../auth/suspension';

export async function createTransportOffer(
  trx: Knex.Transaction,
  user: SessionUser,
  input: TransportOfferCreate,
): Promise<Saved<TransportOffer>> {
  assertNotSuspended(user);
  assertRole(user, 'transport');
  const { id, transport_request_id: requestId, ...quote } = input;
  // Replace semantics: a field left out of the new quote is cleared, not kept.
  const fields: Quote = {
    quoted_price: quote.quoted_price,
    estimated_pickup_time: quote.estimated_pickup_time ?? null,
    estimated_delivery_time: quote.estimated_delivery_time ?? null,
    vehicle_details: quote.vehicle_details ?? null,
    notes: quote.notes ?? null,
  };

  const replay = await rowWithId<OfferRow>(trx, 'transport_offers', id, OFFER_FIELDS);
  if (replay) {
    if (replay.transport_company_id !== user.account_id || replay.transport_request_id !== requestId) throw idTaken();
    // The same quote sent again (a retry after a lost answer): the row back, nothing written.
    if (sameQuote(replay, fields)) return { row: await presentOffer(trx, replay.id), created: false };
  }

  const request = await trx('transport_requests')
    .where({ id: requestId })
    .whereNull('deleted_at')
    .forUpdate()
    .first('id', 'status', 'requester_id', 'pickup_location', 'delivery_location');
  if (!request) throw notFound('Transport request');
  if (!acceptsSubmissions(transportRequestLifecycle, request.status)) {
    throw requestNotPending('This transport request no longer takes offers');
  }

  const mine = await trx('transport_offers')
    .where({ transport_request_id: requestId, transport_company_id: user.account_id })
    .forUpdate()
    .first('id');
  let offerId: string;
  if (mine) {
    await trx('transport_offers').where({ id: mine.id }).update({ ...fields, created_by: user.id });
    offerId = mine.id;
  } else {
    const [row] = await insertWithClientId('transport_offers', () =>
      trx('transport_offers')
        .insert({ ...(id ? { id } : {}), ...fields, transport_request_id: requestId, transport_company_id: user.account_id, created_by: user.id })
        .returning('id'),
    );
    offerId = row.id;
  }

  await recordChanges(trx, [
    { entity: 'transport_offer', id: offerId, audiences: offerPolicy.audiences({ transport_company_id: user.account_id, requester_id: request.requester_id }) },
    // offer_count is part of the request row
    { entity: 'transport_request', id: requestId, audiences: requestPolicy.audiences({ requester_id: request.requester_id }) },
  ]);
  await notify(trx, {
    to: [request.requester_id],
    kind: 'transport_offer.new',
    params: {
      company: await displayName(trx, user.account_id),
      price: quote.quoted_price,
      pickup: request.pickup_location,
      delivery: request.delivery_location,
      transport_request_id: requestId,
    },
  });
  return { row: await presentOffer(trx, offerId), created: !mine };
}

interface Quote {
  quoted_price: number;
  estimated_pickup_time: Date | string | null;
  estimated_delivery_time: Date | string | null;
  vehicle_details: string | null;
  notes: string | null;
}
type OfferRow = Quote & { transport_company_id: string; transport_request_id: string };

const OFFER_FIELDS = [
  'transport_company_id',
  'transport_request_id',
  'quoted_price',
  'estimated_pickup_time',
  'estimated_delivery_time',
  'vehicle_details',
  'notes',
];

const time = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

function sameQuote(row: Quote, q: Quote): boolean {
  return (
    Number(row.quoted_price) === q.quoted_price &&
    time(row.estimated_pickup_time) === time(q.estimated_pickup_time) &&
    time(row.estimated_delivery_time) === time(q.estimated_delivery_time) &&
    row.vehicle_details === q.vehicle_details &&
    row.notes === q.notes
  );
}
