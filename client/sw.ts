/// <reference lib="webworker" />
/**
 * The service worker. It precaches the app shell that the build
 * lists in self.__WB_MANIFEST, and answers navigations to the client's routes with the
 * cached index.html, so an installed or visited app opens offline. It never caches
 * /api: data goes through the network (and, later, the offline store in IndexedDB).
 * Server-rendered pages (the development sign-in form, OAuth redirects) are not client
 * routes and so always go to the network.
 */
import { clientsClaim } from 'workbox-core';
import { registerPushHandlers } from './sw-push';
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SHELL_ROUTE_PATTERN } from './paths';
// Statically: a service worker may not import() at run time.
import { runBackgroundSync, userOfSyncTag } from './data/sync/background';
import { registerThumbnailCache } from './sw-thumbnails';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The shell is public: fetch it without cookies. Besides being tidier, a cookie-less
// request can never carry (and have the server re-set) a session cookie while the user
// is signing in on the page.
addPlugins([{ requestWillFetch: async ({ request }) => new Request(request, { credentials: 'omit' }) }]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    allowlist: [SHELL_ROUTE_PATTERN],
    denylist: [/^\/api\//],
  }),
);

// Photo thumbnails the user has seen, for the offline catalogue (a bounded cache of its own).
registerThumbnailCache(self.location.origin);

// The first worker takes control at once, so the very first visit already works offline.
// Later versions wait for the user's consent (the update prompt) before they activate.
clientsClaim();

// Background Sync: the page registers a user's tag (data/sync/background.ts) when it could
// not send its queue; the browser wakes the worker when the network is back.
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  const userId = userOfSyncTag(sync.tag);
  if (userId === null) return;
  sync.waitUntil(runBackgroundSync(userId));
});

// workbox-window's messageSkipWaiting() sends this when the user accepts the update.
self.addEventListener('message', (event) => {
  if (event.data && (event.data as { type?: string }).type === 'SKIP_WAITING') void self.skipWaiting();
});

// Web Push: a message becomes a notification (none for the item a visible window shows);
// a click opens that item.
registerPushHandlers(self);
