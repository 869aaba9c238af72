/**
 * Product: the catalogue row as the API returns it (with its category and supplier names
 * filled in), the create and update bodies of a supplier, and the list query.
 */
import { z } from 'zod';
import { AVAILABILITY_STATUSES } from '../constants';
import { CATALOGUE_SORTS } from '../catalogue-sort';
import {
  AT_LEAST_ONE_FIELD,
  MAX,
  atLeastOneField,
  clientIdField,
  lineString,
  moneySchema,
  optionalText,
  optionalUrl,
  paginationFields,
  positiveInt,
  requiredName,
  requiredText,
  searchQueryField,
  stockSchema,
  timestampSchema,
  uuidSchema,
} from './common';
import { categoryRefSchema } from './category';
import { verificationTierSchema } from './profile';
import { productPhotoSchema } from './photo';

const availabilityStatusSchema = z.enum(AVAILABILITY_STATUSES);

/** Free-form technical details: up to 50 named values ("القطر": "12 مم"). */
const specificationsSchema = z
  .record(requiredText(MAX.short), lineString(500))
  .refine((v) => Object.keys(v).length <= 50, { message: 'too_many_specifications' });

/**
 * What a product row shows of its supplier, from their profile: the catalogue compares
 * and sorts by these offline, so they travel with each product (the server re-sends a
 * supplier's products when any of them changes).
 */
export const productSupplierFields = {
  supplier_name: z.string().nullable(),
  supplier_verification_tier: verificationTierSchema,
  /** how to reach the supplier: their profile's phone (E.164) and website, if given */
  supplier_phone: z.string().nullable(),
  supplier_website: z.string().nullable(),
  /** the profile's city as the supplier wrote it (shared/saudi-cities.ts places it) */
  supplier_city: z.string().nullable(),
  /** the supplier's own rating from reviews of them (not of their products) */
  supplier_average_rating: z.number().min(0).max(5),
  supplier_total_reviews: z.number().int().min(0),
};

export const productSchema = z.object({
  id: uuidSchema,
  supplier_id: uuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  unit: z.string(),
  min_quantity: z.number().int(),
  stock_quantity: z.number().nullable(),
  /** the supplier's own code, unique among their live products */
  sku: z.string().nullable(),
  /** at or below this stock the supplier's table marks the product */
  low_stock_threshold: z.number().nullable(),
  category_id: uuidSchema.nullable(),
  category_name: z.string().nullable(), // in the reader's language
  image_url: z.string().nullable(),
  /** uploaded photos in position order, the first the cover (shown before image_url) */
  photos: z.array(productPhotoSchema),
  specifications: z.record(z.string(), z.string()).nullable(),
  availability_status: availabilityStatusSchema,
  average_rating: z.number().min(0).max(5),
  total_reviews: z.number().int().min(0),
  ...productSupplierFields,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Product = z.infer<typeof productSchema>;

const MIN_QUANTITY_MAX = 1_000_000;

/** A supplier's own product code: trimmed, 1 to 64 characters, unique among their live products. */
const skuSchema = lineString(MAX.sku).min(1);

/**
 * Stock fields of the create and update bodies. A product with a stock quantity is
 * tracked: the database sets its availability from it (0 is out of stock); null stops
 * tracking, and availability is then whatever the supplier sets.
 */
const stockFields = {
  sku: skuSchema.nullable().optional(),
  stock_quantity: stockSchema.nullable().optional(),
  low_stock_threshold: stockSchema.nullable().optional(),
};

/** POST /api/products. */
export const productCreateSchema = z.strictObject({
  ...clientIdField,
  name: requiredName(MAX.name),
  description: optionalText(MAX.text),
  price: moneySchema,
  unit: requiredText(MAX.unit),
  min_quantity: positiveInt(MIN_QUANTITY_MAX).default(1),
  category_id: uuidSchema.nullable().optional(),
  image_url: optionalUrl(),
  specifications: specificationsSchema.nullable().optional(),
  ...stockFields,
});
export type ProductCreate = z.infer<typeof productCreateSchema>;
export type ProductCreateInput = z.input<typeof productCreateSchema>;

const productUpdateFields = {
  name: requiredName(MAX.name).optional(),
  description: optionalText(MAX.text),
  price: moneySchema.optional(),
  unit: requiredText(MAX.unit).optional(),
  min_quantity: positiveInt(MIN_QUANTITY_MAX).optional(),
  ...stockFields,
  availability_status: availabilityStatusSchema.optional(),
  category_id: uuidSchema.nullable().optional(),
  image_url: optionalUrl(),
  specifications: specificationsSchema.nullable().optional(),
};

/** PATCH /api/products/:id: any of these, at least one. null clears an optional field. */
export const productUpdateSchema = z
  .strictObject(productUpdateFields)
  .refine(atLeastOneField, { message: AT_LEAST_ONE_FIELD });
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** Sync mutation product.update: the PATCH body plus the id its path carries. */
export const productUpdateArgsSchema = z
  .strictObject({ id: uuidSchema, ...productUpdateFields })
  .refine(({ id: _id, ...patch }) => atLeastOneField(patch), { message: AT_LEAST_ONE_FIELD });

/** Sync mutation product.delete. */
export const productDeleteArgsSchema = z.strictObject({ id: uuidSchema });

/**
 * GET /api/products. `sort` orders the whole result (shared/catalogue-sort.ts); `near` is
 * the city `nearest` measures from, by default the signed-in reader's profile city.
 */
export const productListQuerySchema = z.strictObject({
  search: searchQueryField,
  category: categoryRefSchema.optional(),
  supplier_id: uuidSchema.optional(),
  sort: z.enum(CATALOGUE_SORTS).default('relevance'),
  near: lineString(MAX.short).min(1).optional(),
  ...paginationFields,
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * The availability a product shows: a tracked product's (stock not null) follows its
 * stock, 0 being out of stock; an untracked one's is what the supplier set. The database
 * applies the same rule in a trigger; the client's local effects use this one.
 */
export function stockAvailability(stock: number | null | undefined, manual: 'available' | 'out_of_stock'): 'available' | 'out_of_stock' {
  if (stock == null) return manual;
  return stock > 0 ? 'available' : 'out_of_stock';
}

/** Whether a tracked product is at or below its low-stock mark. */
export function isLowStock(p: { stock_quantity: number | null; low_stock_threshold?: number | null }): boolean {
  return p.stock_quantity != null && p.low_stock_threshold != null && p.stock_quantity <= p.low_stock_threshold;
}
