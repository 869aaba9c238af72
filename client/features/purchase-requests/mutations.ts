/**
 * The purchase request writes, through the outbox (offline too): a new request with its
 * lines, its id and its lines' ids chosen here so a request sent twice lands once; an
 * approver's approval and rejection (with its reason). The server decides each again by
 * the site's rules when it arrives (not_an_approver, level_decided, request_not_pending).
 * An approved request is bought once, as an RFQ or (of one line) an instant order whose id
 * is chosen here (approval_required, request_converted when the server finds otherwise).
 */
import { useMemo } from 'react';
import type { PurchaseRequestInstantOrder, PurchaseRequestRfq } from '../../../shared/schemas/purchase-request';
import { rowKey } from '../../data/db/schema';
import { useLocalWrite, useMutate } from '../../data/local/hooks';
import type { RowMap } from '../../data/effects/types';
import type { Request } from './queries';
import type { RequestInput } from './requestForm';

export function useRequestMutations() {
  const mutate = useMutate();
  const write = useLocalWrite();
  return useMemo(
    () => ({
      /** Resolves to the new request's id once it is stored on the device. */
      create: async (input: RequestInput) => {
        const id = crypto.randomUUID();
        await mutate('purchase_request.create', { id, ...input });
        return id;
      },
      /**
       * `show` gets the request as the approval leaves it: in the tap's own task when `held`
       * (the request and its site as the screen holds them) lets the effect run on them, then
       * as stored, or null when storing failed (useLocalWrite).
       */
      approve: (id: string, show?: (request: Request | null) => void, held?: RowMap) =>
        write(
          'purchase_request.approve',
          { id },
          show && ((w) => show(w ? ((w.rows.get(rowKey('purchase_request', id)) ?? null) as unknown as Request | null) : null)),
          held,
        ),
      reject: (id: string, reason: string) => mutate('purchase_request.reject', { id, reason: reason.trim() }),
      /** Resolves to the new RFQ's id once it is stored on the device. */
      toRfq: async (requestId: string, input: Omit<PurchaseRequestRfq, 'id'>) => {
        const id = crypto.randomUUID();
        await mutate('purchase_request.rfq', { ...input, id, purchase_request_id: requestId });
        return id;
      },
      /** Resolves to the new instant order's id once it is stored on the device. */
      toInstantOrder: async (requestId: string, input: Omit<PurchaseRequestInstantOrder, 'id'>) => {
        const id = crypto.randomUUID();
        await mutate('purchase_request.instant_order', { ...input, id, purchase_request_id: requestId });
        return id;
      },
    }),
    [mutate, write],
  );
}
