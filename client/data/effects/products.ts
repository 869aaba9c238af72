/** Local effects of product writes (see types.ts). */
import { rowKey } from '../db/schema';
import { stockAvailability } from '../../../shared/schemas/product';
import { defined, dropRow, getRow, patchRow, setRow, type EffectTable, type Row } from './types';

type Products = Pick<EffectTable, 'product.create' | 'product.update' | 'product.delete'>;

/** The category's name in the reader's language, as the server names it (Arabic for any other). */
function categoryName(category: Row<'category'> | null | undefined, language: string): string | null {
  if (!category) return null;
  const name = language === 'en' ? category.name_en : language === 'zh' ? category.name_zh : category.name_ar;
  return name || category.name_ar || null;
}

export const productEffects: Products = {
  'product.create': {
    keys: async (args) => [rowKey('product', args.id), ...(args.category_id ? [rowKey('category', args.category_id)] : [])],
    apply(args, rows, ctx) {
      // The same client id again: the server returns the row unchanged.
      if (getRow(rows, 'product', args.id)) return;
      setRow(rows, 'product', {
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
        category_name: args.category_id ? categoryName(getRow(rows, 'category', args.category_id), ctx.language) : null,
        image_url: args.image_url ?? null,
        photos: [],
        specifications: args.specifications ?? null,
        availability_status: stockAvailability(args.stock_quantity, 'available'),
        average_rating: 0,
        total_reviews: 0,
        supplier_name: ctx.company_name,
        supplier_verification_tier: ctx.verification_tier,
        // The server fills them from the supplier's profile and reviews.
        supplier_phone: null,
        supplier_website: null,
        supplier_city: null,
        supplier_average_rating: 0,
        supplier_total_reviews: 0,
        created_at: ctx.now,
        updated_at: ctx.now,
      });
    },
  },
  'product.update': {
    keys: async (args) => [rowKey('product', args.id), ...(args.category_id ? [rowKey('category', args.category_id)] : [])],
    apply({ id, ...patch }, rows, ctx) {
      const current = getRow(rows, 'product', id);
      const category = patch.category_id !== undefined ? { category_name: patch.category_id ? categoryName(getRow(rows, 'category', patch.category_id), ctx.language) : null } : {};
      // A tracked product's availability follows its stock, as the database sets it.
      const stock = patch.stock_quantity !== undefined ? patch.stock_quantity : current?.stock_quantity;
      const manual = patch.availability_status ?? current?.availability_status ?? 'available';
      const touched = patch.stock_quantity !== undefined || patch.availability_status !== undefined;
      const availability = touched ? { availability_status: stockAvailability(stock, manual) } : {};
      patchRow(rows, 'product', id, { ...defined(patch), ...availability, ...category }, ctx);
    },
  },
  'product.delete': {
    keys: async (args) => [rowKey('product', args.id)],
    apply(args, rows) {
      dropRow(rows, 'product', args.id);
    },
  },
};
