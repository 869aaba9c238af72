/**
 * Local effect of a review (see types.ts). The server recomputes the average from every
 * review (a second one replaces the first); until it answers, the product shows this
 * rating counted in. A review of a company changes no row this device holds.
 */
import { rowKey } from '../db/schema';
import { getRow, setRow, type EffectTable } from './types';

export const reviewEffects: Pick<EffectTable, 'review.create'> = {
  'review.create': {
    keys: async (args) => (args.target_type === 'product' ? [rowKey('product', args.target_id)] : []),
    apply(args, rows) {
      if (args.target_type !== 'product') return;
      const product = getRow(rows, 'product', args.target_id);
      if (!product) return;
      const count = product.total_reviews;
      const average = (product.average_rating * count + args.rating) / (count + 1);
      setRow(rows, 'product', { ...product, average_rating: Math.round(average * 100) / 100, total_reviews: count + 1 });
    },
  },
};
