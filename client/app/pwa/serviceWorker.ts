/**
 * Registers the service worker with workbox-window. When a new version is installed
 * and waiting, the update prompt appears; accepting it tells the waiting worker to
 * skip waiting, and the page reloads once the new worker controls it.
 */
import { Workbox } from 'workbox-window';
import { setPwaState } from './pwaStore';

export function registerServiceWorker(): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    setPwaState({
      updateReady: true,
      applyUpdate: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  void wb.register().catch((error: unknown) => console.warn('service worker registration failed', error));
}
