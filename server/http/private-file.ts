/**
 * How a private file of a deal is answered (a delivery's signature or photos, a transfer's
 * receipt): WebP in one of the photo sizes, cached by the party's browser only, never by
 * a shared cache, and not embeddable from another origin. Who may read it is the caller's rule.
 */
import type { Context } from 'koa';
import { z } from 'zod';
import { PHOTO_SIZES } from '../../shared/schemas/photo';

export const privateFileQuerySchema = z.strictObject({
  size: z.coerce
    .number()
    .refine((n): n is (typeof PHOTO_SIZES)[number] => (PHOTO_SIZES as readonly number[]).includes(n), 'size: 160, 480 or 1200')
    .default(480),
});

export function sendPrivateWebp(ctx: Context, { object, etag }: { object: { body: unknown; size: number }; etag: string }) {
  ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
  ctx.set('ETag', etag);
  ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
  ctx.type = 'image/webp';
  ctx.length = object.size;
  return object.body;
}
