/**
 * When the page asks the engine for a cycle: on start (the engine
 * itself), when the connection comes back, when the tab becomes visible or focused, and
 * every 30 s while visible (the notification poll). While it cannot
 * reach the server with writes waiting, it asks the service worker for a Background Sync,
 * so the queue goes out even after the tab is closed (where the browser has one).
 */
import { NOTIFICATION_POLL_MS } from '../../../shared/constants';
import { backgroundSyncTag } from './background';
import type { SyncEngine } from './engine';

async function requestBackgroundSync(userId: string): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(backgroundSyncTag(userId));
  } catch {
    /* no service worker or no Background Sync: the page's own triggers still run */
  }
}

export function attachBrowserTriggers(engine: SyncEngine, userId: string): () => void {
  const now = () => engine.schedule(0);
  const onVisible = () => {
    if (document.visibilityState === 'visible') now();
  };
  window.addEventListener('online', now);
  window.addEventListener('focus', now);
  document.addEventListener('visibilitychange', onVisible);
  const poll = window.setInterval(() => {
    if (document.visibilityState === 'visible') now();
  }, NOTIFICATION_POLL_MS);
  let asked = false;
  const unsubscribe = engine.subscribe((state) => {
    if (state.phase === 'offline' && !asked) {
      asked = true;
      void engine.db.outbox.where('status').equals('pending').count().then((n) => (n > 0 ? requestBackgroundSync(userId) : undefined));
    }
    if (state.phase === 'idle') asked = false;
  });
  return () => {
    window.removeEventListener('online', now);
    window.removeEventListener('focus', now);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(poll);
    unsubscribe();
  };
}
