/** Local effects of product and review writes (see types.ts). */
import { rowKey, type AnyRow } from '../db/schema';
import { stockAvailability } from '../../../shared/schemas/product';
import { defined, patchRow, type EffectTable } from './types';

type Catalogue = Pick<EffectTable, 'product.create' | 'product.update' | 'product.delete' | 'review.create'>;

const categoryName = (category: AnyRow | null | undefined, language: string): string | null =>
  category ? String(category[`name_${language}`] ?? category.name_ar ?? '') || null : null;

export const catalogueEffects: Catalogue = {
  'product.create': {
    keys: async (args) => [rowKey('product', args.id), ...(args.category_id ? [rowKey('category', args.category_id)] : [])],
    apply(args, rows, ctx) {
      const key = rowKey('product', args.id);
      const current = rows.get(key);
      if (current) return; // the same client id again: the server returns the row unchanged
      rows.set(key, {
        id: args.id,
        supplier_id: ctx.user_id,
        name: args.name,
        description: args.description ?? null,
        price: args.price,
        unit: args.unit,
        min_quantity: args.min_quantity ?? 1,
        stock_quantity: args.stock_quantity ?? null,
        sku: args.sku ?? null,
        low_stock_threshold: args.low_stock_threshold ?? null,
        category_id: args.category_id ?? null,
        category_name: args.category_id ? categoryName(rows.get(rowKey('category', args.category_id)), ctx.language) : null,
        image_url: args.image_url ?? null,
        photos: [],
        specifications: args.specifications ?? null,
        availability_status: stockAvailability(args.stock_quantity, 'available'),
        average_rating: 0,
        total_reviews: 0,
        supplier_name: ctx.company_name,
        supplier_verification_tier: ctx.verification_tier,
        created_at: ctx.now,
        updated_at: ctx.now,
      });
    },
  },
  'product.update': {
    keys: async (args) => [rowKey('product', args.id), ...(args.category_id ? [rowKey('category', args.category_id)] : [])],
    apply({ id, ...patch }, rows, ctx) {
      const extra = patch.category_id !== undefined ? { category_name: categoryName(rows.get(rowKey('category', patch.category_id ?? '')), ctx.language) } : {};
      // A tracked product's availability follows its stock, as the database sets it.
      const current = rows.get(rowKey('product', id));
      const stock = patch.stock_quantity !== undefined ? patch.stock_quantity : (current?.stock_quantity as number | null | undefined);
      const manual = patch.availability_status ?? (current?.availability_status as 'available' | 'out_of_stock' | undefined) ?? 'available';
      const touched = patch.stock_quantity !== undefined || patch.availability_status !== undefined;
      const availability = touched ? { availability_status: stockAvailability(stock, manual) } : {};
      patchRow(rows, rowKey('product', id), { ...defined(patch), ...availability, ...extra }, ctx);
    },
  },
  'product.delete': {
    keys: async (args) => [rowKey('product', args.id)],
    apply(args, rows) {
      rows.set(rowKey('product', args.id), null);
    },
  },
  // The server recomputes the average from every review (a second one replaces the
  // first); until it answers, the product shows this rating counted in.
  'review.create': {
    keys: async (args) => (args.target_type === 'product' ? [rowKey('product', args.target_id)] : []),
    apply(args, rows) {
      if (args.target_type !== 'product') return;
      const key = rowKey('product', args.target_id);
      const product = rows.get(key);
      if (!product) return;
      const count = Number(product.total_reviews ?? 0);
      const average = (Number(product.average_rating ?? 0) * count + args.rating) / (count + 1);
      rows.set(key, { ...product, average_rating: Math.round(average * 100) / 100, total_reviews: count + 1 });
    },
  },
};
