/**
 * Renders the app into the page's root element: the last of the groups main.tsx loads a
 * task apart (React DOM, the app's providers and routes).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

export { preloadScreenOf } from './AppRoutes';

export function mount(element: HTMLElement): void {
  const root = createRoot(element);
  // A transition render yields to the browser every few milliseconds instead of
  // blocking the main thread for the whole first render (total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
