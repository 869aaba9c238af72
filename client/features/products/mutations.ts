/**
 * Product writes through the outbox: each shows at once and is sent
 * when the device is online. Creates carry a client-chosen id (shared/mutations.ts).
 */
import { useMemo } from 'react';
import type { ProductCreateInput } from '../../../shared/schemas/product';
import type { MutationInput } from '../../../shared/mutations';
import { useMutate } from '../../data/local/hooks';
import { useLocalData } from '../../data/local/DataProvider';
import { queuePhotos } from '../../data/photos/queue';

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

/**
 * Photo writes. New photos go to the device's upload queue (downscaled, kept until the
 * server has them); reordering and removing photos the server has go through the outbox,
 * like any other write, so they work offline too.
 */
export function usePhotoWrites() {
  const mutate = useMutate();
  const { db, uploader } = useLocalData();
  return useMemo(
    () => ({
      queue: async (productId: string, files: readonly File[]) => {
        const queued = await queuePhotos(db, productId, files);
        uploader.kick();
        return queued;
      },
      /** A photo not yet on the server: stop sending it and forget it (also a refused one). */
      cancel: (photoId: string) => uploader.cancel(photoId),
      reorder: (productId: string, order: string[]) => mutate('product.photos.reorder', { id: productId, order }),
      remove: (productId: string, photoId: string) => mutate('product.photos.remove', { id: productId, photo_id: photoId }),
    }),
    [mutate, db, uploader],
  );
}
