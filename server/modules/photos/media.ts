/**
 * GET /media/{hash}-{160|480|1200}.webp: the public files of product photos. The name is
 * the SHA-256 of the photo's largest file, so the bytes behind a URL never change and are
 * cached for a year as immutable; a new picture is a new URL. Only names of that exact form
 * are looked up (no path reaches the store otherwise). Served before sessions: no cookie is
 * read or set. Private attachments are never under this path.
 */
import type { Context, Next } from 'koa';
import { MEDIA_PATH, PHOTO_SIZES } from '../../../shared/schemas/photo';
import type { ObjectStore } from '../../storage';
import { mediaKey } from './service';

const NAME = new RegExp(`^${MEDIA_PATH}/([0-9a-f]{64})-(${PHOTO_SIZES.join('|')})\\.webp$`);
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function serveMedia(store: () => ObjectStore) {
  return async function media(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith(`${MEDIA_PATH}/`)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    const m = NAME.exec(ctx.path);
    const object = m ? await store().get(mediaKey(m[1], Number(m[2]))) : null;
    if (!m || !object) {
      ctx.status = 404;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { error: 'Not found', code: 'not_found' };
      return;
    }
    const etag = `"${m[1]}-${m[2]}"`;
    ctx.set('Cache-Control', IMMUTABLE);
    ctx.set('ETag', etag);
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    if (ctx.get('If-None-Match') === etag) {
      object.body.destroy();
      ctx.status = 304;
      return;
    }
    ctx.type = 'image/webp';
    ctx.length = object.size;
    if (ctx.method === 'HEAD') {
      object.body.destroy();
      ctx.status = 200;
      return;
    }
    ctx.body = object.body;
  };
}
