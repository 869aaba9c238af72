/**
 * Product photos: what a product carries of them, where their files are served, the tus
 * upload's metadata, and the reorder and remove bodies. A photo's files are named by the
 * SHA-256 of its largest derived WebP, so a URL never changes meaning and is cached for good.
 */
import { z } from 'zod';
import { uuidSchema } from './common';

/** The WebP sizes derived from every photo (long side, px): a thumbnail, a card, a full view. */
export const PHOTO_SIZES = [160, 480, 1200] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** The most photos one product may have; the first is the cover. */
export const MAX_PHOTOS_PER_PRODUCT = 8;

/** The most bytes one upload may have (the client downscales to a few hundred kB first). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** The tus endpoint (creation, HEAD for the offset to resume from, PATCH, termination). */
export const UPLOADS_PATH = '/api/uploads';

/** Where the public files of photos are served. */
export const MEDIA_PATH = '/media';

export const photoHashSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** The public URL of a photo's file of one size: content-addressed, immutable. */
export function photoUrl(hash: string, size: PhotoSize): string {
  return `${MEDIA_PATH}/${hash}-${size}.webp`;
}

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
  filename: z.string().max(255).optional(),
  filetype: z.string().max(100).optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** PUT /api/products/{id}/photos: every photo of the product, in the new order. */
export const photoOrderSchema = z.strictObject({
  order: z.array(uuidSchema).min(1).max(MAX_PHOTOS_PER_PRODUCT),
});
export type PhotoOrder = z.infer<typeof photoOrderSchema>;

/** Sync mutation product.photos.reorder: the PUT body plus the product's id. */
export const photoReorderArgsSchema = z.strictObject({ id: uuidSchema, ...photoOrderSchema.shape });
export type PhotoReorderArgs = z.infer<typeof photoReorderArgsSchema>;

/** Sync mutation product.photos.remove: the product's id and the photo's. */
export const photoRemoveArgsSchema = z.strictObject({ id: uuidSchema, photo_id: uuidSchema });
export type PhotoRemoveArgs = z.infer<typeof photoRemoveArgsSchema>;

/** The body of a finished upload's answer: the photo it made. */
export const uploadResultSchema = productPhotoSchema.extend({ product_id: uuidSchema, position: z.number().int().min(0) });
export type UploadResult = z.infer<typeof uploadResultSchema>;
