/**
 * Product writes through the outbox: each shows at once and is sent
 * when the device is online. Creates carry a client-chosen id (shared/mutations.ts).
 */
import { useMemo } from 'react';
import type { ProductCreateInput } from '../../../shared/schemas/product';
import type { MutationInput } from '../../../shared/mutations';
import { useMutate } from '../../data/local/hooks';

export type ProductPatch = Omit<MutationInput<'product.update'>, 'id'>;

export function useProductWrites() {
  const mutate = useMutate();
  return useMemo(
    () => ({
      /** Resolves to the new product's id once it is stored locally. */
      create: async (input: Omit<ProductCreateInput, 'id'>) => {
        const id = crypto.randomUUID();
        await mutate('product.create', { ...input, id });
        return id;
      },
      update: (id: string, patch: ProductPatch) => mutate('product.update', { id, ...patch }),
      remove: (id: string) => mutate('product.delete', { id }),
    }),
    [mutate],
  );
}
