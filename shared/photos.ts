/**
 * Where photos are sent and served, and their limits: plain values without the schemas,
 * so a page that only shows photos (the public catalogue) does not load zod for them.
 */

/** The WebP sizes derived from every photo (long side, px): a thumbnail, a card, a full view. */
export const PHOTO_SIZES = [160, 480, 1200] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** The most photos one product may have; the first is the cover. */
export const MAX_PHOTOS_PER_PRODUCT = 8;

/** The most bytes one upload may have (the client downscales to a few hundred kB first). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * The most unfinished uploads an account holds at once (photos and deal files): an upload
 * holds its place from its creation until it finishes, is terminated or expires a day
 * later, so declared lengths never pile up on the server's disk. The app sends one at a
 * time; a few more cover uploads left behind by a lost connection.
 */
export const MAX_UNFINISHED_UPLOADS = 10;

/** The tus endpoint (creation, HEAD for the offset to resume from, PATCH, termination). */
export const UPLOADS_PATH = '/api/uploads';

/** Where the public files of photos are served. */
export const MEDIA_PATH = '/media';

/** The public URL of a photo's file of one size: content-addressed, immutable. */
export function photoUrl(hash: string, size: PhotoSize): string {
  return `${MEDIA_PATH}/${hash}-${size}.webp`;
}
