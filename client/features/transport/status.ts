/**
 * Transport statuses on screen: the order of a company's jobs (work still
 * to do first), the vehicle types offered in the form, and who the reader is to a request
 * (shared/lifecycle.ts actors), which decides the buttons.
 */
import type { Actor } from '../../../shared/lifecycle';
import type { TransportRequestStatus } from '../../../shared/lifecycles/transport';
import type { TransportOffer } from '../../../shared/schemas/transport-offer';
import type { TransportRequest } from '../../../shared/schemas/transport-request';

/** Stored as the key; shown translated (a free text typed elsewhere is shown as typed). */
export const VEHICLE_TYPES = ['pickup', 'small_truck', 'flatbed', 'trailer', 'tipper', 'crane_truck', 'mixer', 'tanker', 'refrigerated'] as const;

const JOB_ORDER: Record<TransportRequestStatus, number> = { in_transit: 0, assigned: 1, pending: 2, delivered: 3, cancelled: 4 };

export const newestFirst = (a: { created_at: string }, b: { created_at: string }) => Date.parse(b.created_at) - Date.parse(a.created_at);

export const byJobOrder = (a: TransportRequest, b: TransportRequest) => JOB_ORDER[a.status] - JOB_ORDER[b.status] || newestFirst(a, b);

/** The reader's part in a request: its requester, the company it was assigned to, or neither. */
export function actorOf(request: TransportRequest, userId: string, myOffers: Map<string, TransportOffer>): Actor | null {
  if (request.requester_id === userId) return 'owner';
  const mine = myOffers.get(request.id);
  if (mine && request.assigned_offer_id === mine.id) return 'assignee';
  return null;
}
