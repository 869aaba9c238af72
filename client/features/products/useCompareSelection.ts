/**
 * The products chosen for side-by-side comparison: at most COMPARE_MAX, in the order
 * chosen. Kept in this tab's sessionStorage, so the choice survives opening the
 * comparison and coming back, and a reload, but not another tab or the next visit (a
 * choice is a moment's shopping, not data worth syncing). It goes at sign-out with the
 * rest of what a person keeps (data/session/personalData.ts's TAB_ITEMS).
 */
import { useSyncExternalStore } from 'react';
import { onPersonForgotten, TAB_ITEMS } from '../../data/session/personalData';

/** Columns a phone can still show side by side (and a person compare at a glance). */
export const COMPARE_MAX = 4;

const KEY: (typeof TAB_ITEMS)[number] = 'binaa.compare';
const listeners = new Set<() => void>();
let chosen: readonly string[] = read();

function read(): readonly string[] {
  try {
    const value: unknown = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, COMPARE_MAX) : [];
  } catch {
    return [];
  }
}

function write(next: readonly string[]) {
  chosen = next;
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the choice still holds for this page.
  }
  for (const listener of listeners) listener();
}

// Storage is cleared by the sign-out; the copy here goes with it.
onPersonForgotten(() => {
  chosen = [];
  for (const listener of listeners) listener();
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Adds or removes a product. Adding a fifth is refused: the answer is 'full' and nothing
 * changes, so the screen can say why.
 */
export function toggleCompare(id: string): 'added' | 'removed' | 'full' {
  if (chosen.includes(id)) {
    write(chosen.filter((c) => c !== id));
    return 'removed';
  }
  if (chosen.length >= COMPARE_MAX) return 'full';
  write([...chosen, id]);
  return 'added';
}

export function clearCompare() {
  write([]);
}

/** The chosen product ids, live. */
export function useCompareSelection(): readonly string[] {
  return useSyncExternalStore(
    subscribe,
    () => chosen,
    () => chosen,
  );
}
