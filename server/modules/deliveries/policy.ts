/**
 * Who may see a delivery, and who receives its changes (server/db/policy.ts): its driver
 * (the person: a driver's feed is addressed to their own id) while they are a driver of
 * its company (DRIVER_IS_MEMBER: a removed driver reads and does nothing), the transport
 * company's account, the requester's account and, for goods of an instant order, the
 * supplier of its accepted offer. REST reads, the sync loader, the services' change-log
 * writes and the start-up backfill all take it from here; the driver's steps and proof
 * uploads are checked by assertDeliveryDriver.
 */
import type { Knex } from 'knex';
import { forbidden, notCompanyDriver, notFound } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import { definePolicy } from '../../db/policy';
import { DRIVER_IS_MEMBER, deliveryQuery, type DeliveryRow } from './queries';

export interface DeliveryParties {
  driver_id: string;
  company_id: string;
  requester_id: string;
  supplier_id: string | null;
}

export const deliveryPolicy = definePolicy<DeliveryParties>({
  entity: 'delivery',
  audience: [{ user_in: 'driver_id' }, { user_in: 'company_id' }, { user_in: 'requester_id' }, { user_in: 'supplier_id' }],
  rows: (db) =>
    db('deliveries as d')
      .join('transport_requests as r', 'r.id', 'd.transport_request_id')
      .leftJoin('instant_orders as io', 'io.id', 'r.instant_order_id')
      .leftJoin('instant_order_responses as ir', 'ir.id', 'io.accepted_response_id')
      .whereNull('r.deleted_at')
      .select('d.id', 'd.driver_id', 'd.company_id', 'r.requester_id', 'ir.supplier_id'),
  /** Its parties only. Aliases: d (deliveries), r (transport_requests), ir (the accepted offer). */
  visible: (q, user) =>
    user
      ? q.where((w) =>
          w
            .where((driver) => driver.where('d.driver_id', user.id).whereRaw(DRIVER_IS_MEMBER))
            .orWhere('d.company_id', user.account_id)
            .orWhere('r.requester_id', user.account_id)
            .orWhere('ir.supplier_id', user.account_id),
        )
      : q.whereRaw('false'),
});

/** Which party of a delivery the caller is, if any (a driver is only ever `driver`, and only while a driver of its company). */
export type Party = 'driver' | 'company' | 'requester' | 'supplier';
export function partiesOf(user: SessionUser, d: DeliveryParties & Pick<DeliveryRow, 'driver_is_member'>): Set<Party> {
  const out = new Set<Party>();
  if (d.driver_id === user.id && d.driver_is_member) out.add('driver');
  if (user.role !== 'driver') {
    if (d.company_id === user.account_id) out.add('company');
    if (d.requester_id === user.account_id) out.add('requester');
    if (d.supplier_id && d.supplier_id === user.account_id) out.add('supplier');
  }
  return out;
}

/** The refusal for someone who may not act on a delivery: 403 when they can see it, 404 when they cannot. */
export async function refuseDelivery(db: Knex, user: SessionUser, id: string) {
  const seen = await deliveryPolicy.visible(deliveryQuery(db).where('d.id', id), user).first('d.id');
  return seen ? forbidden() : notFound('Delivery');
}

/**
 * The driver's steps and proof (REST, the sync push and the uploads): only a driver of a
 * company may send them (403 not_company_driver, whatever delivery is named: a removed
 * driver's session goes on as a person of no company, and their jobs may be gone), and
 * only the delivery's own driver while still of its company (a job they were taken off
 * when they left says not_company_driver too; any other driver gets 404, as they cannot
 * see it). Without `d`, the first check only, before the delivery is looked up.
 */
export async function assertDeliveryDriver(db: Knex, user: SessionUser, d?: DeliveryRow): Promise<void> {
  if (user.member_role !== 'driver') throw notCompanyDriver();
  if (!d || partiesOf(user, d).has('driver')) return;
  if (d.driver_id === user.id) throw notCompanyDriver();
  throw await refuseDelivery(db, user, d.id);
}
