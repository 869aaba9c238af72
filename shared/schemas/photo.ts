/**
 * Product photos: what a product carries of them, where their files are served, the tus
 * upload's metadata, and the reorder and remove bodies. A photo's files are named by the
 * SHA-256 of its largest derived WebP, so a URL never changes meaning and is cached for good.
 */
import { z } from 'zod';
import { lineString, uuidSchema } from './common';

export * from '../photos';
import { MAX_PHOTOS_PER_PRODUCT } from '../photos';

export const photoHashSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** A photo as a product carries it (width and height of the 1200 file, after orientation). */
export const productPhotoSchema = z.object({
  id: uuidSchema,
  hash: photoHashSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ProductPhoto = z.infer<typeof productPhotoSchema>;

/**
 * The Upload-Metadata of a tus upload. kind says what the upload becomes; photo_id is the
 * client-made id of the photo, so a retried or resumed upload makes it once. filename and
 * filetype are informational only: the server decides by the bytes.
 */
export const uploadMetadataSchema = z.object({
  kind: z.literal('product_photo'),
  product_id: uuidSchema,
  photo_id: uuidSchema,
  filename: lineString(255).optional(),
  filetype: lineString(100).optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** PUT /api/products/{id}/photos: every photo of the product, in the new order. */
export const photoOrderSchema = z.strictObject({
  order: z.array(uuidSchema).min(1).max(MAX_PHOTOS_PER_PRODUCT),
});

/** Sync mutation product.photos.reorder: the PUT body plus the product's id. */
export const photoReorderArgsSchema = z.strictObject({ id: uuidSchema, ...photoOrderSchema.shape });

/** Sync mutation product.photos.remove: the product's id and the photo's. */
export const photoRemoveArgsSchema = z.strictObject({ id: uuidSchema, photo_id: uuidSchema });

/** The body of a finished upload's answer: the photo it made. */
const uploadResultSchema = productPhotoSchema.extend({ product_id: uuidSchema, position: z.number().int().min(0) });
export type UploadResult = z.infer<typeof uploadResultSchema>;
