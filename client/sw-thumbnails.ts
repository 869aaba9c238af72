/**
 * The service worker's cache of photo thumbnails the user has seen, so the catalogue
 * shows them offline. Only the small sizes a list shows (160 and 480 px), at most
 * MAX_THUMBNAILS of them: when one more comes, the oldest go. Their URLs name their
 * content (a hash), so a cached file is never stale: answered from the cache first.
 * A cache of its own, apart from the app shell's precache, which does not grow.
 */
import { registerRoute } from 'workbox-routing';

export const THUMBNAIL_CACHE = 'binaa-thumbnails-v1';
/** About 300 x (5-30 KB): a few MB at most. */
export const MAX_THUMBNAILS = 300;
export const THUMBNAIL_PATH = /^\/media\/[0-9a-f]{64}-(160|480)\.webp$/;

/** Deletes the oldest entries (a cache lists its keys in the order they were put) beyond the bound. */
async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_THUMBNAILS))) await cache.delete(key);
}

export function registerThumbnailCache(origin: string): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === origin && THUMBNAIL_PATH.test(url.pathname),
    async ({ request, event }) => {
      const cache = await caches.open(THUMBNAIL_CACHE);
      const hit = await cache.match(request.url);
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok && response.type === 'basic') {
        const copy = response.clone();
        (event as ExtendableEvent).waitUntil(cache.put(request.url, copy).then(() => trim(cache)));
      }
      return response;
    },
  );
}
