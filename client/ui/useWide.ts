import { useSyncExternalStore } from 'react';

/**
 * Wide enough for a table of figures side by side (a desk or a tablet held sideways):
 * the RFQ comparison, the account statement and the tax invoice's lines. Narrower screens
 * get cards in which every figure sits within the screen's width, since a table that
 * scrolls sideways hides its money columns with no hint that they are there.
 */
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
