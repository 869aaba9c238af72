/**
 * Transport requests and quotes from the local store. What is there depends on the role
 * (server/modules/transport/queries.ts): a transport company holds every request (pending
 * ones to quote on, and the ones assigned to it) and its own quotes; anyone else holds
 * their own requests and the quotes on them.
 */
import { useLiveQuery } from '../../data/local/useLiveQuery';
import type { TransportOffer } from '../../../shared/schemas/transport-offer';
import type { TransportRequest } from '../../../shared/schemas/transport-request';
import { rowKey, type RowKey } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import { newestFirst } from './status';

export const requestKey = (id: string): RowKey => rowKey('transport_request', id);
export const quoteKey = (id: string): RowKey => rowKey('transport_offer', id);

export interface RequestWithQuotes {
  request: TransportRequest;
  quotes: TransportOffer[];
}

/** The reader's own requests, newest first, each with the quotes received (cheapest first). */
export function useOwnRequests(userId: string): RequestWithQuotes[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const requests = (await db.transport_requests.where('requester_id').equals(userId).toArray()).sort(newestFirst);
    const quotes = await db.transport_offers.where('transport_request_id').anyOf(requests.map((r) => r.id)).toArray();
    return requests.map((request) => ({
      request,
      quotes: quotes.filter((q) => q.transport_request_id === request.id).sort((a, b) => a.quoted_price - b.quoted_price),
    }));
  }, [db, userId]);
}

export interface CompanyView {
  requests: TransportRequest[];
  /** This company's quotes by request id. */
  mine: Map<string, TransportOffer>;
}

/** Every request a transport company holds, and its own quotes. */
export function useCompanyRequests(userId: string): CompanyView | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const [requests, quotes] = await Promise.all([
      db.transport_requests.toArray(),
      db.transport_offers.where('transport_company_id').equals(userId).toArray(),
    ]);
    return { requests, mine: new Map(quotes.map((q) => [q.transport_request_id, q])) };
  }, [db, userId]);
}

/** The reader's own request for a deal (an instant order, a project or a purchase order), if they made one: the deal then shows it instead of the button. */
export function useRequestForDeal(
  userId: string,
  deal: { instant_order_id: string } | { project_id: string } | { purchase_order_id: string },
): TransportRequest | null | undefined {
  const { db } = useLocalData();
  const [field, id] =
    'instant_order_id' in deal
      ? (['instant_order_id', deal.instant_order_id] as const)
      : 'project_id' in deal
        ? (['project_id', deal.project_id] as const)
        : (['purchase_order_id', deal.purchase_order_id] as const);
  return useLiveQuery(async () => {
    const mine = await db.transport_requests.where('requester_id').equals(userId).toArray();
    return mine.filter((r) => r[field] === id && r.status !== 'cancelled').sort(newestFirst)[0] ?? null;
  }, [db, userId, field, id]);
}
