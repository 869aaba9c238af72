/**
 * The company's purchase requests from the local store (the pull brings the requests of
 * the company the person works in), one raised or decided on this device among them at
 * once through its local effect, marked waiting to send until the server has it.
 */
import { rowKey, type EntityRows, type RowKey } from '../../data/db/schema';
import { useIsPending, usePendingKeys } from '../../data/local/hooks';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { useSession } from '../../data/session';

export type Request = EntityRows['purchase_request'];
export type ShownRequest = Request & { pending: boolean };

export const requestKey = (id: string): RowKey => rowKey('purchase_request', id);

/** Newest first. */
const newestFirst = (a: Request, b: Request) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id.localeCompare(a.id);

/** Every request on the device (of one site when `siteId` is given), newest first. */
export function useRequests(siteId?: string): ShownRequest[] | undefined {
  const { db } = useLocalData();
  const pending = usePendingKeys();
  const stored = useLiveQuery(async () => (siteId ? db.purchase_requests.where('site_id').equals(siteId).toArray() : db.purchase_requests.toArray()), [db, siteId]);
  if (!stored) return undefined;
  return stored.map((r) => ({ ...r, pending: pending.has(requestKey(r.id)) })).sort(newestFirst);
}

/** One request as stored; null when the device holds none of that id. */
export function useStoredRequest(id: string): Request | null | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.purchase_requests.get(id)) ?? null, [db, id]);
}

/** One request; null when the device holds none of that id. */
export function useRequest(id: string): ShownRequest | null | undefined {
  const stored = useStoredRequest(id);
  const pending = useIsPending(requestKey(id));
  if (stored === undefined) return undefined;
  return stored && { ...stored, pending };
}

/** The signed-in person's own user id (an approver is a person, not the company's account); null signed out. */
export function useMyUserId(): string | null {
  const { session } = useSession();
  return session.status === 'signedIn' ? session.user.id : null;
}

/** Whether the request waits for this person's decision now. */
export const waitsFor = (request: Pick<Request, 'status' | 'waiting_for'>, userId: string | null): boolean => !!userId && request.status === 'pending' && request.waiting_for.includes(userId);

/** Whether the request may be bought now (an RFQ, or an instant order of its one line): approved, of kind request, not bought yet. */
export const buyable = (r: Pick<Request, 'kind' | 'status' | 'rfq_id' | 'instant_order_id'>): boolean =>
  r.kind === 'request' && r.status === 'approved' && !r.rfq_id && !r.instant_order_id;

/** How many requests wait for this person now: the navigation's badge. */
export function useWaitingForMeCount(): number {
  const { db } = useLocalData();
  const me = useMyUserId();
  return useLiveQuery(async () => (me ? (await db.purchase_requests.where('status').equals('pending').toArray()).filter((r) => waitsFor(r, me)).length : 0), [db, me]) ?? 0;
}
