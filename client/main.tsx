/**
 * Entry point: waits for the language (Arabic is bundled; English and Chinese load
 * first when chosen), sets <html lang dir>, renders, then registers the service worker.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreenOf } from './app/AppRoutes';
import './app/global.css';
import { applyDocumentLanguage, i18n, i18nReady } from './i18n';
import { prepareFormats } from './i18n/format';
import { listenForInstallEvent } from './app/pwa/pwaStore';

listenForInstallEvent();

// The screen of a pre-rendered page loads before the first render, which then replaces
// the copy with the live page at once (a spinner between them would flash). Asked for in
// the next task: the loader inserts a preload link per module of the screen, a few
// milliseconds each on a phone, which would lengthen the task that runs these modules.
const screenReady = new Promise((resolve) => setTimeout(resolve, 0))
  .then(() => preloadScreenOf(window.location.pathname))
  .catch(() => undefined);

void Promise.all([i18nReady, screenReady]).then(() => {
  applyDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);
  document.title = i18n.t('common:app.title');
  const root = createRoot(document.getElementById('root')!);
  // A transition render yields to the browser every few milliseconds instead of
  // blocking the main thread for the whole first render (total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  const lng = i18n.resolvedLanguage ?? i18n.language;
  setTimeout(() => prepareFormats(lng), 0);
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    // After the page has loaded and gone quiet: precaching the shell must not compete
    // with the first paint for the network or the main thread.
    const register = () => void import('./app/pwa/serviceWorker').then((m) => m.registerServiceWorker());
    const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 2000));
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  }
});
