/**
 * A transport request cancelled by its requester while assigned takes its delivery with
 * it: nothing was picked up yet (a request in transit cannot be cancelled), so the
 * delivery is removed, every party's devices get it as a delete, and the driver is told
 * the job is off. The status transition (transport/transitions.ts) runs it, handed in by
 * the composition root.
 */
import type { Knex } from 'knex';
import { recordChanges } from '../../db/changes';
import { notify } from '../notifications/notify';
import { deliveryQuery } from './queries';
import { deliveryPolicy } from './policy';

export async function dropDeliveryOfCancelled(trx: Knex.Transaction, requestId: string): Promise<void> {
  const d = await deliveryQuery(trx)
    .where('d.transport_request_id', requestId)
    .first('d.id', 'd.driver_id', 'd.company_id', 'r.requester_id', 'ir.supplier_id', 'r.pickup_location', 'r.delivery_location');
  if (!d) return;
  await trx('deliveries').where({ id: d.id }).delete();
  await recordChanges(trx, [{ entity: 'delivery', id: d.id, audiences: deliveryPolicy.audiences(d), op: 'delete' }]);
  await notify(trx, {
    to: [d.driver_id],
    kind: 'transport_request.status',
    params: { pickup: d.pickup_location, delivery: d.delivery_location, status: 'cancelled', transport_request_id: requestId },
  });
}
