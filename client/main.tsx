/**
 * Entry point: waits for the language (Arabic is bundled; English and Chinese load
 * first when chosen), sets <html lang dir>, renders, then registers the service worker.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/global.css';
import { applyDocumentLanguage, i18n, i18nReady } from './i18n';
import { listenForInstallEvent } from './app/pwa/pwaStore';

listenForInstallEvent();

void i18nReady.then(() => {
  applyDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);
  document.title = i18n.t('common:app.title');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void import('./app/pwa/serviceWorker').then((m) => m.registerServiceWorker());
  }
});
