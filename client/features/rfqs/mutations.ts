/**
 * The buyer's RFQ writes, through the outbox (useMutate): shown at once, sent when there
 * is a connection. The RFQ's id and its lines' ids are chosen here, so the queued row and
 * the server's are the same row.
 */
import { useMemo } from 'react';
import { useMutate } from '../../data/local/hooks';
import type { RfqUpdateInput } from '../../../shared/schemas/rfq';
import type { RfqInput } from './rfqForm';

export function useRfqMutations() {
  const mutate = useMutate();
  return useMemo(
    () => ({
      create: (input: RfqInput) => {
        const id = crypto.randomUUID();
        return mutate('rfq.create', { ...input, id }).then(() => id);
      },
      award: (id: string, awards: Array<{ rfq_line_id: string; quote_id: string; quantity?: number }>) => mutate('rfq.award', { id, awards }),
      cancel: (id: string) => mutate('rfq.cancel', { id }),
      /** The whole request again, before its first quote (shared/rfq.ts editRefusal). */
      update: (id: string, input: RfqUpdateInput) => mutate('rfq.update', { ...input, id }),
    }),
    [mutate],
  );
}
