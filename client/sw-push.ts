/// <reference lib="webworker" />
/**
 * The service worker's Web Push handlers. `push`: the message (decrypted by the browser)
 * becomes a system notification in the recipient's language, one per notification (its id
 * is the tag), unless a visible window already shows that very item. `notificationclick`:
 * opens the exact item, in a window of the app if one is open, else a new one.
 */
import { pushMessageSchema, type PushMessage } from '../shared/push';

/** The same item: same path and query (/projects?item=<id>). */
const sameItem = (a: URL, b: URL) => a.origin === b.origin && a.pathname === b.pathname && a.search === b.search;

/** The message's target on this origin (a message cannot send a window elsewhere). */
function targetOf(sw: ServiceWorkerGlobalScope, url: unknown): URL {
  const origin = sw.location.origin;
  const target = new URL(typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifications', origin);
  return target.origin === origin ? target : new URL('/notifications', origin);
}

async function showPush(sw: ServiceWorkerGlobalScope, data: PushMessageData | null): Promise<void> {
  let message: PushMessage;
  try {
    message = pushMessageSchema.parse(data?.json());
  } catch {
    return;
  }
  const target = targetOf(sw, message.url);
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.some((w) => w.visibilityState === 'visible' && sameItem(new URL(w.url), target))) return;
  await sw.registration.showNotification(message.title, {
    body: message.body,
    tag: message.id,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: target.pathname + target.search },
  });
}

async function openItem(sw: ServiceWorkerGlobalScope, url: unknown): Promise<void> {
  const target = targetOf(sw, url);
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === target.origin);
  if (open) {
    // Focus needs the click's user activation; the navigation happens either way.
    await open.focus().catch(() => undefined);
    if (!sameItem(new URL(open.url), target)) await open.navigate(target.href);
    return;
  }
  await sw.clients.openWindow(target.href);
}

export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => event.waitUntil(showPush(sw, event.data)));
  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openItem(sw, (event.notification.data as { url?: unknown } | null)?.url));
  });
}
