/**
 * useLiveQuery as dexie-react-hooks has it (undefined until the first result, the last
 * result kept while a query with new deps runs, errors thrown to the error boundary), but
 * a result renders in the task that brings it: through useSyncExternalStore instead of a
 * state update, which React schedules as one more task (behind a frame, a timer or the
 * outbox's own result), so a row written a moment ago shows that much sooner.
 */
import { liveQuery } from 'dexie';
import { useMemo, useRef, useSyncExternalStore, type DependencyList } from 'react';

interface Snapshot<T> {
  value: T | undefined;
  error?: unknown;
}

export function useLiveQuery<T>(querier: () => Promise<T> | T, deps: DependencyList): T | undefined {
  // The result on screen, so a query with new deps starts from it instead of from nothing.
  const shown = useRef<T | undefined>(undefined);
  const source = useMemo(() => {
    const observable = liveQuery(querier);
    let snapshot: Snapshot<T> = { value: shown.current };
    return {
      subscribe: (onChange: () => void) => {
        const subscription = observable.subscribe({
          next: (value) => {
            snapshot = { value };
            onChange();
          },
          error: (error: unknown) => {
            snapshot = { value: snapshot.value, error };
            onChange();
          },
        });
        return () => subscription.unsubscribe();
      },
      get: () => snapshot,
    };
    // The querier is the deps' function, as with dexie-react-hooks.
    // oxlint-disable-next-line react/exhaustive-deps -- the caller's deps are the querier's, as with useEffect's own
  }, deps);
  const snapshot = useSyncExternalStore(source.subscribe, source.get);
  if ('error' in snapshot) throw snapshot.error;
  shown.current = snapshot.value;
  return snapshot.value;
}
