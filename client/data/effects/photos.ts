/**
 * Local effects of a product's photo writes: the product's `photos` as the server will
 * have them. Adding a photo is an upload, not a mutation; it shows once the server has it.
 */
import type { ProductPhoto } from '../../../shared/schemas/photo';
import { rowKey, type AnyRow } from '../db/schema';
import { patchRow, type EffectTable } from './types';

type Photos = Pick<EffectTable, 'product.photos.reorder' | 'product.photos.remove'>;

const photosOf = (row: AnyRow | null | undefined): ProductPhoto[] => (Array.isArray(row?.photos) ? (row.photos as ProductPhoto[]) : []);

export const photoEffects: Photos = {
  // As the server orders them: the listed ones first, in the given order, then the rest as they were.
  'product.photos.reorder': {
    keys: async (args) => [rowKey('product', args.id)],
    apply({ id, order }, rows, ctx) {
      const key = rowKey('product', id);
      const rank = new Map(order.map((photoId, i) => [photoId, i]));
      const photos = photosOf(rows.get(key))
        .map((p, i) => ({ p, k: rank.get(p.id) ?? order.length + i }))
        .sort((a, b) => a.k - b.k)
        .map(({ p }) => p);
      patchRow(rows, key, { photos }, ctx);
    },
  },
  'product.photos.remove': {
    keys: async (args) => [rowKey('product', args.id)],
    apply({ id, photo_id }, rows, ctx) {
      const key = rowKey('product', id);
      patchRow(rows, key, { photos: photosOf(rows.get(key)).filter((p) => p.id !== photo_id) }, ctx);
    },
  },
};
