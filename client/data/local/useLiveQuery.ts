/**
 * useLiveQuery as dexie-react-hooks has it (undefined until the first result, the last
 * result kept while a query with new deps runs, errors thrown to the error boundary), but
 * a result renders in the task that brings it: through useSyncExternalStore instead of a
 * state update, which React schedules as one more task (behind a frame, a timer or the
 * outbox's own result), so a row written a moment ago shows that much sooner.
 *
 * Until the device's first sync has brought what a query reads, its result is undefined,
 * as while it loads: a store still filling would otherwise read as empty, and a first
 * sign-in on a device showed "no projects yet" and zero counts until the sync ended. Most
 * rows come in the first sync's first part (`usable`); the catalogue's products come last,
 * so a query that reads products waits for the whole of it (`complete`).
 */
import { liveQuery } from 'dexie';
import { useMemo, useRef, useSyncExternalStore, type DependencyList } from 'react';
import { useLocalData } from './DataProvider';

export type FirstSyncNeeds = 'usable' | 'complete';

/** Whether the first sync has brought what a query needs (always, once it has ended on this device). */
function useFirstSyncReady(needs: FirstSyncNeeds): boolean {
  const { engine } = useLocalData();
  return useSyncExternalStore(engine.subscribe, () => {
    const { bootstrap } = engine.getState();
    return needs === 'complete' ? bootstrap.done : bootstrap.usable;
  });
}

interface Snapshot<T> {
  value: T | undefined;
  error?: unknown;
}

export function useLiveQuery<T>(querier: () => Promise<T> | T, deps: DependencyList, needs: FirstSyncNeeds = 'usable'): T | undefined {
  const ready = useFirstSyncReady(needs);
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
  return ready ? snapshot.value : undefined;
}
