/**
 * The transport writes, through the outbox (useMutate): shown at once, sent when there is
 * a connection. Creates choose their id here, so the queued row and the server's match.
 */
import { useMemo } from 'react';
import type { TransportRequestCreateInput } from '../../../shared/schemas/transport-request';
import { useMutate } from '../../data/local/hooks';
import type { QuoteInput } from './quoteForm';

export type MoveStatus = 'in_transit' | 'delivered' | 'cancelled';

export function useTransportMutations() {
  const mutate = useMutate();
  return useMemo(
    () => ({
      create: (input: Omit<TransportRequestCreateInput, 'id'>) => mutate('transport_request.create', { ...input, id: crypto.randomUUID() }),
      accept: (requestId: string, offerId: string) => mutate('transport_request.accept', { id: requestId, offer_id: offerId }),
      move: (requestId: string, status: MoveStatus) => mutate('transport_request.status', { id: requestId, status }),
      /** A second quote on the same request updates the first (same id), as the server does. */
      quote: (requestId: string, input: QuoteInput, existingId?: string) =>
        mutate('transport_offer.create', { ...input, transport_request_id: requestId, id: existingId ?? crypto.randomUUID() }),
    }),
    [mutate],
  );
}
