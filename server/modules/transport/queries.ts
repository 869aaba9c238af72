/**
 * How transport requests and offers are read: the row as the API presents it (with
 * requester_name, offer_count and the company's name and tier filled in). Every read of the
 * area, REST or sync, goes through these, so a deleted request or a deleted user's row is
 * hidden everywhere; who may see which is policy.ts.
 */
import type { Knex } from 'knex';
import type { TransportOffer } from '../../../shared/schemas/transport-offer';
import type { TransportRequest } from '../../../shared/schemas/transport-request';
import { notFound } from '../../../shared/errors';
import { partyNameSql } from '../../db/party-name';
import { scorecardsJsonSql } from '../scorecards/queries';

export type { TransportOffer, TransportRequest };

/**
 * Who at each end the driver calls is the deal's parties' business: the requester and the
 * company it chose read the contacts; a pending request is public and rival companies
 * browse it, so anyone else reads them as null. `reader`: the account asking (null: nobody).
 */
function contactColumns(db: Knex, reader: string | null) {
  const party = `(r.requester_id = :reader or exists (select 1 from transport_offers ao
                   where ao.id = r.assigned_offer_id and ao.transport_company_id = :reader))`;
  return (['pickup_contact_name', 'pickup_contact_phone', 'delivery_contact_name', 'delivery_contact_phone'] as const).map((c) =>
    reader ? db.raw(`case when ${party} then r.${c} end as ${c}`, { reader }) : db.raw(`null::text as ${c}`),
  );
}

/** Transport requests as the API presents them to `reader` (an account id); live ones of live users only. */
export function requestQuery(db: Knex, reader: string | null = null) {
  return db('transport_requests as r')
    .join('users as u', 'u.id', 'r.requester_id')
    .leftJoin('profiles as p', 'p.user_id', 'r.requester_id')
    .whereNull('r.deleted_at')
    .whereNull('u.deleted_at')
    .select(
      'r.id',
      'r.requester_id',
      'r.pickup_location',
      'r.delivery_location',
      'r.cargo_description',
      'r.cargo_weight',
      'r.cargo_volume',
      'r.vehicle_type_required',
      'r.preferred_pickup_time',
      'r.preferred_delivery_time',
      'r.budget',
      ...contactColumns(db, reader),
      'r.status',
      'r.assigned_offer_id',
      'r.instant_order_id',
      'r.project_id',
      'r.purchase_order_id',
      db.raw('(select d.id from deliveries d where d.transport_request_id = r.id) as delivery_id'),
      db.raw(`${partyNameSql('p', 'u')} as requester_name`),
      // Offers of deleted companies are hidden, so they are not counted either.
      db.raw(
        `(select count(*)::int from transport_offers o join users ou on ou.id = o.transport_company_id
           where o.transport_request_id = r.id and ou.deleted_at is null) as offer_count`,
      ),
      'r.created_at',
      'r.updated_at',
    );
}

/** Lists are newest first; the id breaks ties so pages never overlap. */
export const newestFirst = (alias: string) => [
  { column: `${alias}.created_at`, order: 'desc' as const },
  { column: `${alias}.id`, order: 'desc' as const },
];

/** Transport offers as the API presents them; on live requests, by live companies. */
export function offerQuery(db: Knex) {
  return db('transport_offers as o')
    .join('transport_requests as r', 'r.id', 'o.transport_request_id')
    .join('users as cu', 'cu.id', 'o.transport_company_id')
    .leftJoin('profiles as cp', 'cp.user_id', 'o.transport_company_id')
    .whereNull('r.deleted_at')
    .whereNull('cu.deleted_at')
    .select(
      'o.id',
      'o.transport_request_id',
      'o.transport_company_id',
      'o.quoted_price',
      'o.estimated_pickup_time',
      'o.estimated_delivery_time',
      'o.vehicle_details',
      'o.notes',
      'o.status',
      db.raw(`${partyNameSql('cp', 'cu')} as transport_company_name`),
      db.raw(`coalesce(cp.verification_tier, 'unverified') as transport_company_verification_tier`),
      db.raw(`${scorecardsJsonSql('o.transport_company_id')} as transport_company_scorecard`),
      // Who of the company sent the current quote.
      db.raw('(select name from users where id = o.created_by) as created_by_name'),
      'o.created_at',
      'o.updated_at',
    );
}

export async function presentRequest(db: Knex, id: string, reader: string): Promise<TransportRequest> {
  const row = await requestQuery(db, reader).where('r.id', id).first();
  if (!row) throw notFound('Transport request');
  return row;
}

export async function presentOffer(db: Knex, id: string): Promise<TransportOffer> {
  const row = await offerQuery(db).where('o.id', id).first();
  if (!row) throw notFound('Transport offer');
  return row;
}
