import { useSyncExternalStore } from 'react';

/** Wide enough for the full comparison table (a desk or a tablet held sideways); narrower screens get the line-by-line view. */
const WIDE = '(min-width: 900px)';

const subscribe = (listener: () => void) => {
  const query = globalThis.matchMedia?.(WIDE);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};

export function useWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => globalThis.matchMedia?.(WIDE).matches ?? false,
    () => false,
  );
}
