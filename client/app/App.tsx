import { Suspense, lazy, useSyncExternalStore } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '../data/session';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { ErrorScreen } from './errors/ErrorScreen';
import { AppRoutes } from './AppRoutes';
import { ThemedProvider } from './ThemedProvider';
import { FullPageSpinner } from './ui/FullPageSpinner';

import { getPwaState, subscribePwa } from './pwa/pwaStore';

// The update and install prompts load only once there is something to prompt about.
const PwaPrompts = lazy(() => import('./pwa/PwaPrompts').then((m) => ({ default: m.PwaPrompts })));

function PwaDock() {
  const pwa = useSyncExternalStore(subscribePwa, getPwaState);
  if (!pwa.updateReady && !pwa.installEvent) return null;
  return (
    <Suspense fallback={null}>
      <PwaPrompts />
    </Suspense>
  );
}

/** Providers, the app-wide error screen, and the routes. */
export function App() {
  return (
    <ThemedProvider>
      <ErrorBoundary fallback={(reset) => <ErrorScreen onRetry={() => (reset(), window.location.reload())} />}>
        <SessionProvider>
          <BrowserRouter>
            <Suspense fallback={<FullPageSpinner />}>
              <AppRoutes />
            </Suspense>
            <PwaDock />
          </BrowserRouter>
        </SessionProvider>
      </ErrorBoundary>
    </ThemedProvider>
  );
}
