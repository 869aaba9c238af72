/**
 * A small loader hook for reads that are not yet in the offline store (the public
 * catalogue before sign-in). Keeps the last data, exposes the error and a retry.
 */
import { startTransition, useCallback, useEffect, useState } from 'react';
import type { ApiError } from './api';

export interface Remote<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  retry: () => void;
}

export function useRemote<T>(load: () => Promise<T>, deps: unknown[]): Remote<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: true });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    // What arrives renders as a transition: a list of cards is rendered in slices that
    // leave the main thread to the visitor's taps and scrolls (no long task on a slow phone).
    load().then(
      (data) => live && startTransition(() => setState({ data, loading: false })),
      (error: ApiError) => live && startTransition(() => setState((s) => ({ data: s.data, error, loading: false }))),
    );
    return () => {
      live = false;
    };
    // oxlint-disable-next-line react/exhaustive-deps -- the caller's deps are the loader's, as with useEffect's own
  }, [...deps, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, retry };
}
