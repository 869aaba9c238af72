/**
 * The instant order writes, through the outbox (useMutate): each is shown at once and
 * sent when there is a connection. Creates choose their id here, so the queued row and
 * the server's are the same row.
 */
import { useMemo } from 'react';
import type { InstantOrderCreateInput } from '../../../shared/schemas/instant-order';
import { useMutate } from '../../data/local/hooks';
import type { OfferInput } from './offerForm';

export function useOrderMutations() {
  const mutate = useMutate();
  return useMemo(
    () => ({
      create: (input: Omit<InstantOrderCreateInput, 'id'>) => mutate('instant_order.create', { ...input, id: crypto.randomUUID() }),
      accept: (orderId: string, responseId: string) => mutate('instant_order.accept', { id: orderId, response_id: responseId }),
      cancel: (orderId: string) => mutate('instant_order.cancel', { id: orderId }),
      /** A second offer on the same order updates the first (same id), as the server does. */
      offer: (orderId: string, input: OfferInput, existingId?: string) =>
        mutate('instant_order_response.create', { ...input, instant_order_id: orderId, id: existingId ?? crypto.randomUUID() }),
    }),
    [mutate],
  );
}
