/**
 * What screens use of the local store besides their own queries: the sync state, the
 * outbox (waiting to send), the refused actions, and `useMutate`, the one way to write:
 * the local effect and the outbox row in one transaction, then a sync soon after.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { MutationInput, MutationName } from '../../../shared/mutations';
import type { OutboxRow, RejectionRow, RowKey, UploadRow } from '../db/schema';
import type { SyncEngine, SyncState } from '../sync/engine';
import { discardRejection, predictLocalRows, writeLocalRows, type LocalWrite } from '../sync/store';
import type { RowMap } from '../effects/types';
import { useLocalData, useQueueStore } from './DataProvider';

export { ValidationFailed } from '../sync/store';

/** A write after which more are likely (a form, a toggle) waits this long before syncing. */
const WRITE_DEBOUNCE_MS = 250;

/**
 * Asks for the sync a write needs, unless the browser says it has no connection and the
 * engine has already found the server out of reach: then its retry, the "online" event
 * (triggers.ts) and the Background Sync it asked for send the write, and a cycle now would
 * only fail, reading the outbox and rendering the sync status twice while the person taps on.
 */
function sendSoon(engine: SyncEngine): void {
  if (globalThis.navigator?.onLine === false && engine.getState().phase === 'offline') return;
  engine.schedule(WRITE_DEBOUNCE_MS);
}

export function useSyncState(): SyncState {
  const { engine } = useLocalData();
  return useSyncExternalStore(engine.subscribe, engine.getState);
}

/** The outbox: `pending` ones wait to be sent; `acked` ones were applied and wait for the pull that shows them. */
export function useOutbox(): OutboxRow[] {
  const store = useQueueStore();
  return useSyncExternalStore(store.subscribe, () => store.outbox);
}

/** Rows with a write not yet sent: their screens mark them "waiting to send". */
export function usePendingKeys(): ReadonlySet<RowKey> {
  const store = useQueueStore();
  return useSyncExternalStore(store.subscribe, () => store.pendingKeys);
}

/** Whether this row has a write not yet sent (renders again only when that changes). */
export function useIsPending(key: RowKey): boolean {
  const store = useQueueStore();
  return useSyncExternalStore(store.subscribe, () => store.pendingKeys.has(key));
}

/** How many writes wait to be sent. */
export function useWaitingCount(): number {
  const store = useQueueStore();
  return useSyncExternalStore(store.subscribe, () => store.waiting);
}

export function useRejections(): RejectionRow[] {
  const store = useQueueStore();
  return useSyncExternalStore(store.subscribe, () => store.rejections);
}

/**
 * The refused actions that named any of `keys` (each once, though it may name several);
 * for one key, the store's own array, the same until it changes.
 */
export function useRejectionsFor(keys: RowKey | readonly RowKey[]): readonly RejectionRow[] {
  const store = useQueueStore();
  const single = typeof keys === 'string' ? keys : keys.length === 1 ? keys[0] : null;
  const joined = typeof keys === 'string' ? keys : keys.join('\n');
  const snapshot = useSyncExternalStore(store.subscribe, () => (single ? store.rejectionsFor(single) : store.rejections));
  return useMemo(() => {
    if (single) return snapshot;
    const wanted = new Set(joined.split('\n'));
    return snapshot.filter((r) => r.keys.some((k) => wanted.has(k)));
  }, [snapshot, joined, single]);
}

/**
 * Writes through the outbox. Resolves to the mutation id once the write is stored;
 * throws ValidationFailed with the shared schema's issues when the input is refused.
 */
export function useMutate() {
  const write = useLocalWrite();
  return useCallback(async <N extends MutationName>(name: N, input: MutationInput<N>): Promise<number> => (await write(name, input)).id, [write]);
}

const sameWrite = (a: Pick<LocalWrite, 'keys' | 'rows'>, b: Pick<LocalWrite, 'keys' | 'rows'>) =>
  a.keys.length === b.keys.length && a.keys.every((k, i) => k === b.keys[i] && JSON.stringify(a.rows.get(k) ?? null) === JSON.stringify(b.rows.get(k) ?? null));

/** What a screen shows of a local write: the keys it waits to send and its rows; null: take back what was shown, it was not stored. */
export type ShownWrite = Pick<LocalWrite, 'keys' | 'rows'> | null;

/**
 * useMutate resolving also to the rows as the write stored them, for a screen that shows
 * them at once: its live queries read them again a moment later (one more trip to
 * IndexedDB and one more render), and what they read is the same. `show` gets them in one
 * render with the "waiting to send" marks of their keys (its state updates and the marks
 * are flushed together, before the next frame).
 *
 * With `held`, the rows the screen holds (what the effect reads), `show` gets the write in
 * the tap's own task, computed from them by the same effect (predictLocalRows), before the
 * transaction's round trips; then again as stored (the same rows unless a pull changed
 * them in between), or null when storing failed (the error is thrown as without `held`).
 */
export function useLocalWrite() {
  const { db, engine, context } = useLocalData();
  const queue = useQueueStore();
  return useCallback(
    async <N extends MutationName>(name: N, input: MutationInput<N>, show?: (written: ShownWrite) => void, held?: RowMap): Promise<LocalWrite> => {
      const ctx = context();
      const predicted = show && held ? await predictLocalRows(name, input, ctx, held) : null;
      if (predicted) {
        flushSync(() => {
          queue.notePending(predicted.keys);
          show!(predicted);
        });
      }
      let written: LocalWrite;
      try {
        written = await writeLocalRows(db, name, input, ctx);
      } catch (err) {
        if (predicted) {
          // The marks from the outbox as it is, and the screen back to its stored rows.
          queue.setOutbox(queue.outbox);
          show!(null);
        }
        throw err;
      }
      // Shown already as it was stored: nothing to render again (the marks were noted then).
      if (!predicted || !sameWrite(predicted, written)) {
        flushSync(() => {
          if (!predicted) queue.notePending(written.keys);
          show?.(written);
        });
      }
      sendSoon(engine);
      return written;
    },
    [db, engine, context, queue],
  );
}

/**
 * A write that names files of its own (a delivery step with its signature and photos): the
 * upload rows and the mutation are stored in one transaction (both or neither), then the
 * uploader looks for work; it sends the files once the mutation has left the outbox.
 */
export function useMutateWithFiles() {
  const { db, engine, context, uploader } = useLocalData();
  const queue = useQueueStore();
  return useCallback(
    async <N extends MutationName>(name: N, input: MutationInput<N>, uploads: readonly UploadRow[]): Promise<number> => {
      const written = await writeLocalRows(db, name, input, context(), uploads);
      queue.notePending(written.keys);
      sendSoon(engine);
      uploader.kick();
      return written.id;
    },
    [db, engine, context, uploader, queue],
  );
}

/** Edit-and-resend or discard a refused action. */
export function useRejectionActions() {
  const { db } = useLocalData();
  const mutate = useMutate();
  return {
    resend: async (rejection: RejectionRow, args: Record<string, unknown>) => {
      await mutate(rejection.name, args as MutationInput<typeof rejection.name>);
      await discardRejection(db, rejection.id);
    },
    discard: (rejection: RejectionRow) => discardRejection(db, rejection.id),
  };
}

/** Send what waits now (sign-out asks this first). Resolves to how many still wait. */
export function useSyncNow() {
  const { db, engine } = useLocalData();
  return useCallback(async () => {
    await engine.sync();
    return db.outbox.where('status').equals('pending').count();
  }, [db, engine]);
}
