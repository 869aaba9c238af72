/**
 * A driver removed from their transport company (company/service.ts removeMember) leaves
 * its jobs behind. Each unfinished one (not yet delivered) goes back to the company as an
 * accepted job without a driver: the delivery is removed (every party's devices get it as
 * a delete), a request in transit is assigned again, and the company is told, once per
 * job, so it can give it to another driver. The finished ones stay as they are, with
 * their driver named, and leave only the removed driver's devices.
 */
import type { Knex } from 'knex';
import type { DeliveryStage } from '../../../shared/schemas/delivery';
import { canTransition } from '../../../shared/lifecycle';
import { transportRequestLifecycle } from '../../../shared/lifecycles/transport';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { notify } from '../notifications/notify';
import { requestPolicy } from '../transport/policy';
import { lockRequest, moveTransportRequest } from '../transport/transitions';
import { deliveryQuery } from './queries';
import { deliveryPolicy } from './policy';

/** Stages in which the driver has not delivered yet. */
const UNFINISHED: readonly DeliveryStage[] = ['assigned', 'picked_up', 'on_the_way'];

export async function releaseDriverJobs(trx: Knex.Transaction, companyId: string, driverId: string): Promise<void> {
  const jobs: Array<{ id: string; transport_request_id: string }> = await deliveryQuery(trx)
    .clearSelect()
    .where({ 'd.company_id': companyId, 'd.driver_id': driverId })
    .orderBy([{ column: 'd.created_at' }, { column: 'd.id' }])
    .select('d.id', 'd.transport_request_id');
  for (const job of jobs) {
    // Locks as every delivery write takes them: the request, then the delivery.
    const request = await lockRequest(trx, job.transport_request_id);
    await trx('deliveries').where({ id: job.id }).forUpdate().first('id');
    const d = await deliveryQuery(trx).where('d.id', job.id).first();
    if (!d || d.driver_id !== driverId) continue;
    if (!UNFINISHED.includes(d.stage)) {
      await recordChanges(trx, [{ entity: 'delivery', id: d.id, audiences: [{ user: driverId }], op: 'delete' }]);
      continue;
    }
    await trx('deliveries').where({ id: d.id }).delete();
    const changes: ChangeEntry[] = [{ entity: 'delivery', id: d.id, audiences: deliveryPolicy.audiences(d), op: 'delete' }];
    if (canTransition(transportRequestLifecycle, request.status, 'assigned', 'system')) {
      await moveTransportRequest(trx, request, 'assigned', 'system', { by: companyId, quiet: true });
    } else {
      // The request no longer names a delivery.
      changes.push({ entity: 'transport_request', id: request.id, audiences: requestPolicy.audiences({ requester_id: request.requester_id }) });
    }
    await recordChanges(trx, changes);
    await notify(trx, {
      to: [companyId],
      kind: 'delivery.driver_removed',
      priority: 'high',
      params: { driver: d.driver_name ?? '', pickup: request.pickup_location, delivery: request.delivery_location, transport_request_id: request.id },
    });
  }
}
