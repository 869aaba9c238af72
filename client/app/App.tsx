import { Suspense, lazy } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '../data/session';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { ErrorScreen } from './errors/ErrorScreen';
import { AppRoutes } from './AppRoutes';
import { ThemedProvider } from './ThemedProvider';
import { FullPageSpinner } from './ui/FullPageSpinner';

// The update and install prompts are not needed to show the first page.
const PwaPrompts = lazy(() => import('./pwa/PwaPrompts').then((m) => ({ default: m.PwaPrompts })));

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
            <Suspense fallback={null}>
              <PwaPrompts />
            </Suspense>
          </BrowserRouter>
        </SessionProvider>
      </ErrorBoundary>
    </ThemedProvider>
  );
}
