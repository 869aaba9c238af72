/**
 * What an instant order's status is right now, on this device: an active order whose
 * expires_at has passed is expired even before the server's sweep reaches it, so no one offers on it or accepts on it here. Also the urgency order of
 * the supplier's list.
 */
import type { UrgencyLevel } from '../../../shared/constants';
import type { InstantOrder } from '../../../shared/schemas/instant-order';

/** The rule the server decides by too (shared/instant-order-expiry.ts). */
export { orderStatusAt } from '../../../shared/instant-order-expiry';

const URGENCY_RANK: Record<UrgencyLevel, number> = { urgent: 0, high: 1, normal: 2, low: 3 };

/** Most urgent first, then the soonest to expire, then the newest. */
export function byUrgency(a: InstantOrder, b: InstantOrder): number {
  return (
    URGENCY_RANK[a.urgency_level] - URGENCY_RANK[b.urgency_level] ||
    Date.parse(a.expires_at) - Date.parse(b.expires_at) ||
    Date.parse(b.created_at) - Date.parse(a.created_at)
  );
}

export const newestFirst = (a: { created_at: string }, b: { created_at: string }) => Date.parse(b.created_at) - Date.parse(a.created_at);
