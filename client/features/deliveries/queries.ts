/**
 * Deliveries from the local store. A driver holds the jobs assigned to them; a transport
 * company the deliveries of its jobs; a requester the deliveries of their requests (the
 * server's audiences: the parties only). The table is small, so a screen reads it whole.
 */
import type { Delivery } from '../../../shared/schemas/delivery';
import { rowKey, type DeliveryFileUpload, type RowKey } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { byAssignedDesc, isUnderWay } from './deliveryView';

export const deliveryKey = (id: string): RowKey => rowKey('delivery', id);

export interface DriverJobs {
  active: Delivery[];
  done: Delivery[];
}

/** The driver's jobs: those still to move (oldest assignment first, the next one on top), then the finished ones, newest first. */
export function useDriverJobs(driverId: string): DriverJobs | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const rows = (await db.deliveries.where('driver_id').equals(driverId).toArray()).sort(byAssignedDesc);
    return { active: rows.filter((d) => isUnderWay(d.stage)).reverse(), done: rows.filter((d) => !isUnderWay(d.stage)) };
  }, [db, driverId]);
}

/** Every delivery held here (a company's or a requester's): the transport screens find each request's by its id. */
export function useDeliveries(): Delivery[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(() => db.deliveries.toArray(), [db]);
}

/** A delivery's files still on this device (waiting to be sent, or refused), oldest first. */
export function useDeliveryUploads(deliveryId: string): DeliveryFileUpload[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    // The table holds a handful of rows: read whole, not through an index of its own.
    const rows = (await db.uploads.toArray()).filter((u): u is DeliveryFileUpload => u.kind === 'delivery_file' && u.delivery_id === deliveryId);
    return rows.sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
  }, [db, deliveryId]);
}

