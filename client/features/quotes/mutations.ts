/**
 * The quote write, through the outbox (useMutate): stored and shown at once, sent when
 * there is a connection, applied by the server once (the mutation id). A supplier has one
 * quote per RFQ: a revision is sent under the same id, as the server keeps it.
 */
import { useMemo } from 'react';
import { useMutate } from '../../data/local/hooks';
import type { QuoteInput } from './quoteForm';

export function useQuoteMutations() {
  const mutate = useMutate();
  return useMemo(
    () => ({
      submit: (rfqId: string, input: QuoteInput, existingId?: string) =>
        mutate('rfq_quote.submit', { ...input, rfq_id: rfqId, id: existingId ?? crypto.randomUUID() }),
    }),
    [mutate],
  );
}
