/**
 * Makes a phone photo small enough to send over a weak connection before it is stored
 * or sent: decoded by the browser with its EXIF orientation applied (so a portrait shot
 * stays upright once the server strips the metadata), drawn at most 1600 px on its long
 * side and encoded as WebP (JPEG where the browser cannot encode WebP). A 12-megapixel
 * 4 MB photo ends at a few hundred KB. The re-encoding also drops the EXIF block, GPS
 * included, before anything leaves the device.
 *
 * A file the browser cannot decode (HEIC on most browsers, or not an image at all) is
 * kept as it is: the server decides by content and says why it refuses.
 */

/** The long side of a sent photo, in pixels. */
export const MAX_PHOTO_SIDE = 1600;
/** Encoder quality: visually clean at 1600 px, a few hundred KB for a typical photo. */
const PHOTO_QUALITY = 0.8;
/** What the upload endpoint accepts at most; a larger file is refused before it is queued. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export interface PreparedPhoto {
  blob: Blob;
  /** The size drawn, or null when the browser could not decode the file (sent as it is). */
  width: number | null;
  height: number | null;
}

/** The size that fits `max` on the long side, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max) return { width, height };
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string): Promise<Blob | null> {
  if ('convertToBlob' in canvas) {
    try {
      return await canvas.convertToBlob({ type, quality: PHOTO_QUALITY });
    } catch {
      return null;
    }
  }
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), type, PHOTO_QUALITY));
}

function makeCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  let bitmap: ImageBitmap;
  try {
    // 'from-image' applies the EXIF orientation: width and height are as the photo is seen.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { blob: file, width: null, height: null };
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = makeCanvas(width, height);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!context) return { blob: file, width: null, height: null };
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    // A browser that cannot encode WebP answers with PNG (large): JPEG then.
    let blob = await encode(canvas, 'image/webp');
    if (!blob || blob.type !== 'image/webp') blob = await encode(canvas, 'image/jpeg');
    if (!blob) return { blob: file, width: null, height: null };
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}
