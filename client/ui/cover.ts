/**
 * Which picture a product shows: its first photo (the cover) at the thumbnail sizes the
 * server derives, else the old pasted image URL, else nothing (the placeholder).
 */
import { photoUrl } from '../../shared/photos';
import type { ProductPhoto } from '../../shared/schemas/photo';

export interface CoverImage {
  src: string | null;
  srcSet?: string;
  sizes?: string;
}

/**
 * The cover at 160 px (a card's 88 px image on a screen of up to 1.8x density) or 480 px
 * (denser screens, larger views): `sizes` is the size shown, the browser picks the file.
 */
export function coverOf(product: { photos?: readonly ProductPhoto[] | null; image_url: string | null }, shownPx = 88): CoverImage {
  const cover = product.photos?.[0];
  if (!cover) return { src: product.image_url };
  return {
    src: photoUrl(cover.hash, 160),
    srcSet: `${photoUrl(cover.hash, 160)} 160w, ${photoUrl(cover.hash, 480)} 480w`,
    sizes: `${shownPx}px`,
  };
}
