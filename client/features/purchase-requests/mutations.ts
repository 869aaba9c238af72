/**
 * The purchase request writes, through the outbox (offline too): a new request with its
 * lines, its id and its lines' ids chosen here so a request sent twice lands once; an
 * approver's approval and rejection (with its reason). The server decides each again by
 * the site's rules when it arrives (not_an_approver, level_decided, request_not_pending).
 */
import { useMemo } from 'react';
import { useMutate } from '../../data/local/hooks';
import type { RequestInput } from './requestForm';

export function useRequestMutations() {
  const mutate = useMutate();
  return useMemo(
    () => ({
      /** Resolves to the new request's id once it is stored on the device. */
      create: async (input: RequestInput) => {
        const id = crypto.randomUUID();
        await mutate('purchase_request.create', { id, ...input });
        return id;
      },
      approve: (id: string) => mutate('purchase_request.approve', { id }),
      reject: (id: string, reason: string) => mutate('purchase_request.reject', { id, reason: reason.trim() }),
    }),
    [mutate],
  );
}
