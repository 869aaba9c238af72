/**
 * Local effects of a product's photo writes: the product's `photos` as the server will
 * have them. Adding a photo is an upload, not a mutation; it shows once the server has it.
 */
import { rowKey } from '../db/schema';
import { getRow, patchRow, type EffectTable, type Row } from './types';

type Photos = Pick<EffectTable, 'product.photos.reorder' | 'product.photos.remove'>;

const photosOf = (row: Row<'product'> | null | undefined): Row<'product'>['photos'] => row?.photos ?? [];

export const photoEffects: Photos = {
  // As the server orders them: the listed ones first, in the given order, then the rest as they were.
  'product.photos.reorder': {
    keys: async (args) => [rowKey('product', args.id)],
    apply({ id, order }, rows, ctx) {
      const rank = new Map(order.map((photoId, i) => [photoId, i]));
      const photos = photosOf(getRow(rows, 'product', id))
        .map((p, i) => ({ p, k: rank.get(p.id) ?? order.length + i }))
        .sort((a, b) => a.k - b.k)
        .map(({ p }) => p);
      patchRow(rows, 'product', id, { photos }, ctx);
    },
  },
  'product.photos.remove': {
    keys: async (args) => [rowKey('product', args.id)],
    apply({ id, photo_id }, rows, ctx) {
      patchRow(rows, 'product', id, { photos: photosOf(getRow(rows, 'product', id)).filter((p) => p.id !== photo_id) }, ctx);
    },
  },
};
