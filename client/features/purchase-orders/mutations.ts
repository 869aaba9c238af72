/**
 * The purchase-order answers, through the outbox (useMutate): shown at once, sent when
 * there is a connection. Which side may make which move is the shared rule
 * (purchaseOrderActions); the server checks it again.
 */
import { useMemo } from 'react';
import type { PurchaseOrderAction } from '../../../shared/schemas/purchase-order';
import { useMutate } from '../../data/local/hooks';

export function usePurchaseOrderMutations() {
  const mutate = useMutate();
  return useMemo(
    () => ({
      act: (id: string, action: PurchaseOrderAction, reason?: string) =>
        mutate(`purchase_order.${action}`, { id, reason: reason?.trim() ? reason.trim() : null }),
    }),
    [mutate],
  );
}
