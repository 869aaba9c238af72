/**
 * Entry point: waits for the language (Arabic is bundled; English and Chinese load
 * first when chosen), sets <html lang dir>, renders, then registers the service worker.
 *
 * The app's modules are evaluated a group per task, not all in one: the strings and
 * i18next, then the theme (Fluent builds its tokens as it loads), then React DOM, then the
 * app. In one task they blocked a slow phone's main thread for well over the 50 ms a task
 * may take before taps wait. The pre-rendered page's inline script preloads each group's
 * files with the entry's (BOOT_MODULES in app/prerender/paths.ts), so no import waits for
 * the network.
 */
import './app/global.css';
import { listenForInstallEvent } from './app/pwa/pwaStore';

listenForInstallEvent();

/** Ends the current task: what follows runs in a new one, after the browser has had its turn. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  const { applyDocumentLanguage, i18n, i18nReady } = await import('./i18n');
  await nextTask();
  await import('./app/ThemedProvider');
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  const { mount, preloadScreenOf } = await import('./app/mount');
  await nextTask();
  // The screen of a pre-rendered page loads before the first render, which then replaces
  // the copy with the live page at once (a spinner between them would flash).
  await Promise.all([i18nReady, preloadScreenOf(window.location.pathname).catch(() => undefined)]);

  applyDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);
  document.title = i18n.t('common:app.title');
  mount(document.getElementById('root')!);
  const lng = i18n.resolvedLanguage ?? i18n.language;
  setTimeout(() => void import('./i18n/format').then((m) => m.prepareFormats(lng)), 0);
  // What the page does not need to show, once it has loaded and gone quiet, so it does not
  // compete with the first paint for the network or the main thread.
  const afterLoad = (task: () => void) => {
    const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 2000));
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  };
  // No error sentences here: the landing page shows none, and a screen that shows one
  // declares the namespace (and waits for it), so they load with the first such screen.
  // The service worker, whose precaching of the shell is the heaviest of all.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) afterLoad(() => void import('./app/pwa/serviceWorker').then((m) => m.registerServiceWorker()));
}

void boot();
