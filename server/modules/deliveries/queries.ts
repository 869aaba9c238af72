/**
 * How deliveries are read: the row as the API presents it to each of its parties (the
 * same for all: it carries no price, so the driver's view is everyone's), with its events
 * and files. Every read, REST or sync, goes through here; who may see which is policy.ts.
 */
import type { Knex } from 'knex';
import type { Delivery, DeliveryEvent, DeliveryFile } from '../../../shared/schemas/delivery';
import { notFound } from '../../../shared/errors';
import { partyNameSql } from '../../db/party-name';

export type { Delivery };

/**
 * The delivery's driver is still one of its company's drivers (SQL on alias d). Being named
 * in driver_id is not enough: a driver removed from the company is no party of its jobs,
 * to read or to act on. Written once here; policy.ts's `visible` and `partiesOf` both use it.
 */
export const DRIVER_IS_MEMBER = `exists (select 1 from company_members dm where dm.user_id = d.driver_id and dm.company_id = d.company_id and dm.role = 'driver')`;

/**
 * Deliveries with what presenting them needs, on live transport requests. Aliases: d
 * (deliveries), r (transport_requests), ir (the linked instant order's accepted offer,
 * whose supplier is a party). `supplier_id`, `expected_files` and `driver_is_member` are
 * for the services and policy; presentDeliveries drops them.
 */
export function deliveryQuery(db: Knex) {
  return db('deliveries as d')
    .join('transport_requests as r', 'r.id', 'd.transport_request_id')
    .join('users as ru', 'ru.id', 'r.requester_id')
    .leftJoin('profiles as rp', 'rp.user_id', 'r.requester_id')
    .join('users as cu', 'cu.id', 'd.company_id')
    .leftJoin('profiles as cp', 'cp.user_id', 'd.company_id')
    .join('users as du', 'du.id', 'd.driver_id')
    .leftJoin('instant_orders as io', 'io.id', 'r.instant_order_id')
    .leftJoin('instant_order_responses as ir', 'ir.id', 'io.accepted_response_id')
    .leftJoin('users as su', 'su.id', 'ir.supplier_id')
    .leftJoin('profiles as sp', 'sp.user_id', 'ir.supplier_id')
    .whereNull('r.deleted_at')
    .select(
      'd.id',
      'd.transport_request_id',
      'd.company_id',
      db.raw(`${partyNameSql('cp', 'cu')} as company_name`),
      'd.driver_id',
      'du.name as driver_name',
      'd.vehicle_plate',
      'd.stage',
      'r.pickup_location',
      'r.delivery_location',
      'r.cargo_description',
      'r.cargo_weight',
      'r.requester_id',
      db.raw(`${partyNameSql('rp', 'ru')} as requester_name`),
      'rp.phone as requester_phone',
      db.raw(`${partyNameSql('sp', 'su')} as supplier_name`),
      'sp.phone as supplier_phone',
      // A request that names no one at an end gives the driver the deal's party there.
      db.raw(`case when r.pickup_contact_name is null and r.pickup_contact_phone is null then ${partyNameSql('sp', 'su')} else r.pickup_contact_name end as pickup_contact_name`),
      db.raw(`case when r.pickup_contact_name is null and r.pickup_contact_phone is null then nullif(sp.phone, '') else r.pickup_contact_phone end as pickup_contact_phone`),
      db.raw(`case when r.delivery_contact_name is null and r.delivery_contact_phone is null then ${partyNameSql('rp', 'ru')} else r.delivery_contact_name end as delivery_contact_name`),
      db.raw(`case when r.delivery_contact_name is null and r.delivery_contact_phone is null then nullif(rp.phone, '') else r.delivery_contact_phone end as delivery_contact_phone`),
      'd.recipient_name',
      'd.proof_note',
      'd.assigned_at',
      'd.delivered_at',
      'd.confirmed_at',
      'd.created_at',
      'd.updated_at',
      'ir.supplier_id',
      'd.expected_files',
      db.raw(`${DRIVER_IS_MEMBER} as driver_is_member`),
    );
}

export type DeliveryRow = Omit<Delivery, 'events' | 'files'> & { supplier_id: string | null; expected_files: string[]; driver_is_member: boolean };

/** Adds each delivery's events (oldest first) and files, and drops the service-only columns. */
export async function presentDeliveries(db: Knex, rows: DeliveryRow[]): Promise<Delivery[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const events: Array<DeliveryEvent & { delivery_id: string; lat: number | null; lng: number | null; accuracy: number | null }> = await db(
    'delivery_events as e',
  )
    .leftJoin('users as a', 'a.id', 'e.actor_id')
    .whereIn('e.delivery_id', ids)
    .orderBy([{ column: 'e.at' }, { column: 'e.recorded_at' }, { column: 'e.id' }])
    .select('e.id', 'e.delivery_id', 'e.step', 'e.at', 'e.recorded_at', 'a.name as actor_name', 'e.lat', 'e.lng', 'e.accuracy', 'e.note', 'e.problem_kind');
  const files: Array<DeliveryFile & { delivery_id: string }> = await db('delivery_files')
    .whereIn('delivery_id', ids)
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select('id', 'delivery_id', 'purpose', 'hash', 'width', 'height');
  return rows.map(({ supplier_id: _s, expected_files: _e, driver_is_member: _m, ...row }) => ({
    ...row,
    events: events
      .filter((e) => e.delivery_id === row.id)
      .map(({ delivery_id: _d, lat, lng, accuracy, ...e }) => ({ ...e, location: lat === null || lng === null ? null : { lat, lng, accuracy } })),
    files: files.filter((f) => f.delivery_id === row.id).map(({ delivery_id: _d, ...f }) => f),
  }));
}

export async function presentDelivery(db: Knex, id: string): Promise<Delivery> {
  const row = await deliveryQuery(db).where('d.id', id).first();
  if (!row) throw notFound('Delivery');
  return (await presentDeliveries(db, [row]))[0];
}
